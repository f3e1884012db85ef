import { PageHeading } from '../ui/PageHeading.tsx';
import { ROUTES } from '../router/routes.ts';
import { AssetListScreen } from '../features/asset-list/AssetListScreen.tsx';

export function FavoritesPage() {
  return (
    <>
      <PageHeading>{ROUTES.Favorites.label}</PageHeading>
      <AssetListScreen tab="Favorites" />
    </>
  );
}

import { PageHeading } from '../ui/PageHeading.tsx';
import { ROUTES } from '../router/routes.ts';
import { AssetListScreen } from '../features/asset-list/AssetListScreen.tsx';

export function AllContentPage() {
  return (
    <>
      <PageHeading>{ROUTES.AllContent.label}</PageHeading>
      <AssetListScreen tab="AllContent" />
    </>
  );
}

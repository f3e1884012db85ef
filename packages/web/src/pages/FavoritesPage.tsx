import { PageHeading } from '../ui/PageHeading.tsx';
import { ROUTES } from '../app/routes.ts';

export function FavoritesPage() {
  return <PageHeading>{ROUTES.Favorites.label}</PageHeading>;
}

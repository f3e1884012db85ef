import { PageHeading } from '../ui/PageHeading.tsx';
import { ROUTES } from '../router/routes.ts';
import { AssetListScreen } from '../features/asset-list/AssetListScreen.tsx';

export function PublicationOverviewPage() {
  return (
    <>
      <PageHeading>{ROUTES.PublicationOverview.label}</PageHeading>
      <AssetListScreen tab="PublicationOverview" />
    </>
  );
}

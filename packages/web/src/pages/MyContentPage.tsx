import { PageHeading } from '../ui/PageHeading.tsx';
import { ROUTES } from '../router/routes.ts';
import { AssetListScreen } from '../features/asset-list/AssetListScreen.tsx';

export function MyContentPage() {
  return (
    <>
      <PageHeading>{ROUTES.MyContent.label}</PageHeading>
      <AssetListScreen tab="MyContent" />
    </>
  );
}

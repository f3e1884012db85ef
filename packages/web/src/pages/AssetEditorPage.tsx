import { PageHeading } from '../ui/PageHeading.tsx';
import { ROUTES } from '../app/routes.ts';

export function AssetEditorPage() {
  return <PageHeading>{ROUTES.AssetEditor.label}</PageHeading>;
}

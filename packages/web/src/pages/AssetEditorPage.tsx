import { useParams } from '../router/index.ts';
import { AssetEditorScreen } from '../features/asset-editor/AssetEditorScreen.tsx';

/** Spec 002 §2 AssetEditor: changing the id or the locale loads that version afresh. */
export function AssetEditorPage() {
  const { id = '', locale = '' } = useParams();
  return <AssetEditorScreen key={`${id}/${locale}`} id={id} locale={locale} />;
}

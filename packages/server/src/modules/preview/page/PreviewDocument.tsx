import type { PreviewFormat, PreviewView } from '@editor/domain';
import type { PreviewModel } from '../previewModel.ts';
import { ArticlePage } from './ArticlePage.tsx';
import { FeatureCard } from './FeatureCard.tsx';
import { previewStyles } from './previewStyles.ts';

interface PreviewDocumentProps {
  model: PreviewModel;
  view: PreviewView;
  format: PreviewFormat;
  /** Spec 002 §2: the live preview asks with skipTracking=true; the public page otherwise carries the tracking marker. */
  skipTracking: boolean;
}

/** A whole HTML document of the public site's look: inline styles only, no scripts, nothing loaded from elsewhere. */
export function PreviewDocument({ model, view, format, skipTracking }: PreviewDocumentProps) {
  return (
    <html lang={model.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{model.title === '' ? 'Preview' : model.title}</title>
        <style>{previewStyles}</style>
      </head>
      <body className={`format-${format}`}>
        {!skipTracking && <div hidden data-tracking="page-view" />}
        {view === 'page' ? <ArticlePage model={model} /> : <FeatureCard model={model} />}
      </body>
    </html>
  );
}

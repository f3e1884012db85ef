import { renderToStaticMarkup } from 'react-dom/server';
import type { PreviewFormat, PreviewView } from '@editor/domain';
import type { PreviewModel } from '../previewModel.ts';
import { PreviewDocument } from './PreviewDocument.tsx';

/** Server-side rendering of a stored preview as a complete HTML document. */
export function renderPreview(input: { model: PreviewModel; view: PreviewView; format: PreviewFormat; skipTracking: boolean }): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<PreviewDocument {...input} />)}`;
}

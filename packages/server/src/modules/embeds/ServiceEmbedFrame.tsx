import { EMBED_SANDBOX, embedFrameOf, embedHtmlOf } from '@editor/domain';
import type { ServiceEmbedElement } from './previewEmbed.ts';

/**
 * A service embed on the preview page (spec 002 §4): the embed HTML built again from provider and reference id at
 * render time (stored HTML is never used), inside a sandboxed frame; an id that no longer parses shows the label.
 */
export function ServiceEmbedFrame({ element }: { element: ServiceEmbedElement }) {
  const frame = embedFrameOf(element);
  if (!frame) return <div className="placeholder">{element.label}</div>;
  const document = `<!doctype html><html><body style="margin:0">${embedHtmlOf(frame)}</body></html>`;
  return <iframe className="service-embed" title={frame.title} srcDoc={document} sandbox={EMBED_SANDBOX} width="100%" height={frame.height} style={{ border: 0, display: 'block', margin: '24px 0' }} />;
}

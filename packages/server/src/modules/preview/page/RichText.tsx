import { sanitizeHtml } from '../sanitizeHtml.ts';

/** Rich text of the content, reduced to the preview's allow-list before it becomes markup. */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={className ?? 'rich-text'} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}

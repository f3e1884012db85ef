import type { PreviewElement } from '../previewModel.ts';
import { RichText } from './RichText.tsx';
import { TableElement } from './TableElement.tsx';
import { StoryBlock } from './StoryBlocks.tsx';
import { ServiceEmbedFrame } from '../../embeds/ServiceEmbedFrame.tsx';

const GALLERY_DISPLAY_LABELS = { grid: 'Grid', rail: 'Rail' } as const;

/** Spec 001 §3: an inline image's classes by its placement (`inline-image size-S portrait`). */
function placementClass(element: { orientation: string; size: string }): string {
  return ['inline-image', element.size === 'NONE' ? '' : `size-${element.size}`, element.orientation === 'none' ? '' : element.orientation].filter(Boolean).join(' ');
}

/** One element of the story content as the public site shows it. */
export function StoryElement({ element }: { element: PreviewElement }) {
  switch (element.kind) {
    case 'text':
      // Spec 002 §4 anchors: an anchored paragraph carries its url fragment as its id.
      return element.id !== undefined ? (
        <div id={element.id}>
          <RichText html={element.html} />
        </div>
      ) : (
        <RichText html={element.html} />
      );
    case 'headline':
      return (
        <h2 className="headline" id={element.id}>
          {element.text}
        </h2>
      );
    case 'quote':
      return (
        <blockquote className="quote">
          <p>{element.text}</p>
          {element.author !== undefined && <footer>{element.author}</footer>}
        </blockquote>
      );
    case 'list': {
      const items = element.items.map((html, index) => (
        <li key={index}>
          <RichText html={html} className="list-item" />
        </li>
      ));
      return element.isOrdered ? <ol className="list">{items}</ol> : <ul className="list">{items}</ul>;
    }
    case 'embedded':
      return element.asset ? (
        <aside className={element.displayType ? `embedded-card gallery-${element.displayType}` : 'embedded-card'}>
          {element.asset.imageUrl !== undefined && <img src={element.asset.imageUrl} alt="" />}
          <div>
            <span className="kicker">{element.displayType ? `${element.asset.stencilLabel} · ${GALLERY_DISPLAY_LABELS[element.displayType]}` : element.asset.stencilLabel}</span>
            <strong className="embedded-title">{element.asset.title}</strong>
          </div>
        </aside>
      ) : (
        <aside className="embedded-card unavailable">This content is not available.</aside>
      );
    case 'image':
      return <img className={placementClass(element)} src={element.url} alt="" />;
    case 'placeholder':
      return <div className="placeholder">{element.label}</div>;
    case 'service-embed':
      return <ServiceEmbedFrame element={element} />;
    case 'table':
    case 'results-table':
      return <TableElement element={element} />;
    default:
      return <StoryBlock element={element} />;
  }
}

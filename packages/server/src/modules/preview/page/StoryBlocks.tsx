import type { PreviewAnswer, StoryBlockElement } from '../storyElements.ts';
import { RichText } from './RichText.tsx';

const Paragraphs = ({ items }: { items: readonly string[] }) => (
  <>
    {items.map((html, index) => (
      <RichText key={index} html={html} />
    ))}
  </>
);

function Answer({ answer }: { answer: PreviewAnswer }) {
  return (
    <div className="interview-answer">
      {answer.name !== undefined && <strong className="interview-name">{answer.name}</strong>}
      <Paragraphs items={answer.paragraphs} />
    </div>
  );
}

/** The story elements of spec 002 §5 beyond text, headline, quote, lists, embedded content and images. */
export function StoryBlock({ element }: { element: StoryBlockElement }) {
  switch (element.kind) {
    case 'box':
      return (
        <aside className={`box box-${element.variant}`}>
          {element.title !== undefined && <h3 className="box-title">{element.title}</h3>}
          <Paragraphs items={element.paragraphs} />
          {element.author !== undefined && <footer>{element.author}</footer>}
        </aside>
      );
    case 'interview':
      return (
        <section className="interview">
          {element.question !== undefined && <p className="interview-question">{element.question}</p>}
          {element.answers.map((answer, index) => (
            <Answer key={index} answer={answer} />
          ))}
        </section>
      );
    case 'couple':
      return (
        <div className="couple">
          {element.imageUrls.map((url) => (
            <img key={url} src={url} alt="" />
          ))}
        </div>
      );
    case 'text-image':
      return (
        <div className={element.size === 'NONE' ? 'text-image' : `text-image size-${element.size}`}>
          <RichText html={element.html} />
          {element.imageUrl !== undefined && <img className={element.orientation === 'none' ? undefined : element.orientation} src={element.imageUrl} alt="" />}
        </div>
      );
    case 'fact-content':
      return (
        <aside className="box box-facts">
          {element.title !== undefined && <h3 className="box-title">{element.title}</h3>}
          {element.items.map((fact, index) => (
            <div key={index} className="fact-item">
              {fact.headline !== undefined && <h4>{fact.headline}</h4>}
              <Paragraphs items={fact.paragraphs} />
            </div>
          ))}
        </aside>
      );
    case 'info-blocks':
      // Spec 002 §9 info block layout: Horizontal (rail) side by side, Vertical (stack) one below the other.
      return (
        <section className={`info-blocks info-blocks-${element.layout}`} data-layout={element.layout}>
          {element.title !== undefined && <h3 className="box-title">{element.title}</h3>}
          <div className="info-block-list">
            {element.blocks.map((block, index) => (
              <article key={index} className="info-block">
                {block.imageUrl !== undefined && <img src={block.imageUrl} alt="" />}
                <h4>{block.title}</h4>
                {block.html !== undefined && <RichText html={block.html} />}
              </article>
            ))}
          </div>
        </section>
      );
    case 'accordion':
      return (
        <section className="accordion">
          {element.title !== undefined && <h3 className="box-title">{element.title}</h3>}
          {element.sections.map((section, index) => (
            <details key={index}>
              <summary>{section.title}</summary>
              <RichText html={section.html} />
            </details>
          ))}
        </section>
      );
    case 'legal':
      return <RichText html={element.html} className="legal rich-text" />;
    case 'schedule':
      return (
        <section className="schedule">
          {element.title !== undefined && <h3 className="box-title">{element.title}</h3>}
          <ol>
            {element.items.map((entry, index) => (
              <li key={index}>
                <time>{entry.when}</time> <strong>{entry.title}</strong>
                {entry.html !== undefined && <RichText html={entry.html} />}
              </li>
            ))}
          </ol>
        </section>
      );
    case 'cta':
      return (
        <p className={`cta ${element.variant}`}>
          {element.href !== undefined ? (
            <a className="cta-button" href={element.href}>
              {element.label}
            </a>
          ) : (
            <span className="cta-button">{element.label}</span>
          )}
        </p>
      );
    case 'media':
      return (
        <div className="media-box">
          <span className="kicker">{element.label}</span>
          <strong>{element.title}</strong>
        </div>
      );
  }
}

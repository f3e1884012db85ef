import type { PreviewModel } from '../previewModel.ts';
import { RichText } from './RichText.tsx';
import { StoryElement } from './StoryElement.tsx';

/** Spec 002 §2 preview tab Page: the asset as an article of the public site. */
export function ArticlePage({ model }: { model: PreviewModel }) {
  return (
    <main className="page">
      <header className="site-header">
        <span className="site-name">Preview</span>
        <span className="kicker">{model.stencilLabel}</span>
      </header>
      <article className="article">
        {model.heroUrl !== undefined && <img className="hero" src={model.heroUrl} alt="" />}
        <div className="article-body">
          <h1 className="title">{model.title}</h1>
          {model.teaser !== '' && <p className="teaser">{model.teaser}</p>}
          {model.richTexts.map((html, index) => (
            <RichText key={`text-${index}`} html={html} />
          ))}
          {model.elements.map((element, index) => (
            <StoryElement key={index} element={element} />
          ))}
        </div>
      </article>
    </main>
  );
}

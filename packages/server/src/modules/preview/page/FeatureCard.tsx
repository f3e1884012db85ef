import type { PreviewModel } from '../previewModel.ts';

/** Spec 002 §2 preview tab Feature Card: the card that features the asset on the public site. */
export function FeatureCard({ model }: { model: PreviewModel }) {
  return (
    <main className="card-stage">
      <article className="feature-card">
        {model.cardImageUrl !== undefined ? <img className="card-image" src={model.cardImageUrl} alt="" /> : <div className="card-image empty" />}
        <div className="card-body">
          <span className="kicker">{model.stencilLabel}</span>
          <h2 className="card-title">{model.title}</h2>
          {model.teaser !== '' && <p className="card-teaser">{model.teaser}</p>}
        </div>
      </article>
    </main>
  );
}

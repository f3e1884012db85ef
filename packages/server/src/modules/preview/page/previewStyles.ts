/** The preview page's stylesheet, inlined so the page loads nothing; `format-mobile` and `format-desktop` set the layout. */
export const previewStyles = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff;line-height:1.55}
img{display:block;max-width:100%}
.site-header{display:flex;justify-content:space-between;align-items:center;padding:12px 20px;background:#0f1c3f;color:#fff}
.site-name{font-weight:700;letter-spacing:.04em;text-transform:uppercase}
.kicker{display:block;font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.08em;opacity:.75}
.hero{width:100%;aspect-ratio:16/9;object-fit:cover;background:#dfe3ea}
.article-body{margin:0 auto;padding:20px}
.title{margin:16px 0 8px;line-height:1.15}
.teaser{font-size:1.15em;color:#444;margin:0 0 24px}
.headline{margin:32px 0 8px}
.quote{margin:24px 0;padding:8px 0 8px 20px;border-left:4px solid #db0a40;font-size:1.2em;font-style:italic}
.quote footer{font-size:.8em;font-style:normal;color:#555;margin-top:4px}
.list .list-item p{margin:0}
.embedded-card{display:flex;gap:12px;align-items:center;margin:24px 0;padding:12px;border:1px solid #d5d9e0;border-radius:8px;background:#f6f7f9}
.embedded-card img{width:120px;aspect-ratio:4/3;object-fit:cover;border-radius:4px}
.embedded-card.unavailable{color:#666}
.embedded-title{display:block;font-size:1.05em}
.inline-image{display:block;width:100%;margin:24px auto}
.inline-image.size-S{width:33%}
.inline-image.size-M{width:50%}
.inline-image.size-L{width:75%}
.inline-image.landscape{aspect-ratio:16/9;object-fit:cover}
.inline-image.portrait{aspect-ratio:3/4;object-fit:cover}
.placeholder{margin:24px 0;padding:24px;border:1px dashed #aab;color:#667;text-align:center;border-radius:8px}
.story-table{width:100%;margin:24px 0;border-collapse:collapse;font-size:.95em}
.story-table caption{text-align:left;font-weight:700;margin-bottom:8px}
.story-table th,.story-table td{padding:6px 10px;border-bottom:1px solid #dde;text-align:left;vertical-align:top}
.story-table th{background:#f3f5f9}
.table-cell p{margin:0}
.box{margin:24px 0;padding:16px 20px;border-radius:8px;background:#f3f5f9;border-left:4px solid #0f1c3f}
.box-tip{border-left-color:#db0a40}
.box-title{margin:0 0 8px;font-size:1.05em}
.box footer{font-size:.85em;color:#555}
.interview-question{font-weight:700;margin:24px 0 8px}
.interview-name{display:block;margin-top:8px}
.couple{display:grid;grid-template-columns:1fr 1fr;gap:8px;margin:24px 0}
.text-image{display:grid;grid-template-columns:1fr 1fr;gap:16px;align-items:start;margin:24px 0}
.text-image.size-S{grid-template-columns:2fr 1fr}
.text-image.size-L,.text-image.size-XL{grid-template-columns:1fr 2fr}
.text-image img.landscape{aspect-ratio:16/9;object-fit:cover;width:100%}
.text-image img.portrait{aspect-ratio:3/4;object-fit:cover;width:100%}
.info-blocks{margin:24px 0}
.info-blocks-rail .info-block-list{display:flex;gap:12px;overflow-x:auto}
.info-blocks-rail .info-block{flex:0 0 240px}
.info-blocks-stack .info-block-list{display:flex;flex-direction:column;gap:12px}
.info-block{padding:12px;border:1px solid #d5d9e0;border-radius:8px}
.info-block h4{margin:8px 0 4px}
.accordion details{border-bottom:1px solid #d5d9e0;padding:8px 0}
.accordion summary{cursor:pointer;font-weight:600}
.legal{font-size:.8em;color:#555;margin:24px 0}
.schedule ol{list-style:none;padding:0}
.schedule li{padding:8px 0;border-bottom:1px solid #e3e6eb}
.schedule time{color:#555;font-size:.9em}
.cta{margin:24px 0;text-align:center}
.cta-button{display:inline-block;padding:10px 24px;border-radius:24px;background:#db0a40;color:#fff;font-weight:700;text-decoration:none}
.media-box{margin:24px 0;padding:24px;border-radius:8px;background:#0f1c3f;color:#fff}
.media-box strong{display:block}
.card-stage{padding:24px;background:#eef0f4;min-height:100vh}
.feature-card{overflow:hidden;border-radius:12px;background:#fff;box-shadow:0 2px 10px rgba(0,0,0,.12);margin:0 auto}
.card-image{width:100%;aspect-ratio:4/3;object-fit:cover;background:#dfe3ea}
.card-body{padding:16px}
.card-title{margin:4px 0 8px;font-size:1.3em;line-height:1.2}
.card-teaser{margin:0;color:#444}
.format-mobile{font-size:16px}
.format-mobile .title{font-size:28px}
.format-mobile .feature-card{max-width:340px}
.format-desktop{font-size:18px}
.format-desktop .article-body{max-width:760px;padding:32px 0}
.format-desktop .title{font-size:48px}
.format-desktop .hero{aspect-ratio:21/9}
.format-desktop .feature-card{max-width:400px}
`;

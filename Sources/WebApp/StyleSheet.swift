/// The one stylesheet, compiled into the binary so it needs no resource bundle.
enum StyleSheet {
    /// The dark colours, used when the device prefers dark (unless the person chose light)
    /// and when the person chose dark.
    static let darkPalette = """
    --paper: #141312;
    --surface: #1e1c1a;
    --ink: #ece8e1;
    --ink-soft: #cfc9bf;
    --muted: #a49d92;
    --rule: #34312d;
    --accent: #ff8f7e;
    --accent-ink: #1b0d0a;
    --focus: #8ab4ff;
    --warn-bg: #2e2412;
    --warn-ink: #f4d08f;
    --warn-rule: #6b531f;
    --error-bg: #3a1a16;
    --error-ink: #ffb4a8;
    --ok-bg: #13271a;
    --ok-ink: #a6dcb0;
    --ok-rule: #2f5a3a;
    --shadow: 0 1px 2px rgba(0, 0, 0, .4), 0 4px 14px rgba(0, 0, 0, .25);
    --mark: #5c4710;
    """

    static let css = #"""
:root {
  color-scheme: light dark;
  --paper: #faf8f4;
  --surface: #ffffff;
  --ink: #1b1a18;
  --ink-soft: #45423d;
  --muted: #6a655d;
  --rule: #e4dfd6;
  --accent: #a4281b;
  --accent-ink: #ffffff;
  --focus: #1a5fd0;
  --warn-bg: #fff4df;
  --warn-ink: #6b4100;
  --warn-rule: #ecc77e;
  --error-bg: #fde8e6;
  --error-ink: #8a1c12;
  --ok-bg: #e7f3e8;
  --ok-ink: #1d5226;
  --ok-rule: #a9d3ae;
  --shadow: 0 1px 2px rgba(27, 26, 24, .06), 0 4px 14px rgba(27, 26, 24, .06);
  --serif: "Iowan Old Style", "Charter", "Bitstream Charter", "Sitka Text", Cambria, Georgia, "Noto Serif", "DejaVu Serif", serif;
  --sans: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif;
  --mono: ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace;
  --radius: 14px;
  --mark: #fbe3a1;
  --gutter: clamp(16px, 4vw, 40px);
}
@media (prefers-color-scheme: dark) {
  :root:not([data-theme="light"]) {
\#(darkPalette)
  }
}
/* A person's choice in Settings wins over the device's. */
:root[data-theme="dark"] {
  color-scheme: dark;
\#(darkPalette)
}
:root[data-theme="light"] { color-scheme: light; }
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0;
  background: var(--paper);
  color: var(--ink);
  font: 16px/1.5 var(--sans);
  -webkit-font-smoothing: antialiased;
  min-height: 100vh;
  display: flex;
  flex-direction: column;
}
main { flex: 1; width: 100%; max-width: 1180px; margin: 0 auto; padding: 8px var(--gutter) 48px; }
main:focus { outline: none; }
a { color: inherit; }
img { max-width: 100%; height: auto; }
code, pre { font-family: var(--mono); font-size: .92em; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 3px; border-radius: 6px; }
.visually-hidden {
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
.skip-link {
  position: absolute; left: 12px; top: -100px; z-index: 20;
  background: var(--ink); color: var(--paper); padding: 10px 14px; border-radius: 8px; text-decoration: none;
}
.skip-link:focus { top: 12px; }

/* Masthead */
.masthead { border-bottom: 1px solid var(--rule); background: var(--paper); }
.masthead-inner {
  max-width: 1180px; margin: 0 auto; padding: 14px var(--gutter);
  display: flex; align-items: center; justify-content: space-between; gap: 16px;
}
.brand {
  display: inline-flex; align-items: center; gap: 10px; text-decoration: none;
  font: 700 1.35rem/1 var(--serif); letter-spacing: -.01em;
}
.brand svg { width: 30px; height: 30px; border-radius: 8px; flex: none; }
.masthead nav { font-size: .9rem; color: var(--muted); display: flex; gap: 4px; align-items: center; }
.masthead nav a { text-decoration: none; padding: 6px 6px; display: inline-flex; align-items: center; }
.masthead nav a:hover { color: var(--ink); text-decoration: underline; }
.masthead nav a[aria-current="page"] { color: var(--ink); font-weight: 600; }
.site-nav .icon { display: none; }
.icon { width: 20px; height: 20px; flex: none; }

/* Launch screen: shown on first load, then fades away without script. */
.splash {
  position: fixed; inset: 0; z-index: 30; display: flex; flex-direction: column;
  align-items: center; justify-content: center; gap: 18px;
  background: var(--paper);
  animation: splash-out .45s ease-in .7s forwards;
  pointer-events: none;
}
.splash svg { width: 96px; height: 96px; border-radius: 24px; box-shadow: var(--shadow); animation: splash-mark .7s ease-out both; }
.splash-name { font: 700 1.9rem/1 var(--serif); letter-spacing: -.01em; animation: splash-mark .7s ease-out .08s both; }
@keyframes splash-out { to { opacity: 0; visibility: hidden; } }
@keyframes splash-mark { from { opacity: 0; transform: translateY(6px) scale(.96); } to { opacity: 1; transform: none; } }
@media (prefers-reduced-motion: reduce) {
  .splash { display: none; }
}

/* Headings and notices */
.page-heading { display: flex; align-items: baseline; justify-content: space-between; gap: 12px; flex-wrap: wrap; margin: 22px 0 18px; }
.page-heading h1 { font: 700 clamp(1.7rem, 4vw, 2.3rem)/1.1 var(--serif); margin: 0; letter-spacing: -.015em; }
.subtle { color: var(--muted); margin: 0; font-size: .92rem; }
.notice {
  border: 1px solid var(--warn-rule); background: var(--warn-bg); color: var(--warn-ink);
  border-radius: 12px; padding: 12px 16px; margin: 16px 0; font-size: .95rem;
}
.notice p { margin: 0; }
.notice p + p { margin-top: 6px; }
.notice.error { border-color: transparent; background: var(--error-bg); color: var(--error-ink); }
.button {
  display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  font: 600 .95rem/1 var(--sans); padding: 11px 18px; border-radius: 999px;
  border: 1px solid var(--ink); background: var(--ink); color: var(--paper);
  text-decoration: none; cursor: pointer; min-height: 44px;
}
.button.secondary { background: transparent; color: var(--ink); border-color: var(--rule); }
.button:hover { filter: brightness(1.1); }

/* Demo banner */
.demo-banner {
  display: flex; gap: 16px; align-items: center; justify-content: space-between; flex-wrap: wrap;
  background: var(--surface); border: 1px solid var(--rule); border-left: 4px solid var(--accent);
  border-radius: 12px; padding: 16px 18px; margin: 20px 0 4px; box-shadow: var(--shadow);
}
.demo-banner h2 { font: 700 1.05rem/1.3 var(--sans); margin: 0 0 4px; }
.demo-banner p { margin: 0; color: var(--ink-soft); font-size: .94rem; max-width: 62ch; }
.demo-banner form { margin: 0; }

/* Sources grid */
.source-grid {
  list-style: none; margin: 0; padding: 0;
  display: grid; gap: 22px 18px;
  grid-template-columns: repeat(auto-fill, minmax(148px, 1fr));
}
.source-tile { display: flex; flex-direction: column; gap: 8px; text-decoration: none; border-radius: var(--radius); }
.tile-art {
  position: relative; display: block; aspect-ratio: 1 / 1; border-radius: var(--radius); overflow: hidden;
  box-shadow: var(--shadow); background: var(--surface); transition: transform .15s ease, box-shadow .15s ease;
}
.tile-art svg, .tile-art img { position: absolute; inset: 0; width: 100%; height: 100%; display: block; }
.tile-art img { object-fit: cover; }
/* A site icon brings its own shape: paper behind it hides the monogram drawn as a fallback. */
.tile-art.has-icon { box-shadow: none; background: transparent; }
.tile-art.has-icon img { background: var(--paper); }
/* The fallback sits inside the rounded corners (5px clears a 14px radius), so no sliver of
   it shows through the anti-aliased edge above it. */
.tile-art.has-icon svg { inset: 5px; width: calc(100% - 10px); height: calc(100% - 10px); }
.source-tile:hover .tile-art { transform: translateY(-2px); box-shadow: 0 2px 4px rgba(0,0,0,.08), 0 10px 24px rgba(0,0,0,.10); }
.tile-name { font: 600 1rem/1.25 var(--sans); overflow-wrap: anywhere; }
.tile-meta { color: var(--muted); font-size: .82rem; line-height: 1.3; margin-top: -4px; }
.tile-demo {
  position: absolute; left: 8px; bottom: 8px; z-index: 2;
  background: rgba(255, 255, 255, .92); color: #1b1a18; border-radius: 999px;
  font: 700 .68rem/1 var(--sans); letter-spacing: .04em; text-transform: uppercase; padding: 4px 7px;
}
.tile-unread {
  position: absolute; top: 8px; left: 8px; z-index: 2; min-width: 24px; text-align: center;
  background: var(--accent); color: var(--accent-ink); border-radius: 999px;
  font: 700 .74rem/1 var(--sans); padding: 5px 7px; box-shadow: var(--shadow);
}
.tile-error {
  position: absolute; top: 8px; right: 8px; z-index: 2;
  background: var(--error-bg); color: var(--error-ink); border-radius: 999px;
  font: 700 .72rem/1 var(--sans); padding: 5px 8px; box-shadow: var(--shadow);
}
.empty-state { max-width: 40rem; margin: 12vh auto; text-align: center; }
.empty-state h1 { font: 700 2rem/1.2 var(--serif); margin: 0 0 12px; }
.empty-state p { color: var(--ink-soft); }
.empty-state pre {
  text-align: left; background: var(--surface); border: 1px solid var(--rule); border-radius: 12px;
  padding: 14px 16px; overflow-x: auto;
}

/* Source header and article list */
.breadcrumb { margin: 18px 0 0; font-size: .92rem; }
.breadcrumb a { color: var(--muted); text-decoration: none; }
.breadcrumb a:hover { color: var(--ink); text-decoration: underline; }
.source-header { display: flex; gap: 16px; align-items: center; margin: 14px 0 8px; max-width: 860px; }
.source-header .tile-art { width: 64px; flex: none; border-radius: 14px; }
.source-header h1 { font: 700 clamp(1.6rem, 4vw, 2.2rem)/1.1 var(--serif); margin: 0 0 4px; letter-spacing: -.015em; }
.source-header p { margin: 0; color: var(--muted); font-size: .92rem; }
.source-header p a { color: var(--muted); }
.source-header { flex-wrap: wrap; }
.source-heading { flex: 1; min-width: 0; }
.source-actions { margin: 0; flex: none; }
.source-actions .button { font-size: .85rem; padding: 8px 14px; }
.article-list { list-style: none; margin: 8px 0 0; padding: 0; max-width: 860px; }
.article-row {
  border-bottom: 1px solid var(--rule);
  display: grid; grid-template-columns: 1fr 112px; gap: 16px; align-items: start; padding: 18px 0;
}
.row-text { min-width: 0; }
.row-link, .row-image-link { text-decoration: none; display: block; border-radius: 8px; }
/* Read articles fade: the person's own state where there is one, else the browser's history. */
.article-row.is-read .row-title, .article-row:not(.is-read) .row-link:visited .row-title { color: var(--muted); }
.article-row.is-read .row-summary { color: var(--muted); }
.row-link:hover .row-title { text-decoration: underline; text-decoration-thickness: 1px; text-underline-offset: 3px; }
.row-footer { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.row-actions { display: flex; gap: 2px; margin: -6px -6px -6px 0; }
.row-actions form, .article-toolbar form { margin: 0; }
.icon-button {
  display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px;
  border: 0; border-radius: 999px; background: transparent; color: var(--muted); cursor: pointer; padding: 0;
}
.icon-button:hover { background: var(--surface); color: var(--ink); }
.icon-button.is-on, .article-toolbar .is-on { color: var(--accent); }
.star-mark { color: var(--accent); font-size: .9em; }
.unread-mark { color: var(--accent); font-weight: 600; }
.row-title { font: 650 1.16rem/1.3 var(--serif); margin: 0 0 6px; letter-spacing: -.005em; overflow-wrap: anywhere; }
.row-summary {
  margin: 0 0 8px; color: var(--ink-soft); font-size: .94rem; line-height: 1.45;
  display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden;
}
.row-meta { margin: 0; color: var(--muted); font-size: .82rem; }
.row-image {
  width: 112px; height: 112px; border-radius: 10px; object-fit: cover; display: block;
  background: var(--surface); border: 1px solid var(--rule);
}
.article-row.no-image { grid-template-columns: minmax(0, 1fr); }
.pagination { display: flex; align-items: center; justify-content: space-between; gap: 12px; margin: 24px 0 0; max-width: 860px; }
.pagination .subtle { text-align: center; flex: 1; }
.pagination .spacer { min-width: 110px; }

/* Article */
.article { max-width: 42rem; margin: 0 auto; }
.article-header { margin: 18px 0 20px; }
.kicker { margin: 0 0 10px; font: 700 .78rem/1 var(--sans); letter-spacing: .08em; text-transform: uppercase; }
.kicker a { color: var(--accent); text-decoration: none; }
.kicker a:hover { text-decoration: underline; }
.article-header h1 {
  font: 700 clamp(1.8rem, 5vw, 2.6rem)/1.14 var(--serif); letter-spacing: -.018em; margin: 0 0 14px;
  overflow-wrap: anywhere;
}
.byline { margin: 0; color: var(--muted); font-size: .92rem; }
.byline strong { color: var(--ink-soft); font-weight: 600; }
.lead-image { margin: 0 0 24px; }
.lead-image img { width: 100%; border-radius: 12px; display: block; background: var(--surface); }
.article-body { font: 1.14rem/1.72 var(--serif); color: var(--ink); overflow-wrap: break-word; }
.article-body > :first-child { margin-top: 0; }
.article-body p, .article-body ul, .article-body ol, .article-body blockquote, .article-body figure, .article-body pre, .article-body table { margin: 0 0 1.1em; }
.article-body h2, .article-body h3, .article-body h4 { font-family: var(--serif); line-height: 1.25; margin: 1.6em 0 .5em; }
.article-body h2 { font-size: 1.45rem; }
.article-body h3 { font-size: 1.22rem; }
.article-body a { color: var(--accent); text-underline-offset: 2px; }
.article-body img, .article-body video { border-radius: 8px; height: auto; }
.article-body figure { margin-left: 0; margin-right: 0; }
/* A picture that could not be shown: its text, small, where it stood. */
.image-missing {
  display: inline-block; max-width: 100%; padding: 6px 10px; border: 1px dashed var(--rule); border-radius: 8px;
  color: var(--muted); font: italic .85rem/1.4 var(--sans);
}
.image-missing::before { content: "Picture not shown: "; font-style: normal; }
.offline-copy { max-width: 42rem; margin: 16px auto 0; }
.article-body figcaption { font: .85rem/1.4 var(--sans); color: var(--muted); margin-top: 6px; }
.article-body blockquote { border-left: 3px solid var(--accent); margin-left: 0; padding: 2px 0 2px 18px; color: var(--ink-soft); font-style: italic; }
.article-body pre { background: var(--surface); border: 1px solid var(--rule); border-radius: 8px; padding: 12px 14px; overflow-x: auto; line-height: 1.45; font-size: .88rem; }
.article-body table { border-collapse: collapse; display: block; overflow-x: auto; font: .92rem/1.4 var(--sans); }
.article-body th, .article-body td { border: 1px solid var(--rule); padding: 6px 8px; }
.article-body hr { border: 0; border-top: 1px solid var(--rule); margin: 2em 0; }
.article-footer {
  margin: 32px 0 0; padding-top: 20px; border-top: 1px solid var(--rule);
  display: flex; gap: 12px; flex-wrap: wrap; align-items: center;
}
.view-switch { color: var(--muted); font-size: .9rem; }
.colophon { border-top: 1px solid var(--rule); color: var(--muted); font-size: .82rem; }
.colophon div { max-width: 1180px; margin: 0 auto; padding: 18px var(--gutter) 28px; }
.colophon a { color: var(--muted); }
.add-source { max-width: 36rem; }
.add-source h1 { font: 700 clamp(1.7rem, 4vw, 2.3rem)/1.1 var(--serif); margin: 8px 0 6px; }
.add-form { display: grid; gap: 6px; margin-top: 18px; }
.import-source { margin-top: 40px; padding-top: 8px; border-top: 1px solid var(--rule); }
.import-source h2 { font: 700 1.35rem/1.2 var(--serif); margin: 18px 0 6px; }
.export-link { margin-top: 18px; }
.add-form label { font: 600 .9rem/1.3 var(--sans); margin-top: 10px; }
.add-form label .subtle { font-weight: 400; }
.add-form input, .add-form select {
  font: 1rem/1.4 var(--sans); color: var(--ink); background: var(--surface); padding: 10px 12px;
  border: 1px solid var(--rule); border-radius: 10px; width: 100%; box-sizing: border-box;
}
.add-form input:focus, .add-form select:focus { outline: 2px solid var(--accent); outline-offset: 1px; }
.add-form .button { justify-self: start; margin-top: 16px; }
.search-page, .api-page { max-width: 860px; }
.search-page h1, .api-page h1 { font: 700 clamp(1.7rem, 4vw, 2.3rem)/1.1 var(--serif); margin: 22px 0 14px; letter-spacing: -.015em; }
.search-form { display: flex; gap: 10px; margin: 0 0 18px; }
.search-form input {
  flex: 1; min-width: 0; font: 1rem/1.4 var(--sans); color: var(--ink); background: var(--surface);
  padding: 10px 14px; border: 1px solid var(--rule); border-radius: 999px;
}
.search-form input:focus { outline: 2px solid var(--accent); outline-offset: 1px; }
.search-summary { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; flex-wrap: wrap; }
.search-summary .view-switch { margin: 0; }
.row-source { color: var(--ink-soft); font-weight: 600; }
.article-row mark { background: var(--mark); color: var(--ink); border-radius: 3px; padding: 0 .08em; }
.api-page h2 { font: 700 1.3rem/1.2 var(--serif); margin: 28px 0 8px; }
.api-page pre { background: var(--surface); border: 1px solid var(--rule); border-radius: 8px; padding: 12px 14px; overflow-x: auto; font-size: .88rem; }
.api-endpoints dt { margin-top: 14px; font-weight: 600; }
.api-endpoints dd { margin: 4px 0 0; color: var(--ink-soft); }
.error-page { max-width: 36rem; margin: 10vh auto; }
.error-page h1 { font: 700 2rem/1.2 var(--serif); margin: 0 0 12px; }
.error-page p { color: var(--ink-soft); }
.form-page { max-width: 36rem; }
.form-page.narrow { max-width: 26rem; margin: 0 auto; }
.form-page.settings { max-width: 40rem; }
.form-page h1 { font: 700 clamp(1.7rem, 4vw, 2.3rem)/1.1 var(--serif); margin: 22px 0 10px; letter-spacing: -.015em; }
.stacked-form { display: grid; gap: 6px; margin-top: 14px; }
.stacked-form label { font: 600 .9rem/1.3 var(--sans); margin-top: 10px; }
.stacked-form label .subtle { font-weight: 400; }
.stacked-form label.choice, .choice { font-weight: 400; display: flex; gap: 8px; align-items: center; margin-top: 6px; }
.stacked-form input:not([type=radio]):not([type=checkbox]), .stacked-form select, .inline-form input {
  font: 1rem/1.4 var(--sans); color: var(--ink); background: var(--surface); padding: 10px 12px;
  border: 1px solid var(--rule); border-radius: 10px; width: 100%;
}
.stacked-form input:focus, .stacked-form select:focus, .inline-form input:focus { outline: 2px solid var(--accent); outline-offset: 1px; }
.stacked-form fieldset { border: 0; padding: 0; margin: 10px 0 0; }
.stacked-form legend { font: 600 .9rem/1.3 var(--sans); padding: 0; margin-bottom: 2px; }
input[type=radio], input[type=checkbox] { width: 20px; height: 20px; accent-color: var(--accent); margin: 0; }
.form-footnote { margin-top: 18px; }
.settings-section { border-top: 1px solid var(--rule); margin-top: 28px; padding-top: 6px; }
.settings-section h2 { font: 700 1.35rem/1.2 var(--serif); margin: 16px 0 6px; }
.settings-section h3 { font: 700 1.05rem/1.3 var(--sans); margin: 22px 0 6px; }
.settings-section form { margin: 10px 0 0; }
.item-list { list-style: none; margin: 8px 0; padding: 0; }
.item-list li { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 10px 0; border-bottom: 1px solid var(--rule); }
.item-list li > div:first-child { min-width: 0; }
.item-name { font-weight: 600; overflow-wrap: anywhere; }
.item-meta { display: block; color: var(--muted); font-size: .84rem; }
.item-actions { display: flex; gap: 6px; flex-wrap: wrap; justify-content: flex-end; }
.item-actions form { margin: 0; }
.inline-form { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.inline-form label { font-weight: 600; font-size: .9rem; }
.inline-form input { flex: 1; min-width: 10rem; width: auto; }
.badge { display: inline-block; font: 700 .7rem/1 var(--sans); letter-spacing: .04em; text-transform: uppercase; color: var(--muted); border: 1px solid var(--rule); border-radius: 999px; padding: 3px 6px; margin-left: 4px; }
code.secret { display: inline-block; font-size: 1rem; padding: 6px 8px; background: var(--surface); border-radius: 6px; overflow-wrap: anywhere; }
.button.small { font-size: .85rem; padding: 7px 12px; min-height: 36px; }
.button.is-disabled { opacity: .45; cursor: default; }
.list-controls { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; margin: 6px 0 4px; max-width: 860px; }
.list-controls form { margin: 0 0 0 auto; }
.empty-list { margin: 24px 0; }
.folder-title { font: 700 1.3rem/1.2 var(--serif); margin: 32px 0 14px; display: flex; align-items: baseline; gap: 10px; }
.folder-title a { text-decoration: none; }
.folder-title a:hover { text-decoration: underline; }
.folder-title .count { font: 400 .88rem/1 var(--sans); color: var(--muted); }
.accounts-note { margin-top: 36px; }
.article-toolbar { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; margin: 0 0 22px; }
.article-toolbar .button { font-size: .88rem; padding: 8px 14px; min-height: 40px; }
.article-toolbar a[rel=next] { margin-left: auto; }
.article-toolbar span.button:last-child { margin-left: auto; }
.notice.success { border-color: var(--ok-rule); background: var(--ok-bg); color: var(--ok-ink); }
.heading-actions, .source-actions, .form-actions { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
.heading-actions form, .source-actions form { margin: 0; }
.refresh-status { margin: 4px 0 0; font-size: .85rem; }
.field-hint { font-size: .84rem; margin: 2px 0 0; }
.field-static { margin: 10px 0 0; font-size: .9rem; overflow-wrap: anywhere; }
.field-label { font-weight: 600; margin-right: 6px; }
.form-actions { margin-top: 16px; }
.add-form .form-actions .button { margin-top: 0; }
.danger-zone { max-width: 36rem; margin-top: 40px; padding-top: 8px; border-top: 1px solid var(--rule); }
.danger-zone h2 { font: 700 1.2rem/1.2 var(--serif); margin: 18px 0 6px; }
.danger-zone form { margin-top: 12px; }
.shortcut-help {
  border: 1px solid var(--rule); border-radius: var(--radius); background: var(--surface); color: var(--ink);
  padding: 20px 22px; max-width: min(26rem, calc(100vw - 32px)); box-shadow: var(--shadow);
}
.shortcut-help::backdrop { background: rgba(0, 0, 0, .35); }
.shortcut-help h2 { font: 700 1.25rem/1.2 var(--serif); margin: 0 0 12px; }
.shortcut-help dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 14px; margin: 0 0 16px; font-size: .92rem; }
.shortcut-help dt { white-space: nowrap; color: var(--muted); }
.shortcut-help dd { margin: 0; }
kbd {
  font: 600 .8rem/1 var(--mono); color: var(--ink); background: var(--paper); border: 1px solid var(--rule);
  border-bottom-width: 2px; border-radius: 5px; padding: 2px 6px;
}
.button.danger { background: transparent; color: var(--error-ink); border-color: currentColor; }

/* Stories: the home page's top stories, "Also covered by" on an article, and a story's other
   sources folded under its row in the unread list. */
.top-stories { margin: 8px 0 28px; }
.top-stories-title { font: 700 1.3rem/1.2 var(--serif); margin: 20px 0 14px; }
.story-row {
  list-style: none; margin: 0; padding: 0; display: grid; gap: 18px 16px;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
}
.story-card { min-width: 0; }
.story-link { display: block; text-decoration: none; border-radius: 10px; }
.story-image {
  display: block; width: 100%; aspect-ratio: 16 / 9; object-fit: cover; border-radius: 10px;
  background: var(--surface); border: 1px solid var(--rule); margin-bottom: 8px;
}
.story-title { font: 650 1.05rem/1.3 var(--serif); margin: 0 0 4px; overflow-wrap: anywhere; }
.story-link:hover .story-title { text-decoration: underline; text-decoration-thickness: 1px; text-underline-offset: 3px; }
.story-meta { margin: 0; color: var(--muted); font-size: .82rem; }
.story-count { color: var(--accent); font-weight: 700; }
.also-covered { max-width: 42rem; margin: 28px auto 0; border-top: 1px solid var(--rule); padding-top: 16px; }
.also-covered h2 { font: 700 1.05rem/1.3 var(--sans); margin: 0 0 8px; }
.also-covered ul { margin: 0; padding: 0 0 0 1.1em; }
.also-covered li { margin: 0 0 8px; }
.also-covered .also-source { font-weight: 600; }
.story-fold { grid-column: 1 / -1; margin: 4px 0 0; font-size: .9rem; }
.story-fold summary { cursor: pointer; color: var(--muted); padding: 6px 0; min-height: 24px; }
.story-fold summary:hover { color: var(--ink); }
.story-fold ol { list-style: none; margin: 0; padding: 0 0 0 14px; border-left: 3px solid var(--rule); }
.story-fold .article-row { padding: 12px 0; grid-template-columns: minmax(0, 1fr); }
.story-fold .article-row:last-child { border-bottom: 0; }
.story-fold .row-image-link { display: none; }
.story-fold .row-title { font-size: 1rem; }

@media (max-width: 600px) {
  body { font-size: 15px; }
  .source-grid { grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 18px 12px; }
  .tile-name { font-size: .88rem; }
  .tile-meta { font-size: .74rem; }
  .tile-error { top: 5px; right: 5px; font-size: .64rem; padding: 4px 6px; }
  .tile-demo { left: 5px; bottom: 5px; font-size: .6rem; }
  .article-row { grid-template-columns: 1fr 84px; gap: 12px; padding: 15px 0; }
  .article-row.no-image { grid-template-columns: minmax(0, 1fr); }
  .row-image { width: 84px; height: 84px; }
  .row-title { font-size: 1.04rem; }
  .row-summary { -webkit-line-clamp: 2; font-size: .88rem; }
  /* A row to swipe through: every card holds a link, so the keyboard reaches each one. */
  .story-row { grid-template-columns: none; grid-auto-flow: column; grid-auto-columns: 74%; gap: 12px; overflow-x: auto; scroll-snap-type: x mandatory; padding-bottom: 6px; }
  .story-card { scroll-snap-align: start; }
  .article-body { font-size: 1.08rem; line-height: 1.68; }
  .masthead nav .wide { display: none; }
  /* Under the thumb: the site's sections become a bar at the bottom of the screen. */
  body { padding-bottom: calc(64px + env(safe-area-inset-bottom)); }
  .site-nav {
    position: fixed; left: 0; right: 0; bottom: 0; z-index: 10; justify-content: space-around; gap: 0;
    background: var(--paper); border-top: 1px solid var(--rule);
    padding: 4px 4px calc(4px + env(safe-area-inset-bottom));
  }
  .masthead .site-nav a { flex-direction: column; gap: 2px; font-size: .7rem; padding: 6px 4px; min-width: 56px; min-height: 48px; justify-content: center; }
  .masthead .site-nav a:hover { text-decoration: none; }
  .masthead .site-nav a[aria-current="page"] { color: var(--accent); }
  .site-nav .icon { display: block; width: 22px; height: 22px; }
  /* On an article the bar is the article's own: previous, read, star, next. */
  .page-article .site-nav { display: none; }
  .article-toolbar {
    position: fixed; left: 0; right: 0; bottom: 0; z-index: 10; margin: 0; flex-wrap: nowrap; justify-content: space-between;
    background: var(--paper); border-top: 1px solid var(--rule); padding: 6px 8px calc(6px + env(safe-area-inset-bottom));
  }
  .article-toolbar .button { border: 0; background: transparent; color: var(--ink); padding: 8px 6px; flex-direction: column; gap: 2px; font-size: .7rem; min-height: 48px; }
  .article-toolbar a[rel=next], .article-toolbar span.button:last-child { margin-left: 0; flex-direction: column-reverse; }
  .heading-actions .button { font-size: .85rem; padding: 8px 12px; min-height: 40px; }
  .article-toolbar .button .icon { width: 22px; height: 22px; }
  .demo-banner { padding: 14px; }
  .demo-banner .button { width: 100%; }
  .source-header { align-items: flex-start; }
  .source-actions { flex-basis: 100%; }
}
@media print {
  .masthead, .colophon, .article-footer, .splash, .demo-banner, .article-toolbar, .row-actions { display: none; }
  body { background: #fff; color: #000; }
}
"""#
}

/**
 * The pages the landing page's captures are made from (issue #20 point 4): shipped in the repo as
 * strings, rendered by this server's own screenshot engine as `html` input, so no network is
 * needed and nothing on them is drawn by hand. Everything is fictional sample content.
 */

const STORE_STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1f2937; background: #f8fafc; }
  header { display: flex; align-items: center; justify-content: space-between; padding: 18px 32px; background: #0f172a; color: #fff; }
  header b { font-size: 22px; letter-spacing: -0.02em; }
  nav a { color: #cbd5e1; margin-left: 20px; text-decoration: none; }
  .hero { padding: 56px 32px; background: linear-gradient(135deg, #4f46e5, #0ea5e9); color: #fff; }
  .hero h1 { margin: 0 0 8px; font-size: 44px; line-height: 1.1; }
  .hero p { margin: 0; font-size: 20px; opacity: 0.9; }
  .grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: 20px; padding: 32px; }
  .card { background: #fff; border-radius: 14px; padding: 18px; box-shadow: 0 1px 3px #0f172a22; }
  .card svg { width: 100%; height: 120px; }
  .card h2 { margin: 10px 0 4px; font-size: 18px; }
  .price { color: #4f46e5; font-weight: 700; }
  @media (max-width: 600px) {
    header { padding: 14px 18px; }
    nav { display: none; }
    .hero { padding: 32px 18px; }
    .hero h1 { font-size: 30px; }
    .grid { grid-template-columns: 1fr; padding: 18px; gap: 14px; }
  }`;

function bike(color: string): string {
  return `<svg viewBox="0 0 200 120" aria-hidden="true"><circle cx="50" cy="80" r="32" fill="none" stroke="${color}" stroke-width="7"/><circle cx="150" cy="80" r="32" fill="none" stroke="${color}" stroke-width="7"/><path d="M50 80 L85 40 L130 40 L150 80 M85 40 L100 80 L130 40 M80 30 h18 M125 30 h15" fill="none" stroke="#1f2937" stroke-width="6" stroke-linecap="round"/></svg>`;
}

const STORE_BODY = `
  <header><b>Acme Bikes</b><nav><a href="#">City</a><a href="#">Road</a><a href="#">Kids</a><a href="#">Sale</a></nav></header>
  <section class="hero"><h1>Spring sale: ride further</h1><p>Sample store · every bike ships assembled</p></section>
  <main class="grid">
    <article class="card">${bike("#4f46e5")}<h2>Commuter 3</h2><span class="price">€ 649</span></article>
    <article class="card">${bike("#0ea5e9")}<h2>Gravel Pro</h2><span class="price">€ 1,290</span></article>
    <article class="card">${bike("#f59e0b")}<h2>Kids 20"</h2><span class="price">€ 279</span></article>
  </main>`;

export const STORE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Acme Bikes</title><style>${STORE_STYLE}</style></head><body>${STORE_BODY}</body></html>`;

/**
 * The same store with a consent banner in the markup of the Complianz plugin, which blockCookies
 * recognises (DuckDuckGo autoconsent's rule) and answers with "Deny". The banner hides itself
 * before it records the choice: a page given as html has no origin, so its cookie write fails.
 */
export const STORE_WITH_CONSENT_PAGE = STORE_PAGE.replace(
  "</body>",
  `<div id="cmplz-cookiebanner-container"><div class="cmplz-cookiebanner cmplz-show" role="dialog" aria-label="Manage cookie consent">
    <p><b>We value your privacy.</b> We and our 214 partners use cookies to personalise ads and measure everything you do.</p>
    <div><button class="cmplz-btn cmplz-deny">Deny</button><button class="cmplz-btn cmplz-accept">Accept all</button></div>
  </div></div>
  <style>
    #cmplz-cookiebanner-container .cmplz-cookiebanner { position: fixed; left: 0; right: 0; bottom: 0; padding: 24px 32px; background: #fff; border-top: 4px solid #e11d48; box-shadow: 0 -8px 30px #0f172a33; display: flex; gap: 24px; align-items: center; justify-content: space-between; flex-wrap: wrap; z-index: 99; }
    #cmplz-cookiebanner-container .cmplz-cookiebanner.cmplz-dismissed { display: none; }
    .cmplz-btn { font: inherit; padding: 10px 18px; border-radius: 8px; border: 1px solid #cbd5e1; background: #fff; margin-left: 8px; }
    .cmplz-accept { background: #e11d48; color: #fff; border-color: #e11d48; }
  </style>
  <script>
    const banner = document.querySelector(".cmplz-cookiebanner");
    for (const [cls, status] of [["cmplz-accept", "allow"], ["cmplz-deny", "deny"]]) {
      banner.querySelector("." + cls).addEventListener("click", () => {
        banner.classList.add("cmplz-dismissed");
        try { document.cookie = "cmplz_banner-status=dismissed; path=/"; document.cookie = "cmplz_marketing=" + status + "; path=/"; } catch {}
      });
    }
  </script></body>`,
);

/** An invoice with print CSS, page breaks and a running footer: what POST /v1/screenshot is used for. */
export const INVOICE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Invoice 2025-0142</title><style>
  body { margin: 0; font: 13px/1.5 system-ui, sans-serif; color: #111827; }
  .sheet { padding: 48px; }
  .top { display: flex; justify-content: space-between; align-items: flex-start; }
  .top h1 { margin: 0; font-size: 30px; color: #4f46e5; }
  table { width: 100%; border-collapse: collapse; margin-top: 32px; }
  th, td { text-align: left; padding: 10px 8px; border-bottom: 1px solid #e5e7eb; }
  th { font-size: 11px; text-transform: uppercase; letter-spacing: 0.05em; color: #6b7280; }
  td.n, th.n { text-align: right; }
  .total td { font-weight: 700; font-size: 16px; border-bottom: none; }
  .note { margin-top: 40px; padding: 16px; background: #eef2ff; border-radius: 8px; }
  @media print { .note { break-inside: avoid; } }
</style></head><body><div class="sheet">
  <div class="top"><div><h1>Invoice</h1><div>No. 2025-0142 · 14 March 2025</div></div>
  <div style="text-align:right"><b>Acme Bikes GmbH</b><br>Sample Street 1<br>10115 Berlin</div></div>
  <p style="margin-top:32px"><b>Billed to</b><br>Jane Example<br>Example Road 9, 80331 Munich</p>
  <table><thead><tr><th>Item</th><th class="n">Qty</th><th class="n">Price</th><th class="n">Amount</th></tr></thead><tbody>
    <tr><td>Gravel Pro, size M</td><td class="n">1</td><td class="n">€ 1,290.00</td><td class="n">€ 1,290.00</td></tr>
    <tr><td>Helmet, spring sale (−30 %)</td><td class="n">1</td><td class="n">€ 62.30</td><td class="n">€ 62.30</td></tr>
    <tr><td>Assembly and delivery</td><td class="n">1</td><td class="n">€ 0.00</td><td class="n">€ 0.00</td></tr>
    <tr class="total"><td colspan="3">Total (incl. 19 % VAT)</td><td class="n">€ 1,352.30</td></tr>
  </tbody></table>
  <div class="note">Sample invoice rendered to PDF by Glance from HTML: print CSS, A4, a running footer with page numbers.</div>
</div></body></html>`;

/** Release notes long enough to scroll through: the docs' scroll video (D26) is made from it. */
export const RELEASE_NOTES_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Bikes · What's new</title><style>
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.55 system-ui, sans-serif; color: #1f2937; background: #f8fafc; }
  header { padding: 40px 48px; background: linear-gradient(135deg, #4f46e5, #0ea5e9); color: #fff; }
  header h1 { margin: 0; font-size: 40px; letter-spacing: -0.02em; }
  main { max-width: 760px; margin: 0 auto; padding: 32px 24px 80px; }
  article { background: #fff; border-radius: 14px; padding: 22px 26px; margin-bottom: 22px; box-shadow: 0 1px 3px #0f172a22; }
  article h2 { margin: 6px 0 8px; font-size: 22px; }
  .tag { display: inline-block; font-size: 12px; font-weight: 700; padding: 2px 10px; border-radius: 99px; background: #eef2ff; color: #4f46e5; }
  .bar { height: 10px; border-radius: 5px; background: linear-gradient(90deg, #f59e0b, #ef4444); margin-top: 12px; }
  footer { text-align: center; color: #64748b; padding: 40px; }
</style></head><body>
<header><h1>What's new at Acme Bikes</h1><p>Sample release notes · every entry fictional</p></header>
<main>${[
  ["v4.2", "Gravel Pro in three new colours", "Sand, moss and night blue, with matching bar tape."],
  ["v4.1", "Same-day assembly in Berlin", "Order before noon and ride home in the evening."],
  ["v4.0", "The new Commuter 3", "A belt drive, hub gears and lights that charge while you ride."],
  ["v3.9", "Kids' bikes, now from 16 inches", "Lighter frames and brakes sized for small hands."],
  ["v3.8", "Trade in your old bike", "We check it, price it and take it off your hands."],
  ["v3.7", "Service plans", "Two check-ups a year and a loan bike while yours is with us."],
  ["v3.6", "A store in Munich", "Test rides on the Isar every Saturday morning."],
]
  .map(
    ([v, title, text]) =>
      `<article><span class="tag">${v}</span><h2>${title}</h2><p>${text}</p><div class="bar"></div></article>`,
  )
  .join("")}</main>
<footer>Acme Bikes · sample content made for Glance's documentation</footer>
</body></html>`;

/** A help page whose answer opens on a click, with a search field: the docs' steps video (D26). */
export const HELP_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Bikes · Help</title><style>
  * { box-sizing: border-box; }
  body { margin: 0; font: 17px/1.5 system-ui, sans-serif; color: #1f2937; background: #f8fafc; }
  .wrap { max-width: 720px; margin: 0 auto; padding: 40px 24px; }
  h1 { margin: 0 0 18px; font-size: 34px; }
  input { width: 100%; font: inherit; padding: 12px 16px; border: 2px solid #cbd5e1; border-radius: 10px; }
  input:focus { outline: none; border-color: #4f46e5; }
  button { display: block; width: 100%; margin-top: 22px; text-align: left; font: 600 19px system-ui, sans-serif; padding: 16px 20px; border: 0; border-radius: 12px; background: #fff; box-shadow: 0 1px 3px #0f172a22; cursor: pointer; }
  button:hover { background: #eef2ff; }
  .answer { overflow: hidden; max-height: 0; opacity: 0; transition: max-height 600ms ease, opacity 600ms ease; background: #fff; border-radius: 0 0 12px 12px; padding: 0 20px; }
  .answer.open { max-height: 240px; opacity: 1; }
  .answer p { margin: 14px 0; }
</style></head><body><div class="wrap">
  <h1>How can we help?</h1>
  <input id="search" placeholder="Search the help pages" autocomplete="off">
  <button id="delivery" onclick="document.getElementById('delivery-answer').classList.toggle('open')">When will my bike arrive?</button>
  <div class="answer" id="delivery-answer"><p>Bikes in stock leave our workshop within two working days, assembled and tested. You get a tracking link by e-mail as soon as yours is on its way.</p><p>This is sample content made for Glance's documentation.</p></div>
  <button>Can I return a bike?</button>
  <button>Do you service bikes bought elsewhere?</button>
</div></body></html>`;

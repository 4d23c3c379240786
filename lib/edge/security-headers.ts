/**
 * The headers every page of the site carries (D14, issue 43): a Content-Security-Policy whose
 * scripts must bear this request's nonce, no framing anywhere, a referrer that leaves the site as
 * its origin only, no powerful browser features, no MIME sniffing.
 *
 * Scripts: Next reads the nonce from the request's Content-Security-Policy header and puts it on
 * its own scripts (the runtime, the page's chunks, the inline flight data), and 'strict-dynamic'
 * lets those load the chunks they import. A nonce is new on every request, so every page is
 * rendered per request (app/layout.tsx awaits `connection()`): a page built ahead would carry no
 * nonce and none of its scripts would run.
 *
 * Styles keep 'unsafe-inline': React's `style` attributes (the charts, the comparison slider)
 * cannot carry a nonce, and a nonce in style-src would turn 'unsafe-inline' off. Injected CSS can
 * restyle a page; it cannot run code.
 *
 * form-action is 'self' except where a form leaves the site on purpose: sign-in (GitHub), the
 * OAuth consent (the client's registered redirect URI, loopback http for native clients), billing
 * (Stripe's checkout and portal). Chromium checks form-action on the redirect after the post too.
 */
const FORMS_LEAVE_THE_SITE = [/^\/signin(?:\/|$)/, /^\/oauth\/authorize(?:\/|$)/, /^\/dashboard\/billing(?:\/|$)/];

export interface PageSecurity {
  /** Set on the request Next renders, so it can put the nonce on its scripts. */
  requestHeaders: Record<string, string>;
  /** Set on the answer. */
  responseHeaders: Record<string, string>;
}

/** A fresh nonce: 128 random bits, base64. */
function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The policy for one page request. `appOrigin` is APP_URL's origin: stored results and the
 * playground's calls are addressed there, which is this site unless the page was reached by
 * another host name.
 */
export function pageSecurity(pathname: string, options: { appOrigin: string; development?: boolean }): PageSecurity {
  const nonce = newNonce();
  const app = options.appOrigin;
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' ${app} data: blob:`,
    `media-src 'self' ${app} blob:`,
    "font-src 'self' data:",
    // blob: what this page made itself (the playground's results) may be read back.
    `connect-src 'self' ${app} blob:`,
    // The playground's PDF preview is a blob: frame.
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    ...(FORMS_LEAVE_THE_SITE.some((path) => path.test(pathname)) ? [] : ["form-action 'self'"]),
    ...(app.startsWith("https:") ? ["upgrade-insecure-requests"] : []),
  ];
  const csp = directives.join("; ");
  return {
    requestHeaders: { "Content-Security-Policy": csp },
    responseHeaders: {
      "Content-Security-Policy": csp,
      // For browsers that predate frame-ancestors.
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Permissions-Policy":
        "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), browsing-topics=()",
      "X-Content-Type-Options": "nosniff",
    },
  };
}

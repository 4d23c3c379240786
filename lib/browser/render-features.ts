/**
 * Chromium features every rendering browser Glance launches has turned off (a local Chromium's
 * flags, browserless launch arguments). None is a boundary (lib/net's flags are); each costs CPU on
 * every render for nothing a capture shows, and each was measured on real pages (D30):
 * - SpareRendererForSitePerProcess starts a renderer ahead of time for the next navigation of a
 *   profile; every render here has a context of its own, so that spare never serves one, and
 *   bench:realpages counted 5.3 renderer launches per render against bare Chromium's 3.1 with it
 *   on, 1.5 with it off.
 * - WebUIOmniboxPopup and WebUIOmniboxAimPopup: headless Chromium still builds each window's
 *   browser UI, and every render's new context (a window of its own) loaded the address bar's
 *   pop-up (chrome://omnibox-popup.top-chrome/, ~400 script modules) in a renderer of its own —
 *   more CPU than the page it captured. Nobody sees that pop-up here; without it a capture's
 *   Chromium costs about half as much and no pixel changes. (puppeteer-core 25 turns both off by
 *   default; the 24 this project uses does not.)
 */
export const RENDER_DISABLED_FEATURES = [
  "SpareRendererForSitePerProcess",
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
] as const;

/**
 * The path (with its query) of the page being rendered, as proxy.ts saw the request. A layout is
 * not told its page's path; the dashboard layout needs it to send a signed-out visitor to sign in
 * with an HTTP redirect (not a page that redirects in the browser) and bring them back afterwards.
 * No next/headers here: proxy.ts imports the name.
 */
export const PAGE_PATH_HEADER = "x-glance-page-path";

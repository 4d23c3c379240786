import type { Metadata } from "next";
import Link from "next/link";
import { DocsTable } from "@/components/docs/docs-table";
import { DocsPageHeader } from "@/components/docs/page-header";
import { TD, TR } from "@/components/ui";
import { OUTPUT_FORMATS } from "@/lib/formats";
import { PLAN_IDS, PLANS } from "@/lib/plans";
import { COMPLETE_WAIT_MS, DOM_QUIET_MS } from "@/lib/screenshot/completeness-schema";
import { FULL_PAGE_MAX_HEIGHT } from "@/lib/page/page-plan";
import { MAX_FULL_PAGE_PIXELS } from "@/lib/screenshot/plan";

export const metadata: Metadata = {
  title: "What we guarantee",
  description:
    "Full pages of any height up to your plan's, a completeness report on every capture, blocked pages named instead of billed, and what is and is not charged.",
};

const n = (value: number) => value.toLocaleString("en-US");

export default function GuaranteesPage() {
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Guides" title="What we guarantee">
        Every answer says what it holds: the whole page or where it stops, whether anything was still loading, and
        whether the page was the one you asked for. What delivers nothing is not charged.
      </DocsPageHeader>

      <h2 id="heights">Full pages of any height</h2>
      <p>
        <code>fullPage=true</code> captures the whole page, up to your plan&apos;s full-page height. Chromium draws one
        capture into a texture of at most 16,384 pixels a side, so a taller page is captured in tiles and stitched:
        every row of the page appears exactly once, at every <code>deviceScale</code>, and fixed or sticky elements (a
        header, a cookie bar) appear once, where they stand at the top of the page, not in every tile.
      </p>
      <DocsTable label="Full-page height by plan" columns={["Plan", "Full-page height (CSS px)"]}>
        {PLAN_IDS.map((id) => (
          <TR key={id}>
            <TD>{PLANS[id].name}</TD>
            <TD className="tabular-nums">{n(PLANS[id].fullPageMaxHeight)}</TD>
          </TR>
        ))}
      </DocsTable>
      <ul>
        <li>
          Formats have their own limits: WebP images are at most {n(OUTPUT_FORMATS.webp.maxDimension)} pixels high and
          JPEG at most {n(OUTPUT_FORMATS.jpg.maxDimension)}, divided by <code>deviceScale</code>; PNG has none. A full
          page also stays within {n(MAX_FULL_PAGE_PIXELS)} output pixels (width × height × deviceScale²): at 1280 px
          wide and deviceScale 1 that is the whole Business height.
        </li>
        <li>
          A page taller than what can be captured is cut at the limit, not refused: the answer is the top of the page,
          with <code>X-Capture-Complete: false</code> and <code>height_limit</code> in the report below, which also says
          which limit applied. With <code>requireComplete=true</code> it is{" "}
          <Link href="/docs/errors#capture_incomplete">422 capture_incomplete</Link> instead, not charged.
        </li>
        <li>
          Memory is bounded: the tiles are kept as compressed PNG and joined into the output encoder strip by strip, so
          the whole image is never held uncompressed — at most the compressed tiles, the output file, and one tile of at
          most 16 million pixels being drawn.
        </li>
        <li>
          Lazy content is scrolled into view down to the plan&apos;s height before the capture. A taller capture takes
          longer: raise <code>timeout</code> for very long pages.
        </li>
        <li>
          <code>format=pdf</code> with <code>fullPage=true</code> prints the page on sheets as wide as the viewport and
          up to {n(FULL_PAGE_MAX_HEIGHT)} CSS px high; a longer page continues on the next sheet, so nothing is cut.
        </li>
      </ul>

      <h2 id="completeness">A completeness report on every capture</h2>
      <p>
        Every screenshot answer carries <code>X-Capture-Complete: true</code> or <code>false</code>, and when false{" "}
        <code>X-Capture-Incomplete</code> with the reasons. The JSON metadata (<code>response=json</code>) has the full
        report in <code>completeness</code>:
      </p>
      <ul>
        <li>
          <code>reachedBottom</code>: for <code>fullPage</code> and PDFs, whether the page&apos;s whole height was
          captured (with <code>pageHeight</code>, <code>capturedHeight</code> and the <code>heightLimit</code> that
          applied); <code>null</code> for the viewport, a clip or an element.
        </li>
        <li>
          <code>images</code> and <code>fonts</code>: loaded, still loading and failed at capture time (images in the
          captured part of the page).
        </li>
        <li>
          <code>openRequests</code>: the requests still in flight, those that can change the picture (documents,
          stylesheets, images, fonts, scripts, XHR and fetch) and the first five URLs.
        </li>
        <li>
          <code>dom</code>: whether the page changed in the last {DOM_QUIET_MS} ms before the capture.
        </li>
        <li>
          <code>waits</code>: the waits the capture used — <code>waitUntil</code>, <code>waitForSelector</code>, fonts,
          lazy-content scrolling, <code>delay</code> and requireComplete&apos;s own wait.
        </li>
      </ul>
      <p>
        <code>complete</code> is true when none of <code>height_limit</code>, <code>images_pending</code>,{" "}
        <code>fonts_pending</code>, <code>requests_open</code> or <code>dom_changing</code> applies. Pages that never
        stop changing (tickers, carousels, live chats) are honestly reported as changing.{" "}
        <code>requireComplete=true</code> first gives the page up to {COMPLETE_WAIT_MS / 1000} seconds (within the{" "}
        <code>timeout</code>) to finish, then answers{" "}
        <Link href="/docs/errors#capture_incomplete">422 capture_incomplete</Link> naming what was missing, instead of a
        picture with holes. A cached result carries the report of the render it comes from.
      </p>

      <h2 id="blocked">Blocked pages are named, not captured</h2>
      <p>
        A bot challenge, a captcha wall or a login wall shown instead of the page is{" "}
        <Link href="/docs/errors#target_blocked">422 target_blocked</Link> with its <code>kind</code> and the signals
        that named it; an error status is <Link href="/docs/errors#target_http_error">422 target_http_error</Link>. Only
        unambiguous signals count, so an ordinary page with a captcha in a form is captured. With{" "}
        <code>allowBlocked=true</code> (or <code>failOnHttpError=false</code>) the page is captured as it looks and
        marked <code>blocked</code> in the metadata and <code>X-Target-Blocked</code>. <code>/v1/content</code> and
        crawls treat a blocked page as a failed page, and a monitor never alerts on one. Details in the{" "}
        <Link href="/docs/screenshot#blocked">screenshot reference</Link>.
      </p>

      <h2 id="charges">What is and is not charged</h2>
      <DocsTable label="What counts as a render" columns={["Outcome", "Counted"]}>
        <TR>
          <TD>A capture delivered (complete or not, without requireComplete)</TD>
          <TD>Yes, one render</TD>
        </TR>
        <TR>
          <TD>A cached result (X-Cache: HIT)</TD>
          <TD>No</TD>
        </TR>
        <TR>
          <TD>target_blocked, target_http_error, capture_incomplete</TD>
          <TD>No: the render is given back</TD>
        </TR>
        <TR>
          <TD>A timeout, a crash, a page that cannot be captured</TD>
          <TD>No: the render is given back</TD>
        </TR>
        <TR>
          <TD>A blocked or error page captured on purpose (allowBlocked=true, failOnHttpError=false)</TD>
          <TD>Yes, one render (cached for 5 minutes at most)</TD>
        </TR>
        <TR>
          <TD>A refused request (bad parameter, plan gate, rate limit, quota)</TD>
          <TD>No: nothing is rendered</TD>
        </TR>
      </DocsTable>
      <p>
        A render given back shows in the dashboard&apos;s request log with its error code. See also{" "}
        <Link href="/docs/limits#renders">renders per month</Link>.
      </p>
    </article>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { DocsTable } from "@/components/docs/docs-table";
import { ApiExampleTabs } from "@/components/docs/api-examples/api-example-tabs";
import { ANIMATE_JOB, ANIMATE_STEPS } from "@/components/docs/api-examples/catalog";
import { Anchor, DocsPageHeader } from "@/components/docs/page-header";
import { ParamTable } from "@/components/docs/param-table";
import { Playground } from "@/components/docs/playground/playground";
import { ErrorCodeList, MetadataTable, ResponseHeaders } from "@/components/docs/response-docs";
import { TD, TR } from "@/components/ui";
import { ANIMATE_LIMITS, MS_PER_RENDER, OUTPUT_MAX_MB, SYNC_MAX_DURATION_MS } from "@/lib/animate/limits";
import { animateParams } from "@/lib/animate/params";
import { describeParams } from "@/lib/api/params";
import { ASYNC_ANIMATE_TIMEOUT } from "@/lib/jobs/params";
import { ANIMATE_ERROR_CODES, ANIMATION_METADATA_SCHEMA } from "@/lib/animate/openapi";
import { PLAN_IDS, PLANS } from "@/lib/plans";
import { MOTION_SAMPLES } from "@/lib/showcase/motion";

export const metadata: Metadata = {
  title: "Recordings API",
  description:
    "GET /v1/animate: record a web page as an mp4, webm or GIF — a scroll from top to bottom, or clicks, typing and hovers recorded as they happen.",
};

const STEP_ROWS: Array<[string, string]> = [
  ['{"click": "#open"}', "Moves the mouse to the element's middle and clicks (scrolled into view first if needed)."],
  ['{"hover": ".menu"}', "Moves the mouse onto the element: :hover styles and menus show."],
  ['{"type": "hello", "into": "#q"}', "Focuses the field and types, one character at a time over the step."],
  ['{"scrollTo": "#pricing"}', "Scrolls smoothly (with easing) to the element's top, or to a number of pixels."],
  ['{"wait": 800}', "Records the page for this many milliseconds without acting."],
];

export default function AnimateReferencePage() {
  const fields = describeParams(animateParams);
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="API reference" title={<code className="font-mono text-[0.85em]">GET /v1/animate</code>}>
        Records a public web page — or your own HTML — as a video: an <code>mp4</code> (H.264), a <code>webm</code>{" "}
        (VP9) or a <code>gif</code>. Either it scrolls from the top to the bottom, or it performs the{" "}
        <Link href="#steps">steps</Link> you list and records each as it happens. The page loads exactly as a{" "}
        <Link href="/docs/screenshot">screenshot</Link>&apos;s does: the same waits, blockers, devices and safety
        checks.
      </DocsPageHeader>

      <Anchor id="samples">Samples</Anchor>
      <p>
        Made by this server&apos;s own recording engine from sample pages shipped with Glance, the first time this page
        asked for them — nothing here was edited by hand.
      </p>
      <div className="not-prose grid gap-6 sm:grid-cols-2">
        {MOTION_SAMPLES.map((sample) => (
          <figure key={sample.file} className="space-y-2">
            {sample.file.endsWith(".gif") ? (
              // eslint-disable-next-line @next/next/no-img-element -- a recording made by the service, not an app asset
              <img
                src={`/examples/motion/${sample.file}`}
                alt={sample.label}
                className="w-full rounded-lg border border-slate-200"
              />
            ) : (
              <video
                src={`/examples/motion/${sample.file}`}
                aria-label={sample.label}
                autoPlay
                muted
                loop
                playsInline
                controls
                preload="metadata"
                className="w-full rounded-lg border border-slate-200 bg-slate-100"
              />
            )}
            <figcaption className="text-xs text-slate-600">
              <code className="font-mono">{sample.caption}</code>
            </figcaption>
          </figure>
        ))}
      </div>

      <Anchor id="playground">Try it</Anchor>
      <p>
        The form is generated from the schema the API validates with. Signed in, it records through your account (one
        render per started {MS_PER_RENDER / 1000} seconds of video); otherwise paste a key.
      </p>
      <div className="not-prose">
        <Playground endpoint="animate" fields={fields} />
      </div>

      <Anchor id="scenarios">Scroll and steps</Anchor>
      <p>
        <code>scenario=scroll</code> (the default) holds the top of the page for <code>pauseStart</code>, scrolls to the
        bottom — or to <code>scrollTo</code> — following <code>easing</code>, and holds the end for{" "}
        <code>pauseEnd</code>; all of it within <code>duration</code>. Every frame is captured at its own moment of the
        page&apos;s clock, so CSS animations and transitions, scripts timed by <code>requestAnimationFrame</code>,{" "}
        <code>performance.now()</code> or <code>Date.now()</code>, and the scroll move exactly one frame interval
        between frames: a busy server takes longer to record, but never drops or repeats a frame. Timers (
        <code>setTimeout</code>), network loads and videos in the page keep real time.
      </p>
      <h3 id="steps">Steps</h3>
      <p>
        With <code>steps</code> (a JSON array; in a query string its JSON text), the video shows each action as it
        happens, in the words of the screenshot options. Every step lasts its <code>duration</code> in milliseconds
        (default 1000; <code>type</code>: 100 per character plus 500), so the video&apos;s length is known before it
        starts: <code>pauseStart</code> + the steps + <code>pauseEnd</code>. A step whose element is not on the page
        when it runs is a <Link href="/docs/errors#selector_not_found">400 selector_not_found</Link> naming it, e.g.{" "}
        <code>steps[2].click</code>; put a <code>wait</code> step before an element that appears later.
      </p>
      <DocsTable label="Step actions" columns={["Step", "What it does"]}>
        {STEP_ROWS.map(([step, meaning]) => (
          <TR key={step}>
            <TD className="whitespace-nowrap font-mono text-xs">{step}</TD>
            <TD>{meaning}</TD>
          </TR>
        ))}
      </DocsTable>

      <Anchor id="parameters">Query parameters</Anchor>
      <div className="not-prose">
        <ParamTable fields={fields} label="Recording query parameters" />
      </div>

      <Anchor id="post">POST with a JSON body</Anchor>
      <p>
        <code>POST /v1/animate</code> takes the same parameters as one JSON object — <code>steps</code> as an array,{" "}
        <code>html</code> for your own page — validated by the same rules, exactly as for{" "}
        <Link href="/docs/screenshot#post">screenshots</Link>.
      </p>
      <ApiExampleTabs example={ANIMATE_STEPS} className="not-prose" />

      <Anchor id="limits">Limits and cost</Anchor>
      <p>
        Above your plan&apos;s limits the answer is <Link href="/docs/errors#plan_upgrade_required">403</Link> naming
        the plan that allows it. A recording counts{" "}
        <strong>one render per started {MS_PER_RENDER / 1000} seconds</strong> of video (a cache hit counts nothing); a
        file larger than {OUTPUT_MAX_MB} MiB is stopped and answered{" "}
        <Link href="/docs/errors#output_too_large">422 output_too_large</Link>, and counts nothing either. A gif keeps
        its frames on disk until it is encoded (its palette is made from all of them): past your plan&apos;s bound for
        them, below, it is stopped the same way, and when the server has no room for them at the moment the answer is{" "}
        <Link href="/docs/errors#insufficient_storage">503 insufficient_storage</Link> with Retry-After. mp4 and webm
        keep no frames.
      </p>
      <DocsTable
        label="Recording limits per plan"
        columns={["Plan", "Longest video", "Largest frame", "Frame rate", "gif frames kept"]}
      >
        {PLAN_IDS.map((id) => (
          <TR key={id}>
            <TD>{PLANS[id].name}</TD>
            <TD>{ANIMATE_LIMITS[id].maxDurationMs / 1000} s</TD>
            <TD className="font-mono text-xs">
              {ANIMATE_LIMITS[id].maxLongSide} × {ANIMATE_LIMITS[id].maxShortSide}
            </TD>
            <TD>{ANIMATE_LIMITS[id].maxFps} fps</TD>
            <TD>{ANIMATE_LIMITS[id].maxGifFramesMb} MiB</TD>
          </TR>
        ))}
      </DocsTable>
      <h3 id="async">Long recordings</h3>
      <p>
        A request answered directly records up to {SYNC_MAX_DURATION_MS / 1000} seconds. Longer recordings, up to your
        plan&apos;s limit, are <Link href="/docs/async">async jobs</Link> with{" "}
        <code>endpoint: &quot;animate&quot;</code>: their <code>timeout</code> may be up to{" "}
        {ASYNC_ANIMATE_TIMEOUT.maxMs / 1000} seconds ({ASYNC_ANIMATE_TIMEOUT.defaultMs / 1000} when not given), and the
        job&apos;s result links the video.
      </p>
      <ApiExampleTabs example={ANIMATE_JOB} className="not-prose" />

      <Anchor id="response">Response</Anchor>
      <p>
        By default the body is the video (<code>video/mp4</code>, <code>video/webm</code> or <code>image/gif</code>), as
        wide and high as the viewport × <code>deviceScale</code> (1 unless you set it, even with a <code>device</code>);
        mp4 and webm sides are rounded down to even numbers. With <code>response=json</code> the body describes it, and{" "}
        <code>imageUrl</code> serves the file — with byte ranges, so players can seek.
      </p>
      <div className="not-prose">
        <MetadataTable name="AnimationMetadata" schema={ANIMATION_METADATA_SCHEMA} />
      </div>
      <ResponseHeaders />

      <Anchor id="errors">Errors</Anchor>
      <ErrorCodeList codes={ANIMATE_ERROR_CODES} />
    </article>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { ApiExampleTabs } from "@/components/docs/api-examples/api-example-tabs";
import { DIFF_BASELINE, DIFF_PAGES, MONITOR_CREATE, MONITOR_MANAGE } from "@/components/docs/api-examples/catalog";
import { DocsPageHeader } from "@/components/docs/page-header";
import { Playground } from "@/components/docs/playground/playground";
import { CodeBlock } from "@/components/ui";
import { describeParams } from "@/lib/api/params";
import { diffParams } from "@/lib/diff/params";
import { monitorAllowance, PLAN_IDS, PLANS } from "@/lib/plans";

export const metadata: Metadata = {
  title: "Visual diffs & monitors",
  description:
    "Compare a page with another page or an earlier capture, pixel by pixel, and watch pages on a schedule with signed webhook and e-mail alerts.",
};

const CHANGED = `POST /hooks/glance
webhook-id: msg_…   webhook-timestamp: 1764144000   webhook-signature: v1,…

{ "type": "monitor.changed", "timestamp": "2026-11-26T09:00:04.000Z",
  "data": { "id": "job_…", "monitorId": "mon_…", "status": "succeeded", "trigger": "schedule",
            "result": { "changed": true, "changedRatio": 0.0134, "boxes": [ … ],
                        "imageUrl": "…", "diffImageUrl": "…", "baselineImageUrl": "…" },
            "monitor": { "id": "mon_…", "name": "Pricing page", "url": "https://example.com/pricing" } } }`;

export default function MonitorsDocsPage() {
  const fields = describeParams(diffParams);
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Guides" title="Visual diffs & monitors">
        See what changed on a page, pixel by pixel: compare it with another page or with an earlier capture, or let
        Glance watch it on a schedule and tell you when it changes.
      </DocsPageHeader>

      <h2 id="diff">Compare two pages: GET /v1/diff</h2>
      <p>
        <code>url</code> is captured now and compared with <code>compareUrl</code>, captured with the same options — or
        with an image already stored, <code>compareTo</code>: a monitor&apos;s id for its baseline, or the{" "}
        <code>imageUrl</code> of a stored result. Every <Link href="/docs/screenshot">screenshot</Link> capture option
        applies to both captures, except the output format (captures are always PNG). The answer has{" "}
        <code>changedRatio</code> (changed pixels over all pixels), <code>boxes</code> (the changed regions, changes
        within 16 px of each other merged, at most 50), <code>diffImageUrl</code> (the new capture with the changes in
        red and each box outlined) and both captures&apos; URLs. <code>threshold</code> (0–1, default 0.1) is how
        different two pixels&apos; colours must be to count; anti-aliasing differences are left out unless{" "}
        <code>ignoreAntialiasing=false</code>; <code>ignoreSelectors</code> masks those elements in both images. Pages
        of different heights are compared over the taller: what only one has counts as changed. POST takes the same
        fields as a JSON body. Each capture that renders counts one render; cached captures are free (send{" "}
        <code>fresh=true</code> to capture again).
      </p>
      <ApiExampleTabs caption="Compare production with staging" example={DIFF_PAGES} className="not-prose" />
      <ApiExampleTabs
        caption="Compare a page with a monitor's baseline"
        example={DIFF_BASELINE}
        className="not-prose"
      />

      <h2 id="playground">Try it</h2>
      <div className="not-prose">
        <Playground endpoint="diff" fields={fields} />
      </div>

      <h2 id="monitors">Watch a page: monitors</h2>
      <p>
        <code>POST /v1/monitors</code> takes the page, the same capture options, a schedule (<code>interval</code> in
        seconds, or <code>cron</code> in UTC; neither means daily), <code>threshold</code> — the share of changed pixels
        above which a run alerts (default 0.001, 0.1 %) — <code>pixelThreshold</code> (the per-pixel tolerance above),{" "}
        <code>ignoreSelectors</code>, and where alerts go: <code>webhookUrl</code> (else your account&apos;s default
        webhook) and <code>email</code> (your own sign-in address). The monitor&apos;s first run starts at once and
        takes the baseline. Each run captures the page fresh, compares it with the baseline and, on a change past the
        threshold, sends one signed <code>monitor.changed</code> webhook (verified as in{" "}
        <Link href="/docs/async#verify">Async &amp; webhooks</Link>) and an e-mail. With{" "}
        <code>baseline: &quot;rolling&quot;</code> (the default) the capture that alerted becomes the new baseline, so
        each change alerts once; with <code>&quot;fixed&quot;</code> every run is compared with the first. The
        dashboard&apos;s Monitors page does all of this with a form, and shows each run with a before-and-after view.
      </p>
      <ApiExampleTabs caption="Create a monitor" example={MONITOR_CREATE} className="not-prose" />
      <CodeBlock caption="The webhook a change sends" code={CHANGED} className="not-prose" />
      <ApiExampleTabs caption="Runs, run now, pause, delete" example={MONITOR_MANAGE} className="not-prose" />
      <p>
        Every run counts one render. A monitor belongs to the account that made it: another account&apos;s id is a{" "}
        <code>404 monitor_not_found</code>. The page and the webhook URL must be public addresses, checked when saved
        and again on every run and delivery.
      </p>

      <h2 id="plans">Plans</h2>
      <ul>
        {PLAN_IDS.map((id) => (
          <li key={id}>
            <strong>{PLANS[id].name}</strong>: {monitorAllowance(PLANS[id])}.
          </li>
        ))}
      </ul>
      <p>
        A schedule more frequent than the plan allows is a <code>403 plan_upgrade_required</code>; one monitor more than
        it allows, <code>403 monitor_limit_reached</code>.
      </p>
    </article>
  );
}

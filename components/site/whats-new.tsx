import Link from "next/link";
import { PlanBadge } from "./plan-badge";
import { Badge } from "@/components/ui";
import { SCREENSHOT_BODY_MAX_BYTES } from "@/lib/screenshot/params-input";
import { minimumPlan } from "./plan-features";

const HTML_LIMIT_MIB = SCREENSHOT_BODY_MAX_BYTES / (1024 * 1024);

/** A docs row for one screenshot parameter (components/docs/param-table.tsx gives each row this id). */
const paramHref = (name: string) => `/docs/screenshot#param-${name}`;

interface NewCapability {
  id: string;
  title: string;
  body: string;
  /** Screenshot parameters it adds; each links to its docs row and shows its plan from the schema. */
  params: readonly string[];
  docs: { href: string; label: string };
}

/**
 * What capture options recently added (D19, D15), in words a buyer scans. Only claims the code
 * backs: the size limit comes from the schema's constant, the plans from its gates.
 */
const NEW_CAPABILITIES: readonly NewCapability[] = [
  {
    id: "html",
    title: "HTML to PDF or image",
    body: `POST /v1/screenshot with a JSON body holding html instead of a url (up to ${HTML_LIMIT_MIB} MiB): invoices and reports to PDF, with header and footer templates, page numbers and print CSS.`,
    params: ["html"],
    docs: { href: "/docs/screenshot#post", label: "POST with a JSON body" },
  },
  {
    id: "elements",
    title: "One element, after a click",
    body: "Capture a single element, hide the ones you don't want, click a tab open, scroll, and choose when the page counts as loaded.",
    params: ["selector", "hideSelectors", "click", "scrollTo", "waitUntil"],
    docs: { href: "/docs/screenshot#parameters", label: "Screenshot parameters" },
  },
  {
    id: "request",
    title: "The page as your visitors see it",
    body: "Send headers and cookies (to the target's own origin only; never logged, stored or returned), a user agent, language, time zone, print media or reduced motion.",
    params: ["headers", "cookies", "userAgent", "locale", "timezone", "mediaType", "reducedMotion"],
    docs: { href: "/docs/screenshot#parameters", label: "Screenshot parameters" },
  },
  {
    id: "blockers",
    title: "Fewer trackers and chat bubbles",
    body: "Tracker and chat-widget lists ship with Glance, nothing is fetched at render time; add your own URL patterns. The JSON answer counts what each blocker stopped.",
    params: ["blockTrackers", "blockChats", "blockRequests"],
    docs: { href: "/docs/screenshot#json", label: "Blocked-request counts" },
  },
  {
    id: "output",
    title: "Transparent and resized images",
    body: "A transparent background for PNG and WebP, and thumbnails resized in the same encode, aspect ratio kept unless you give both sides.",
    params: ["omitBackground", "imageWidth", "imageHeight"],
    docs: { href: "/docs/screenshot#parameters", label: "Screenshot parameters" },
  },
  {
    id: "cache",
    title: "Cache control",
    body: "Keep a result for less than your plan's cache time, or render again now and replace the cached copy (counted as a render).",
    params: ["cacheTtl", "fresh"],
    docs: { href: "/docs/caching#ttl", label: "How long results live" },
  },
  {
    id: "target-errors",
    title: "Error pages are not billed",
    body: "Every capture reports the target's HTTP status in X-Target-Status. A 4xx or 5xx target is a 422 by default: nothing captured, cached or counted.",
    params: ["failOnHttpError"],
    docs: { href: "/docs/screenshot#target-errors", label: "When the target answers an error" },
  },
  {
    id: "json",
    title: "Richer JSON metadata",
    body: "response=json adds the final URL after redirects, the target's status, the page title, its Open Graph and Twitter tags, and timings per phase.",
    params: ["response"],
    docs: { href: "/docs/screenshot#json", label: "JSON metadata" },
  },
  {
    id: "signed-urls",
    title: "Signed URLs",
    body: "Put an image URL in public HTML, such as an og:image tag, without exposing a key: sign it with the key's signing secret, with an expiry if you like.",
    params: [],
    docs: { href: "/docs/signed-urls", label: "Signed URLs" },
  },
];

function ParamChip({ name }: { name: string }) {
  const plan = minimumPlan(name);
  return (
    <li className="flex items-center gap-1.5">
      <Link
        href={paramHref(name)}
        className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 hover:bg-brand-50 hover:text-brand-700"
      >
        {name}
      </Link>
      {plan !== "free" && <PlanBadge plan={plan} orHigher />}
    </li>
  );
}

/** The landing page's "What's new" section: one card per capability, linked to its docs. */
export function WhatsNew() {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="whats-new">
      {NEW_CAPABILITIES.map((item) => {
        const allFree = item.params.length > 0 && item.params.every((name) => minimumPlan(name) === "free");
        return (
          <li
            key={item.id}
            data-capability={item.id}
            className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <h3 className="font-semibold text-slate-900">{item.title}</h3>
              {allFree && <Badge tone="success">Every plan</Badge>}
            </div>
            <p className="mt-2 text-sm leading-6 text-slate-600">{item.body}</p>
            {item.params.length > 0 && (
              <ul aria-label={`${item.title}: parameters`} className="mt-4 flex flex-wrap gap-x-3 gap-y-2">
                {item.params.map((name) => (
                  <ParamChip key={name} name={name} />
                ))}
              </ul>
            )}
            <Link href={item.docs.href} className="mt-auto pt-4 text-sm font-medium text-brand-700 hover:underline">
              {item.docs.label} →
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

import { paramDoc } from "@/lib/api/params";
import { PLAN_IDS, PLANS } from "@/lib/plans";
import { screenshotParams } from "@/lib/screenshot/params";

const MAX_WIDTH = paramDoc(screenshotParams, "width").max;
const MAX_SCALE = paramDoc(screenshotParams, "deviceScale").max;
const LONGEST_CACHE_DAYS = Math.max(...PLAN_IDS.map((id) => PLANS[id].cacheTtlDays));

/** `icon` is the path of a 24×24 outline icon, drawn in the grid's one <svg>. */
const FEATURES: ReadonlyArray<{ title: string; body: string; icon: string }> = [
  {
    title: "Pixel-perfect screenshots",
    body: `PNG, JPEG or WebP at any viewport up to ${MAX_WIDTH} px and ${MAX_SCALE}× pixel density, full page or a clipped region, after a selector appears.`,
    icon: "M4 7a2 2 0 0 1 2-2h2l1.5-2h5L16 5h2a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V7Zm8 9a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z",
  },
  {
    title: "Print-ready PDFs",
    body: "A4 to tabloid, landscape, margins, backgrounds, and header and footer templates with page numbers.",
    icon: "M7 3h7l5 5v13H7V3Zm7 0v5h5M10 13h6M10 17h6",
  },
  {
    title: "Open Graph images",
    body: "Four templates, your colours and words, rendered in milliseconds without a browser. Emoji and CJK included.",
    icon: "M4 5h16v14H4V5Zm3 10 3-4 2.5 3 2-2.5L18 15M8.5 9.5h.01",
  },
  {
    title: "Clean captures",
    body: "Block ads and cookie banners, emulate dark mode or a phone, inject your own CSS and JavaScript before capture.",
    icon: "M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6l7-3Zm-3 9 2 2 4-4",
  },
  {
    title: "Cached per account",
    body: `Identical requests are served from your cache for up to ${LONGEST_CACHE_DAYS} days — instantly, and free. X-Cache tells you which you got.`,
    icon: "M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3Zm0 0v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3",
  },
  {
    title: "Tools for AI agents",
    body: "An MCP server at /mcp: Claude, Cursor and VS Code take screenshots, read pages as Markdown and render OG images with your key.",
    icon: "M9 3v3M15 3v3M9 18v3M15 18v3M3 9h3M3 15h3M18 9h3M18 15h3M6 6h12v12H6V6Zm4 4h4v4h-4v-4Z",
  },
  {
    title: "Safe by design",
    body: "Each render runs in a fresh browser context, and no request the page makes can reach a private network.",
    icon: "M7 11V8a5 5 0 0 1 10 0v3M6 11h12v10H6V11Zm6 4v2",
  },
];

export function FeatureGrid() {
  return (
    <ul className="grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
      {FEATURES.map((f) => (
        <li key={f.title} className="flex gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-600/10">
            <svg
              aria-hidden
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
              strokeLinejoin="round"
              className="size-5"
            >
              <path d={f.icon} />
            </svg>
          </span>
          <div>
            <h3 className="font-semibold text-slate-900">{f.title}</h3>
            <p className="mt-1 text-sm leading-6 text-slate-600">{f.body}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The recordings in the docs (D26): what each asks /v1/animate for. Made by this server from pages
 * shipped in the repo (pages.ts) the first time they are asked for, then kept (motion-render.ts);
 * served under /examples/motion/. Client-safe data.
 */

export type MotionPage = "release-notes" | "help";

export interface MotionSample {
  file: string;
  page: MotionPage;
  /** The /v1/animate parameters, as a customer would send them (the page goes as `html`). */
  query: Record<string, string>;
  caption: string;
  label: string;
}

export const MOTION_SAMPLES: readonly MotionSample[] = [
  {
    file: "release-notes-scroll.mp4",
    page: "release-notes",
    query: { width: "960", height: "540", duration: "6000", fps: "30", easing: "ease-in-out" },
    caption: "scenario=scroll, 6 s, mp4",
    label: "Sample release notes scrolled from top to bottom",
  },
  {
    file: "help-steps.mp4",
    page: "help",
    query: {
      width: "960",
      height: "540",
      fps: "30",
      steps: JSON.stringify([
        { type: "delivery", into: "#search", duration: 1400 },
        { hover: "#delivery", duration: 500 },
        { click: "#delivery", duration: 1500 },
      ]),
    },
    caption: "scenario=steps: type, hover, click",
    label: "A help page: a search typed, then a question clicked open",
  },
  {
    file: "help-steps.gif",
    page: "help",
    query: {
      format: "gif",
      width: "640",
      height: "360",
      fps: "15",
      steps: JSON.stringify([{ click: "#delivery", duration: 1500 }]),
    },
    caption: "format=gif",
    label: "The help page's answer opening, as a GIF",
  },
];

export function motionSample(file: string): MotionSample | undefined {
  return MOTION_SAMPLES.find((sample) => sample.file === file);
}

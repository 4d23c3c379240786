/** Helpers for the OG renderer tests: render a template from raw variables, read pixels back. */
import sharp from "sharp";
import type { OgTemplateName } from "@/lib/og/catalog";
import type { OgFormat } from "@/lib/og/params";
import { renderOg, renderSvg, type LaidOutNode } from "@/lib/og/render";
import { validateVariables } from "@/lib/og/variables";

export interface RenderArgs {
  template: OgTemplateName;
  vars: Record<string, string>;
  width?: number;
  height?: number;
  format?: OgFormat;
  quality?: number;
}

export async function render({ template, vars, width = 1200, height = 630, format = "png", quality = 80 }: RenderArgs) {
  const { variables } = validateVariables(template, vars);
  return renderOg({ template, variables, width, height, format, quality });
}

/** Every element satori laid out, with its box, for a card. */
export async function layout({ template, vars, width = 1200, height = 630 }: RenderArgs) {
  const { variables } = validateVariables(template, vars);
  const nodes: LaidOutNode[] = [];
  const svg = await renderSvg({ template, variables, width, height }, (node) => nodes.push(node));
  return { nodes, svg };
}

export interface Pixels {
  width: number;
  height: number;
  /** RGBA at (x, y). */
  at(x: number, y: number): [number, number, number, number];
  data: Buffer;
}

export async function pixels(bytes: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data,
    at(x, y) {
      const i = (Math.round(y) * info.width + Math.round(x)) * 4;
      return [data[i], data[i + 1], data[i + 2], data[i + 3]];
    },
  };
}

export function near(actual: number[], expected: number[], tolerance = 3): boolean {
  return actual.every((v, i) => Math.abs(v - expected[i]) <= tolerance);
}

/**
 * The changed regions of a comparison as a few rectangles (D27). Changed pixels are grouped on a
 * grid of CELL-pixel cells: cells with a change that lie within `gap` of each other form one region
 * (one changed word is one box, not one box per glyph), and each region's box is the exact bounds
 * of its changed pixels, not of its cells. Boxes that still come within `gap` of each other are
 * merged, and while there are more than MAX_BOXES the gap doubles: a page that changed everywhere
 * answers a handful of large boxes rather than thousands of small ones. Pure, unit-tested.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const CELL = 8;
/** Changes closer than this (in image pixels) belong to one region. */
const MERGE_GAP_PX = 16;
export const MAX_BOXES = 50;

/** Union-find over cell indexes. */
class Groups {
  private readonly parent: Int32Array;
  constructor(size: number) {
    this.parent = new Int32Array(size).map((_, i) => i);
  }
  find(i: number): number {
    while (this.parent[i] !== i) {
      this.parent[i] = this.parent[this.parent[i]];
      i = this.parent[i];
    }
    return i;
  }
  join(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[rb] = ra;
  }
}

interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function near(a: Bounds, b: Bounds, gap: number): boolean {
  return a.x0 <= b.x1 + gap && b.x0 <= a.x1 + gap && a.y0 <= b.y1 + gap && b.y0 <= a.y1 + gap;
}

/** Merges bounds that come within `gap` of each other until none do. */
function mergeNear(list: Bounds[], gap: number): Bounds[] {
  let merged = true;
  let boxes = list;
  while (merged) {
    merged = false;
    const out: Bounds[] = [];
    for (const box of boxes) {
      const other = out.find((o) => near(o, box, gap));
      if (!other) {
        out.push({ ...box });
        continue;
      }
      other.x0 = Math.min(other.x0, box.x0);
      other.y0 = Math.min(other.y0, box.y0);
      other.x1 = Math.max(other.x1, box.x1);
      other.y1 = Math.max(other.y1, box.y1);
      merged = true;
    }
    boxes = out;
  }
  return boxes;
}

/** `changed`: one byte per pixel, non-zero where the pixel changed. Boxes are in image pixels, top to bottom. */
export function changedBoxes(changed: Uint8Array, width: number, height: number, gap = MERGE_GAP_PX): Box[] {
  const cols = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const cells = cols * rows;
  const x0 = new Int32Array(cells).fill(-1);
  const y0 = new Int32Array(cells);
  const x1 = new Int32Array(cells);
  const y1 = new Int32Array(cells);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const cellRow = Math.floor(y / CELL) * cols;
    for (let x = 0; x < width; x++) {
      if (changed[row + x] === 0) continue;
      const c = cellRow + Math.floor(x / CELL);
      if (x0[c] === -1) {
        x0[c] = x1[c] = x;
        y0[c] = y1[c] = y;
        continue;
      }
      if (x < x0[c]) x0[c] = x;
      if (x > x1[c]) x1[c] = x;
      if (y > y1[c]) y1[c] = y; // rows are scanned downwards: y0 is the first one seen
    }
  }
  const reach = Math.max(1, Math.ceil(gap / CELL));
  const groups = new Groups(cells);
  for (let c = 0; c < cells; c++) {
    if (x0[c] === -1) continue;
    const cx = c % cols;
    const cy = Math.floor(c / cols);
    // Only neighbours already visited or to the right on this row: each pair is looked at once.
    for (let dy = -reach; dy <= 0; dy++) {
      const ny = cy + dy;
      if (ny < 0) continue;
      for (let dx = -reach; dx <= reach; dx++) {
        if (dy === 0 && dx >= 0) break;
        const nx = cx + dx;
        if (nx < 0 || nx >= cols) continue;
        const n = ny * cols + nx;
        if (x0[n] !== -1) groups.join(c, n);
      }
    }
  }
  const regions = new Map<number, Bounds>();
  for (let c = 0; c < cells; c++) {
    if (x0[c] === -1) continue;
    const root = groups.find(c);
    const region = regions.get(root);
    if (!region) regions.set(root, { x0: x0[c], y0: y0[c], x1: x1[c], y1: y1[c] });
    else {
      region.x0 = Math.min(region.x0, x0[c]);
      region.y0 = Math.min(region.y0, y0[c]);
      region.x1 = Math.max(region.x1, x1[c]);
      region.y1 = Math.max(region.y1, y1[c]);
    }
  }
  let boxes = mergeNear([...regions.values()], gap);
  for (let wider = gap * 2; boxes.length > MAX_BOXES; wider *= 2) boxes = mergeNear(boxes, wider);
  return boxes
    .sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0)
    .map((b) => ({ x: b.x0, y: b.y0, width: b.x1 - b.x0 + 1, height: b.y1 - b.y0 + 1 }));
}

/**
 * Brand fonts in web formats and variable fonts (D33 point 9), through the real brand kit
 * (PostgreSQL), GET /v1/og, satori and sharp, compared by pixels. The fonts are Debian's
 * (scripts/setup.sh installs them): DejaVu Sans, and Inter 4.0 both as its variable TrueType font
 * and as the static OpenType files of the same release. WOFF2 files are made here from the TTFs
 * with the same decoder's encoder (wawoff2).
 */
import { readFileSync } from "node:fs";
import pixelmatch from "pixelmatch";
import sharp from "sharp";
import subsetFont from "subset-font";
import { compress as toWoff2 } from "wawoff2";
import { beforeAll, describe, expect, it } from "vitest";
import { apiRequest, createTestAccount, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";

type Route = (request: Request) => Promise<Response>;
let og: Route;
let owner: TestAccount;
let store: typeof import("@/lib/studio/templates");
let kit: typeof import("@/lib/studio/brand-kit");

const DEJAVU = readFileSync("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf");
const INTER_VARIABLE = readFileSync("/usr/share/fonts/truetype/inter-vf/Inter.var.ttf");
const INTER = (style: string) => readFileSync(`/usr/share/fonts/opentype/inter/Inter-${style}.otf`);
const WIDTH = 1000;
const HEIGHT = 300;

testEnvironment();

beforeAll(async () => {
  [{ GET: og }, store, kit, owner] = await Promise.all([
    import("@/app/v1/og/route"),
    import("@/lib/studio/templates"),
    import("@/lib/studio/brand-kit"),
    createTestAccount({ plan: "pro" }),
  ]);
});

/** A card in one brand font at a weight and style: dark text on white, mostly glyph edges. */
const card = (
  font: string,
  weight = 400,
  style = "normal",
) => `<div style="background-color: #ffffff; width: 100%; height: 100%; padding: 30px; flex-direction: column">
  <p style="font-size: 72px; color: #111111; font-family: 'brand:${font}'; font-weight: ${weight}; font-style: ${style}">Hamburgefonstiv</p>
  <p style="font-size: 40px; color: #111111; font-family: 'brand:${font}'; font-weight: ${weight}; font-style: ${style}">Quiz 0123456789 &amp; jumping fox</p>
</div>`;

let templates = 0;
/** Saves the card as a template of the account and renders it through GET /v1/og. */
async function render(source: string): Promise<Buffer> {
  const name = `card-${++templates}`;
  await store.saveTemplate(owner.userId, { name, source });
  const res = await og(
    apiRequest(`/v1/og?${new URLSearchParams({ template: name, width: `${WIDTH}`, height: `${HEIGHT}` })}`, {
      apiKey: owner.apiKey,
    }),
  );
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const rgba = async (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer();
/** Share of pixels that differ beyond anti-aliasing noise (pixelmatch's default threshold of 0.1). */
async function unlike(a: Buffer, b: Buffer): Promise<number> {
  return pixelmatch(await rgba(a), await rgba(b), null, WIDTH, HEIGHT, { threshold: 0.1 }) / (WIDTH * HEIGHT);
}
async function differingBytes(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = [await rgba(a), await rgba(b)];
  let n = 0;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) n++;
  return n;
}

// The first card pays for loading satori, HarfBuzz and the decoder: on a busy CI machine, a minute.
describe("brand fonts as WOFF2 and variable fonts", { timeout: 180_000 }, () => {
  it("stores a WOFF2 as the TTF it wraps: the same card, pixel for pixel, as the TTF upload", async () => {
    const woff2 = Buffer.from(await toWoff2(DEJAVU));
    expect(woff2.subarray(0, 4).toString("latin1")).toBe("wOF2");
    await kit.saveBrandFont(owner.userId, "dejavu-ttf", DEJAVU);
    await kit.saveBrandFont(owner.userId, "dejavu-woff2", woff2);
    const assets = await kit.listBrandAssets(owner.userId);
    // Unpacked on upload: stored at about the TTF's size (WOFF2 re-pads tables), not the WOFF2's.
    const stored = assets.find((a) => a.name === "dejavu-woff2")?.size ?? 0;
    expect(Math.abs(stored - DEJAVU.length)).toBeLessThan(DEJAVU.length * 0.01);
    expect(woff2.length).toBeLessThan(DEJAVU.length * 0.7);

    const fromTtf = await render(card("dejavu-ttf"));
    const fromWoff2 = await render(card("dejavu-woff2"));
    expect(await differingBytes(fromTtf, fromWoff2)).toBe(0);
    // …and the font is really drawn: the service's own font looks different.
    const plain = await render(card("dejavu-ttf").replaceAll(" font-family: 'brand:dejavu-ttf';", ""));
    expect(await unlike(fromTtf, plain)).toBeGreaterThan(0.02);
  });

  it("draws a variable font at the weights a card asks for, as the static fonts of the family", async () => {
    await kit.saveBrandFont(owner.userId, "inter-var", INTER_VARIABLE);
    await kit.saveBrandFont(owner.userId, "inter-regular", INTER("Regular"));
    await kit.saveBrandFont(owner.userId, "inter-bold", INTER("Bold"));

    const var400 = await render(card("inter-var", 400));
    const var700 = await render(card("inter-var", 700));
    const regular = await render(card("inter-regular", 400));
    const bold = await render(card("inter-bold", 700));
    // The static files are CFF outlines and the variable font TrueType ones: edges may round
    // differently, so agreement is measured beyond anti-aliasing, not byte for byte.
    expect(await unlike(var400, regular)).toBeLessThanOrEqual(0.005);
    expect(await unlike(var700, bold)).toBeLessThanOrEqual(0.005);
    // The two weights are not the same picture (satori alone drew both at the default, 400).
    expect(await unlike(var400, var700)).toBeGreaterThan(0.03);
    expect(await unlike(var700, regular)).toBeGreaterThan(0.03);
  });

  it("takes the variable font as WOFF2 too, and draws italic from its slant axis", async () => {
    await kit.saveBrandFont(owner.userId, "inter-var-woff2", Buffer.from(await toWoff2(INTER_VARIABLE)));
    const fromWoff2 = await render(card("inter-var-woff2", 700));
    const fromTtf = await render(card("inter-var", 700));
    expect(await differingBytes(fromWoff2, fromTtf)).toBe(0);

    const upright = await render(card("inter-var", 400, "normal"));
    const italic = await render(card("inter-var", 400, "italic"));
    // A slant moves every stem a little: fewer pixels change than between two weights.
    expect(await unlike(upright, italic)).toBeGreaterThan(0.01);
  });

  it("clamps a weight outside the font's range to its end", async () => {
    // Inter's weight range cut to 300–600 by HarfBuzz (a font as a foundry might ship it).
    const narrow = await subsetFont(INTER_VARIABLE, null, {
      keepAllGlyphs: true,
      variationAxes: { wght: { min: 300, max: 600 } },
      targetFormat: "truetype",
    });
    await kit.saveBrandFont(owner.userId, "inter-narrow", narrow);
    const at900 = await render(card("inter-narrow", 900));
    const at600 = await render(card("inter-narrow", 600));
    expect(await differingBytes(at900, at600)).toBe(0);
    expect(await unlike(at600, await render(card("inter-narrow", 400)))).toBeGreaterThan(0.02);
  });

  it("refuses damaged web fonts and bombs with the size they would be, before unpacking", async () => {
    const woff2 = Buffer.from(await toWoff2(DEJAVU));
    // Declares a 64 MB font in its header: refused without running the decoder.
    const claimsHuge = Buffer.from(woff2);
    claimsHuge.writeUInt32BE(64 * 1024 * 1024, 16);
    await expect(kit.saveBrandFont(owner.userId, "bomb", claimsHuge)).rejects.toThrow(
      /WOFF2 file unpacks to 64\.0 MB, more than the 2 MB/,
    );
    // A damaged Brotli stream.
    const damaged = Buffer.from(woff2);
    damaged.fill(0x55, 200, 400);
    await expect(kit.saveBrandFont(owner.userId, "bad", damaged)).rejects.toThrow(/could not be unpacked/);
    await expect(kit.saveBrandFont(owner.userId, "bad", Buffer.from("wOF2 and nothing else"))).rejects.toThrow(
      /could not be unpacked/,
    );

    // WOFF 1.0 whose one table is a zlib stream of 64 MB of zeros (about 64 KB) declared as 1 MB:
    // zlib stops at the declared size.
    const { deflateSync } = await import("node:zlib");
    const zeros = deflateSync(Buffer.alloc(64 * 1024 * 1024));
    const header = Buffer.alloc(44 + 20);
    header.write("wOFF", 0, "latin1");
    header.writeUInt32BE(0x00010000, 4);
    header.writeUInt32BE(header.length + zeros.length, 8);
    header.writeUInt16BE(1, 12);
    header.writeUInt32BE(1024 * 1024 + 12 + 16, 16);
    header.write("glyf", 44, "latin1");
    header.writeUInt32BE(header.length, 48);
    header.writeUInt32BE(zeros.length, 52);
    header.writeUInt32BE(1024 * 1024, 56);
    const woffBomb = Buffer.concat([header, zeros]);
    await expect(kit.saveBrandFont(owner.userId, "bomb", woffBomb)).rejects.toThrow(/WOFF file could not be unpacked/);
    // The same table honestly declared: refused for its size, not unpacked.
    header.writeUInt32BE(64 * 1024 * 1024, 56);
    await expect(kit.saveBrandFont(owner.userId, "bomb", Buffer.concat([header, zeros]))).rejects.toThrow(
      /WOFF file unpacks to 64\.0 MB/,
    );
    expect((await kit.listBrandAssets(owner.userId)).map((a) => a.name)).not.toContain("bomb");
  });
});

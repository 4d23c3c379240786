/**
 * The brand kit (D21) through the real pipeline, Postgres, satori and sharp: an uploaded font,
 * logo (PNG and SVG) and named colour used by name in an account template and drawn by GET /v1/og;
 * bad uploads refused; another account can neither see nor use the kit.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequest, createTestAccount, problemOf, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";

type Route = (request: Request) => Promise<Response>;
let og: Route;
let owner: TestAccount;
let stranger: TestAccount;
let store: typeof import("@/lib/studio/templates");
let kit: typeof import("@/lib/studio/brand-kit");

const FONT_DIR = path.join(process.cwd(), "node_modules/@fontsource/noto-sans-hebrew/files");
const FONT = readFileSync(path.join(FONT_DIR, "noto-sans-hebrew-latin-400-normal.woff"));

const TEXT_CARD = (font: string) => `<div style="background-color: #ffffff; width: 100%; height: 100%; padding: 40px">
  <p style="font-size: 64px; color: #000000${font}">Brand Kit Quality</p>
</div>`;

testEnvironment();

beforeAll(async () => {
  og = (await import("@/app/v1/og/route")).GET;
  store = await import("@/lib/studio/templates");
  kit = await import("@/lib/studio/brand-kit");
  owner = await createTestAccount({ plan: "pro" });
  stranger = await createTestAccount({ plan: "pro" });
});

afterAll(async () => {
  await (await import("@/lib/browser")).shutdownBrowsers();
});

const png = async (vars: Record<string, string>, account: TestAccount) => {
  const res = await og(
    apiRequest(`/v1/og?${new URLSearchParams({ width: "800", height: "300", ...vars })}`, { apiKey: account.apiKey }),
  );
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};
const raw = async (image: Buffer) =>
  (await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })).data;
const count = async (image: Buffer, rgb: number[]) => {
  const data = await raw(image);
  let n = 0;
  for (let i = 0; i < data.length; i += 3)
    if (data[i] === rgb[0] && data[i + 1] === rgb[1] && data[i + 2] === rgb[2]) n++;
  return n;
};
const differing = async (a: Buffer, b: Buffer) => {
  const [x, y] = [await raw(a), await raw(b)];
  let n = 0;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) n++;
  return n;
};

describe("the brand kit", () => {
  it("draws an uploaded font where a template asks for it, exactly as that font given directly", async () => {
    await kit.saveBrandFont(owner.userId, "heading", FONT);
    await store.saveTemplate(owner.userId, { name: "with-font", source: TEXT_CARD("; font-family: 'brand:heading'") });
    await store.saveTemplate(owner.userId, { name: "without-font", source: TEXT_CARD("") });
    const branded = await png({ template: "with-font" }, owner);
    const plain = await png({ template: "without-font" }, owner);
    expect(await differing(branded, plain)).toBeGreaterThan(2_000); // the text is drawn differently

    // The same compiled template with the font file handed straight to the renderer.
    const { renderOg } = await import("@/lib/og/render");
    const { compileTemplate } = await import("@/lib/og/account/compile");
    const compiled = compileTemplate(TEXT_CARD("; font-family: 'brand:heading'"), {
      fonts: new Set(["heading"]),
      images: new Set(),
      colors: new Set(),
    });
    const direct = await renderOg({
      template: {
        name: "direct",
        compiled,
        brand: {
          resolved: { colors: {}, images: {}, fonts: { heading: "Direct Font" } },
          fonts: [{ name: "Direct Font", data: FONT, weight: 400, style: "normal" }],
          fingerprint: "direct",
        },
      },
      variables: { text: {}, colors: {}, images: {}, lists: {} },
      width: 800,
      height: 300,
      format: "png",
      quality: 80,
    });
    expect(await differing(branded, direct.bytes)).toBe(0);
  });

  it("hands the brand font to the browser engine too, when the card's text needs Chromium", async () => {
    const card = (font: string) => `<variables><text name="title" default="x" /></variables>
<div style="background-color: #ffffff; width: 100%; height: 100%; padding: 40px">
  <p style="font-size: 56px; color: #000000${font}">Brand Kit {{title}}</p>
</div>`;
    await store.saveTemplate(owner.userId, { name: "rtl-font", source: card("; font-family: 'brand:heading'") });
    await store.saveTemplate(owner.userId, { name: "rtl-plain", source: card("") });
    const json = await og(
      apiRequest(`/v1/og?${new URLSearchParams({ template: "rtl-font", title: "שלום", response: "json" })}`, {
        apiKey: owner.apiKey,
      }),
    );
    expect(((await json.json()) as { render: { engine: string } }).render.engine).toBe("chromium");
    const branded = await png({ template: "rtl-font", title: "שלום" }, owner);
    const plain = await png({ template: "rtl-plain", title: "שלום" }, owner);
    expect(await differing(branded, plain)).toBeGreaterThan(2_000);
  });

  it("draws a logo (PNG, and SVG rasterized on upload) and a named colour", async () => {
    const red = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    await kit.saveBrandImage(owner.userId, "logo", red);
    await kit.saveBrandImage(
      owner.userId,
      "mark",
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="#0000ff"/></svg>`,
      ),
    );
    await kit.saveBrandColor(owner.userId, "primary", "#00ff00");
    await store.saveTemplate(owner.userId, {
      name: "logos",
      source: `<div style="background-color: brand:primary; width: 100%; height: 100%; gap: 20px">
  <img src="brand:logo" width="120" height="120" />
  <img src="brand:mark" width="120" height="120" />
</div>`,
    });
    const image = await png({ template: "logos" }, owner);
    expect(await count(image, [255, 0, 0])).toBe(120 * 120);
    expect(await count(image, [0, 0, 255])).toBe(120 * 120);
    expect(await count(image, [0, 255, 0])).toBe(800 * 300 - 2 * 120 * 120);

    // A changed colour is a new image, not the cached one.
    await kit.saveBrandColor(owner.userId, "primary", "#ffff00");
    const recoloured = await png({ template: "logos" }, owner);
    expect(await count(recoloured, [255, 255, 0])).toBe(800 * 300 - 2 * 120 * 120);
  });

  it("refuses a font that does not parse, an oversized file and an SVG with script", async () => {
    await expect(
      kit.saveBrandFont(owner.userId, "broken", Buffer.concat([Buffer.from("true"), Buffer.alloc(500, 7)])),
    ).rejects.toThrow(/could not be read/);
    await expect(kit.saveBrandFont(owner.userId, "broken", Buffer.from("hello, not a font"))).rejects.toThrow(
      /not a TTF, OTF, WOFF or WOFF2/,
    );
    await expect(kit.saveBrandFont(owner.userId, "broken", Buffer.alloc(3 * 1024 * 1024))).rejects.toThrow(
      /larger than 2 MB/,
    );
    await expect(kit.saveBrandImage(owner.userId, "big", Buffer.alloc(3 * 1024 * 1024))).rejects.toThrow(
      /larger than 2 MB/,
    );
    const svg = (inner: string) =>
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${inner}</svg>`);
    await expect(kit.saveBrandImage(owner.userId, "bad", svg(`<script>alert(1)</script>`))).rejects.toThrow(/script/);
    await expect(
      kit.saveBrandImage(owner.userId, "bad", svg(`<rect onload="x()" width="1" height="1"/>`)),
    ).rejects.toThrow(/event handler/);
    await expect(
      kit.saveBrandImage(owner.userId, "bad", svg(`<image href="https://example.com/x.png" width="1" height="1"/>`)),
    ).rejects.toThrow(/outside the file/);
    await expect(kit.saveBrandImage(owner.userId, "bad", svg(`<foreignObject></foreignObject>`))).rejects.toThrow(
      /foreignObject/,
    );
    await expect(kit.saveBrandImage(owner.userId, "bad", Buffer.from("GIF89a not really"))).rejects.toThrow(
      /could not be read/,
    );
    await expect(kit.saveBrandColor(owner.userId, "bad", "nope")).rejects.toThrow(/not a colour/);
    await expect(kit.saveBrandColor(owner.userId, "Bad Name", "#fff")).rejects.toThrow(/lowercase/);
    expect((await kit.listBrandAssets(owner.userId)).map((a) => a.name).sort()).toEqual([
      "heading",
      "logo",
      "mark",
      "primary",
    ]);
  });

  it("refuses an unknown brand name on save, with its line", async () => {
    await expect(
      store.saveTemplate(owner.userId, {
        name: "typo",
        source: `<div>\n<p style="color: brand:secondary">x</p></div>`,
      }),
    ).rejects.toMatchObject({ line: 2, message: expect.stringMatching(/no color named "secondary"/) });
    await expect(
      store.saveTemplate(owner.userId, {
        name: "typo",
        source: `<div>\n<img src="brand:nope" width="1" height="1" /></div>`,
      }),
    ).rejects.toMatchObject({ line: 2 });
    await expect(
      store.saveTemplate(owner.userId, { name: "typo", source: `<div style="font-family: Arial">x</div>` }),
    ).rejects.toThrow(/brand-kit font/);
  });

  it("is invisible to another account: not listed, not usable on save", async () => {
    expect(await kit.listBrandAssets(stranger.userId)).toEqual([]);
    expect(await kit.brandImageBytes(stranger.userId, "logo")).toBeNull();
    await expect(
      store.saveTemplate(stranger.userId, {
        name: "copy",
        source: `<div><img src="brand:logo" width="10" height="10" /></div>`,
      }),
    ).rejects.toThrow(/no image named "logo"/);
    await expect(
      store.saveTemplate(stranger.userId, { name: "copy", source: `<div style="font-family: brand:heading">x</div>` }),
    ).rejects.toThrow(/no font named "heading"/);
    // Deleting an asset a saved template uses: the render is a 400 naming it, not a broken image.
    expect(await kit.deleteBrandAsset(owner.userId, "image", "mark")).toBe(true);
    const gone = await problemOf(await og(apiRequest("/v1/og?template=logos", { apiKey: owner.apiKey })));
    expect(gone).toMatchObject({ status: 400, code: "template_not_found", param: "template" });
    expect(gone.detail).toMatch(/image "mark"/);
  });
});

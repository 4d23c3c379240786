/**
 * Account templates (D21) through the real pipeline, Postgres and result store: saved versions,
 * rendered by GET /v1/og with typed variables and defaults, listed with a key, invisible to
 * another account, an edit never served from the previous version's cache, and RTL variables
 * drawn by the browser engine.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequest, createTestAccount, problemOf, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";

type Route = (request: Request) => Promise<Response>;
let og: Route;
let templates: Route;
let owner: TestAccount;
let stranger: TestAccount;
let store: typeof import("@/lib/studio/templates");

const SOURCE = (bg: string) => `<variables>
  <text name="headline" default="Hello studio" required />
  <color name="ink" default="#ff0000" />
  <number name="size" default="80" />
</variables>
<div style="background-color: ${bg}; width: 100%; height: 100%; align-items: center; justify-content: center">
  <div style="width: 200px; height: 200px; background-color: {{ink}}"></div>
  <p style="font-size: {{size}}px; color: #000000">{{headline}}</p>
</div>`;

testEnvironment();

beforeAll(async () => {
  og = (await import("@/app/v1/og/route")).GET;
  templates = (await import("@/app/v1/og/templates/route")).GET;
  store = await import("@/lib/studio/templates");
  owner = await createTestAccount({ plan: "pro" });
  stranger = await createTestAccount({ plan: "pro" });
  const { Deadline, warmUp } = await import("@/lib/browser");
  await warmUp(new Deadline(90_000));
});

afterAll(async () => {
  await (await import("@/lib/browser")).shutdownBrowsers();
});

const get = (vars: Record<string, string>, account: TestAccount) =>
  og(apiRequest(`/v1/og?${new URLSearchParams(vars)}`, { apiKey: account.apiKey }));
const pixel = async (png: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 3;
  return [data[i], data[i + 1], data[i + 2]];
};

describe("an account template", () => {
  it("is rendered by name with its defaults and typed variables, and an edit is a new version and a new image", async () => {
    expect(await store.saveTemplate(owner.userId, { name: "promo", source: SOURCE("#ffffff") })).toBe(1);
    const first = await get({ template: "promo", width: "600", height: "400" }, owner);
    expect(first.status).toBe(200);
    const png = Buffer.from(await first.arrayBuffer());
    expect(await pixel(png, 5, 5)).toEqual([255, 255, 255]); // the template's background
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([600, 400]);

    const blue = Buffer.from(
      await (
        await get({ template: "promo", width: "600", height: "400", ink: "#0000ff", headline: "x" }, owner)
      ).arrayBuffer(),
    );
    const redSquare = await findColour(png, [255, 0, 0]); // the default ink
    const blueSquare = await findColour(blue, [0, 0, 255]);
    expect(redSquare).toBeGreaterThan(30_000);
    expect(blueSquare).toBeGreaterThan(30_000);

    expect(await store.saveTemplate(owner.userId, { name: "promo", source: SOURCE("#00ff00") })).toBe(2);
    const edited = await get({ template: "promo", width: "600", height: "400" }, owner);
    expect(edited.headers.get("x-cache")).toBe("MISS");
    expect(await pixel(Buffer.from(await edited.arrayBuffer()), 5, 5)).toEqual([0, 255, 0]);

    await store.restoreVersion(owner.userId, "promo", 1);
    const restored = await store.getTemplate(owner.userId, "promo");
    expect(restored).toMatchObject({ version: 3, source: SOURCE("#ffffff") });
    expect(restored!.versions.map((v) => v.version)).toEqual([3, 2, 1]);
  });

  it("refuses bad variables like a built-in template does", async () => {
    const badColour = await problemOf(await get({ template: "promo", ink: "nope" }, owner));
    expect(badColour).toMatchObject({ status: 400, code: "invalid_variable", param: "ink" });
    const unknown = await problemOf(await get({ template: "promo", subtitle: "x" }, owner));
    expect(unknown).toMatchObject({ status: 400, code: "invalid_variable", param: "subtitle" });
    const badNumber = await problemOf(await get({ template: "promo", size: "12abc" }, owner));
    expect(badNumber).toMatchObject({ status: 400, code: "invalid_variable", param: "size" });
  });

  it("is invisible to another account: answered exactly like a name nobody has", async () => {
    const theirs = await problemOf(await get({ template: "promo" }, stranger));
    const nobodys = await problemOf(await get({ template: "no-such-template" }, stranger));
    expect(theirs).toMatchObject({ status: 400, code: "template_not_found", param: "template" });
    expect(theirs.detail).toBe(String(nobodys.detail).replace("no-such-template", "promo"));
    const listing = (await (await templates(apiRequest("/v1/og/templates", { apiKey: stranger.apiKey }))).json()) as {
      accountTemplates: unknown[];
    };
    expect(listing.accountTemplates).toEqual([]);
    expect(await store.getTemplate(stranger.userId, "promo")).toBeNull();
  });

  it("is listed with its variables for its own key only; without a key only built-ins", async () => {
    const mine = await templates(apiRequest("/v1/og/templates", { apiKey: owner.apiKey }));
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    const body = (await mine.json()) as {
      accountTemplates: Array<{ name: string; variables: Array<{ name: string; type: string }>; exampleQuery: string }>;
    };
    expect(body.accountTemplates.map((t) => t.name)).toEqual(["promo"]);
    expect(body.accountTemplates[0].variables.map((v) => [v.name, v.type])).toEqual([
      ["headline", "text"],
      ["ink", "color"],
      ["size", "number"],
    ]);
    const anonymous = (await (await templates(new Request("http://localhost:3000/v1/og/templates"))).json()) as Record<
      string,
      unknown
    >;
    expect(anonymous.accountTemplates).toBeUndefined();
    const badKey = await templates(apiRequest("/v1/og/templates", { apiKey: "sk_live_nope" }));
    expect(badKey.status).toBe(401);
  });

  it("draws a right-to-left variable through the browser engine", async () => {
    const res = await get({ template: "promo", headline: "مرحبا بالعالم", response: "json" }, owner);
    const body = (await res.json()) as { render: { engine: string; scripts: string[] } };
    expect(body.render).toMatchObject({ engine: "chromium", scripts: ["Arabic"] });
  });

  it("cannot take a built-in name, and a broken source is refused with its line", async () => {
    await expect(store.saveTemplate(owner.userId, { name: "default", source: SOURCE("#fff") })).rejects.toThrow(
      /built-in/,
    );
    await expect(
      store.saveTemplate(owner.userId, { name: "broken", source: `<div>\n<script></script></div>` }),
    ).rejects.toMatchObject({ line: 2 });
    await expect(
      store.saveTemplate(owner.userId, {
        name: "bad-default",
        source: `<variables>\n<color name="c" default="nope" />\n</variables><div>x</div>`,
      }),
    ).rejects.toMatchObject({ line: 2 });
    expect(await store.getTemplate(owner.userId, "broken")).toBeNull();
  });
});

async function findColour(png: Buffer, rgb: number[]): Promise<number> {
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let i = 0; i < data.length; i += 3)
    if (data[i] === rgb[0] && data[i + 1] === rgb[1] && data[i + 2] === rgb[2]) n++;
  return n;
}

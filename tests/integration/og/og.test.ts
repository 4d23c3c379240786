/**
 * GET /v1/og through the real pipeline (keys, plans, Postgres) and result store: images, cache
 * HIT/MISS, response=json and the files route, plan gate, every 400, image_url fetching, the 504.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequest, createTestAccount, problemOf, rendersOf, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { expectDocumented } from "@/tests/support/documented";
import { ogMetadataSchema } from "@/lib/og/schema";
import { startImageServer, type ImageServer } from "@/tests/support/image-server";

type Route = (request: Request) => Promise<Response>;

let images: ImageServer;
let og: Route;
let slowOg: Route;
let templatesRoute: Route;
let files: (request: Request, file: string) => Promise<Response>;
let pro: TestAccount;

beforeAll(async () => {
  images = await startImageServer();
});

testEnvironment(() => ({ extra: { ALLOW_PRIVATE_ORIGINS: images.origin } }));

beforeAll(async () => {
  const { apiRoute } = await import("@/lib/api/pipeline");
  const { ogEndpoint } = await import("@/lib/og/endpoint");
  const { createOgHandler } = await import("@/lib/og/handler");
  og = (await import("@/app/v1/og/route")).GET;
  slowOg = apiRoute(ogEndpoint, createOgHandler({ timeoutMs: 500 }));
  templatesRoute = (await import("@/app/v1/og/templates/route")).GET;
  files = (await import("@/lib/results/files")).serveStoredFile;
  pro = await createTestAccount({ plan: "pro" });
});

afterAll(async () => {
  await images?.close();
});

const query = (vars: Record<string, string>) => `/v1/og?${new URLSearchParams(vars)}`;
const get = (vars: Record<string, string>, account: TestAccount = pro, route: Route = og) =>
  route(apiRequest(query(vars), { apiKey: account.apiKey }));
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe("GET /v1/og/templates", () => {
  it("lists the four templates and their variables without a key", async () => {
    const res = await templatesRoute(new Request("http://localhost:3000/v1/og/templates"));
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      templates: Array<{ name: string; variables: Array<{ name: string; type: string; required: boolean }> }>;
    };
    expect(body.templates.map((t) => t.name)).toEqual(["default", "blog-post", "stats-card", "changelog-card"]);
    const blog = body.templates.find((t) => t.name === "blog-post")!;
    expect(blog.variables.find((v) => v.name === "avatar")).toMatchObject({ type: "image_url", required: false });
    expect(blog.variables.find((v) => v.name === "title")).toMatchObject({ type: "text", required: true });
    const changelog = body.templates.find((t) => t.name === "changelog-card")!;
    expect(changelog.variables.find((v) => v.name === "change_items")).toMatchObject({ type: "list" });
  });
});

describe("rendering and the cache", () => {
  it("renders a PNG, then serves identical bytes as a HIT", async () => {
    const vars = { template: "default", title: "Cache me", accent: "#ff0000" };
    const miss = await get(vars);
    expect(miss.status).toBe(200);
    expect(miss.headers.get("content-type")).toBe("image/png");
    expect(miss.headers.get("x-cache")).toBe("MISS");
    expect(Number(miss.headers.get("x-render-time"))).toBeGreaterThanOrEqual(0);
    const first = await bytesOf(miss);
    expect(Number(miss.headers.get("x-image-size"))).toBe(first.length);
    const meta = await sharp(first).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);

    const hit = await get(vars);
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(Buffer.compare(await bytesOf(hit), first)).toBe(0);

    // Same colour spelled differently, variables in another order: the same cache entry.
    const respelled = await get({ accent: "rgb(255 0 0)", title: "Cache me", template: "default" });
    expect(respelled.headers.get("x-cache")).toBe("HIT");
  });

  it("keys on every variable, the size and the format", async () => {
    const base = { template: "stats-card", title: "Keys", stat1_number: "1", stat1_label: "one" };
    expect((await get(base)).headers.get("x-cache")).toBe("MISS");
    expect((await get({ ...base, stat2_number: "2" })).headers.get("x-cache")).toBe("MISS");
    expect((await get({ ...base, width: "600" })).headers.get("x-cache")).toBe("MISS");
    const jpg = await get({ ...base, format: "jpg", quality: "50" });
    expect([jpg.headers.get("x-cache"), jpg.headers.get("content-type")]).toEqual(["MISS", "image/jpeg"]);
    expect((await get({ ...base, format: "jpg", quality: "90" })).headers.get("x-cache")).toBe("MISS");
    // quality does nothing for PNG, so it is not part of the key there (D6).
    expect((await get({ ...base, quality: "10" })).headers.get("x-cache")).toBe("HIT");
  });

  it.each([
    ["jpg", "jpeg", "image/jpeg"],
    ["webp", "webp", "image/webp"],
  ])("format=%s decodes at the requested size", async (format, decoded, type) => {
    const res = await get({
      template: "changelog-card",
      version: "v1.2.3",
      change_items: "One\nTwo",
      format,
      width: "640",
      height: "480",
    });
    expect(res.headers.get("content-type")).toBe(type);
    const meta = await sharp(await bytesOf(res)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([decoded, 640, 480]);
  });

  it("response=json returns D7 metadata whose imageUrl serves the same image", async () => {
    const vars = { template: "blog-post", title: "JSON", author: "Ada", response: "json" };
    const miss = await get(vars);
    expect(miss.headers.get("content-type")).toMatch(/^application\/json/);
    const a = expectDocumented(ogMetadataSchema, await miss.json());
    expect(Object.keys(a).sort()).toEqual([
      "cachedAt",
      "expiresAt",
      "format",
      "height",
      "imageUrl",
      "render",
      "renderTime",
      "size",
      "template",
      "width",
    ]);
    expect(a).toMatchObject({
      template: "blog-post",
      width: 1200,
      height: 630,
      format: "png",
      cachedAt: null,
      render: { engine: "satori" },
    });
    const b = expectDocumented(ogMetadataSchema, await (await get(vars)).json());
    expect(typeof b.cachedAt).toBe("number");
    expect(b.imageUrl).toBe(a.imageUrl);

    const file = String(a.imageUrl).split("/").pop()!;
    const served = await files(new Request(String(a.imageUrl)), file);
    expect(served.status).toBe(200);
    const bytes = await bytesOf(served);
    expect(bytes.length).toBe(a.size);
    expect((await sharp(bytes).metadata()).width).toBe(1200);
  });
});

describe("plans", () => {
  it.each(["free", "starter"] as const)("%s gets 403 plan_upgrade_required", async (plan) => {
    const account = await createTestAccount({ plan });
    const problem = await problemOf(await get({ template: "default", title: "Hi" }, account));
    expect(problem).toMatchObject({ status: 403, code: "plan_upgrade_required" });
    expect(problem.detail).toContain("Pro");
  });

  it("validates before the plan gate: a Free caller with a bad template gets the 400", async () => {
    const account = await createTestAccount({ plan: "free" });
    expect(await problemOf(await get({ template: "nope" }, account))).toMatchObject({
      status: 400,
      code: "template_not_found",
    });
  });

  it("business may render too", async () => {
    const account = await createTestAccount({ plan: "business" });
    expect((await get({ template: "default", title: "Business" }, account)).status).toBe(200);
  });
});

describe("bad requests", () => {
  const twentyOne = Array.from({ length: 21 }, (_, i) => `Item ${i + 1}`).join("\n");
  it.each([
    ["missing template", { title: "x" }, "missing_parameter", "template"],
    ["unknown template", { template: "poster", title: "x" }, "template_not_found", "template"],
    ["unknown variable", { template: "default", title: "x", subtitle: "y" }, "invalid_variable", "subtitle"],
    [
      "missing required variable",
      { template: "stats-card", title: "x", stat1_number: "1" },
      "invalid_variable",
      "stat1_label",
    ],
    ["bad colour", { template: "default", title: "x", accent: "#12" }, "invalid_variable", "accent"],
    ["named colour", { template: "default", title: "x", bgColor: "red" }, "invalid_variable", "bgColor"],
    [
      "http image",
      { template: "blog-post", title: "x", avatar: "http://example.com/a.png" },
      "invalid_variable",
      "avatar",
    ],
    [
      "21 list items",
      { template: "changelog-card", version: "1", change_items: twentyOne },
      "invalid_variable",
      "change_items",
    ],
    ["301-character text", { template: "default", title: "x".repeat(301) }, "invalid_variable", "title"],
    ["width below 100", { template: "default", title: "x", width: "99" }, "parameter_out_of_range", "width"],
    ["height above 4096", { template: "default", title: "x", height: "4097" }, "parameter_out_of_range", "height"],
    ["pdf format", { template: "default", title: "x", format: "pdf" }, "invalid_parameter", "format"],
  ])("%s → 400 %s naming %s", async (_what, vars, code, param) => {
    const res = await get(vars as Record<string, string>);
    expect(await problemOf(res)).toMatchObject({ status: 400, code, param });
  });
});

describe("image_url variables", () => {
  const avatarAt = (url: string) => ({
    template: "blog-post",
    title: "Avatar",
    author: "Ada",
    avatar: url,
    bgColor: "#ffffff",
  });

  it("fetches the avatar, draws it as a circle, and does not fetch it again on a HIT", async () => {
    const res = await get(avatarAt(`${images.origin}/red.png`));
    expect(res.status).toBe(200);
    const { data, info } = await sharp(await bytesOf(res))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    const { makeTheme } = await import("@/lib/og/templates/theme");
    const t = makeTheme(1200, 630, {});
    const size = Math.round(76 * t.u);
    const cx = t.padX + size / 2;
    const cy = 630 - t.padY - size / 2;
    expect(at(Math.round(cx), Math.round(cy))).toEqual([255, 0, 0]); // centre: the image
    expect(at(t.padX + 2, 630 - t.padY - 2)).toEqual([255, 255, 255]); // square's corner: outside the circle
    expect(images.hits.get("/red.png")).toBe(1);

    expect((await get(avatarAt(`${images.origin}/red.png`))).headers.get("x-cache")).toBe("HIT");
    expect(images.hits.get("/red.png")).toBe(1);
  });

  it.each([
    ["a 404", "/missing.png", /HTTP 404/],
    ["an HTML page", "/page.html", /not an image/],
    ["bytes that are not an image", "/fake.png", /not a PNG, JPEG/],
    ["a file over 5 MB", "/huge.png", /larger than 5 MB/],
  ])("%s is 400 invalid_variable naming the variable", async (_what, path, detail) => {
    const problem = await problemOf(await get(avatarAt(`${images.origin}${path}`)));
    expect(problem).toMatchObject({ status: 400, code: "invalid_variable", param: "avatar" });
    expect(problem.detail).toMatch(detail);
  });

  it("spends a render of the monthly quota only when the image loaded and the card rendered", async () => {
    const account = await createTestAccount({ plan: "pro" });
    const renders = () => rendersOf(account);
    expect((await get(avatarAt(`${images.origin}/missing.png`), account)).status).toBe(400);
    expect(await renders()).toBe(0);
    expect((await get({ ...avatarAt(`${images.origin}/red.png`), title: "Quota" }, account)).status).toBe(200);
    expect(await renders()).toBe(1);
  });

  it("a private address that is not allow-listed is refused without a request", async () => {
    // Loopback on a port nobody listens on: refused by the address policy, before connecting.
    const problem = await problemOf(await get(avatarAt("https://127.0.0.1:9/a.png")));
    expect(problem).toMatchObject({ status: 400, code: "invalid_variable", param: "avatar" });
    expect(problem.detail).toMatch(/non-public|private/);
  });

  it("a render past the time limit is 504 render_timeout", async () => {
    const res = await get(avatarAt(`${images.origin}/slow.png`), pro, slowOg);
    const problem = await problemOf(res);
    expect(problem).toMatchObject({ status: 504, code: "render_timeout" });
    expect(problem.detail).toMatch(/ Retry: the render continues/); // OG has no timeout parameter to raise
  });
});

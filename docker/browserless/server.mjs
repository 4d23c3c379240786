/**
 * browserless (npm @browserless.io/browserless) with Debian's Chromium: the browser service of
 * compose.yaml (Dockerfile target `browserless`) and the browserless the tests and the fleet
 * benchmark start (tests/support/browserless-child.mjs), so both run the same launcher.
 * - browserless finds its browser through playwright-core's revision path, so that path (under
 *   PLAYWRIGHT_BROWSERS_PATH) is linked to the system Chromium;
 * - it reads its package.json and its own playwright-core (node_modules/playwright-core) from the
 *   working directory, so it runs in its package directory, where that playwright-core is linked
 *   when npm hoisted it to the install's root.
 * `--prepare` makes both links and exits (the image does it when it is built, so the running
 * container writes nothing); a plain start makes those that are missing. Routes for browsers that
 * are not installed (Chrome, Edge, Firefox, WebKit) are switched off, or browserless refuses to
 * start. HOST, PORT, TOKEN, TIMEOUT and CONCURRENT are browserless's own settings, read from the
 * environment.
 */
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const blessEntry = fileURLToPath(import.meta.resolve("@browserless.io/browserless"));
const packageDir = path.dirname(path.dirname(blessEntry)); // …/@browserless.io/browserless (entry: build/exports.js)
// browserless's own playwright-core (its revision, not the project's), as browserless resolves it.
const playwrightDir = path.dirname(createRequire(blessEntry).resolve("playwright-core/package.json"));
const nested = path.join(packageDir, "node_modules", "playwright-core");
if (!existsSync(nested)) {
  mkdirSync(path.dirname(nested), { recursive: true });
  symlinkSync(playwrightDir, nested);
}
const playwright = await import(pathToFileURL(path.join(playwrightDir, "index.js")).href);
const executable = (playwright.chromium ?? playwright.default.chromium).executablePath();
if (!existsSync(executable)) {
  mkdirSync(path.dirname(executable), { recursive: true });
  symlinkSync(process.env.GLANCE_CHROMIUM ?? "/usr/bin/chromium", executable);
}

if (!process.argv.includes("--prepare")) {
  process.chdir(packageDir);
  const bless = await import("@browserless.io/browserless");
  const server = new bless.Browserless();
  const absent = [
    bless.BrowserlessChromeRoutes,
    bless.BrowserlessEdgeRoutes,
    bless.BrowserlessFirefoxRoutes,
    bless.BrowserlessWebKitRoutes,
  ];
  server.disableRoutes(
    ...absent.flatMap((routes) => Object.values(routes)),
    bless.BrowserlessChromiumRoutes.ChromiumPlaywrightWebSocketRoute,
  );
  await server.start();
  process.send?.("ready"); // a parent that forked this file (the tests) waits for it
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, () => void server.stop().finally(() => process.exit(0)));
  }
}

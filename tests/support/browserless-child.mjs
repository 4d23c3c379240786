/**
 * Child process that runs browserless (npm @browserless.io/browserless) for the tests and the
 * fleet benchmark, with Debian's Chromium: browserless finds its browser through playwright-core's
 * revision path, so PLAYWRIGHT_BROWSERS_PATH gets that path linked to the system Chromium. Routes
 * for browsers that are not installed (Chrome, Edge, Firefox, WebKit) are switched off, or
 * browserless refuses to start. HOST, PORT and TOKEN come from the parent's environment.
 */
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// browserless's own playwright-core (its revision, not the project's), as browserless resolves it.
const blessEntry = fileURLToPath(import.meta.resolve("@browserless.io/browserless"));
const playwright = await import(pathToFileURL(createRequire(blessEntry).resolve("playwright-core")).href);
const executable = (playwright.chromium ?? playwright.default.chromium).executablePath();
if (!existsSync(executable)) {
  mkdirSync(path.dirname(executable), { recursive: true });
  symlinkSync(process.env.GLANCE_CHROMIUM ?? "/usr/bin/chromium", executable);
}

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
process.send?.("ready");
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => void server.stop().finally(() => process.exit(0)));
}

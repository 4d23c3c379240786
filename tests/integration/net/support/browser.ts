/** Launches the machine's Chromium the way the service does, with or without the boundary flags. */
import { existsSync } from "node:fs";
import puppeteer, { type Browser } from "puppeteer-core";
import { BROWSER_OWN_TRAFFIC_SINK, chromiumHardeningFlags } from "@/lib/net/chromium";

function chromePath(): string {
  const candidates = [
    process.env.CHROME_PATH,
    "/usr/lib/chromium/chromium",
    "/usr/bin/chromium",
    "/usr/bin/google-chrome",
  ];
  const found = candidates.find((p): p is string => Boolean(p && existsSync(p)));
  if (!found) throw new Error("no Chromium found (set CHROME_PATH)");
  return found;
}

export function launchChromium(extraArgs: string[]): Promise<Browser> {
  return puppeteer.launch({
    executablePath: chromePath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  });
}

/**
 * The service's hardening flags with a guard as the browser-wide proxy instead of the sink: for
 * tests of the guard itself as the boundary (pages in contexts without a proxy of their own).
 */
export function guardAsBrowserProxyFlags(guardUrl: string): string[] {
  const host = new URL(guardUrl).hostname.replace(/^\[|\]$/g, "");
  return chromiumHardeningFlags(host).map((flag) =>
    flag === `--proxy-server=${BROWSER_OWN_TRAFFIC_SINK}` ? `--proxy-server=${guardUrl}` : flag,
  );
}

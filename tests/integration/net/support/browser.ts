/** Launches the machine's Chromium the way the service does, with or without the boundary flags. */
import { existsSync } from "node:fs";
import puppeteer, { type Browser } from "puppeteer-core";

export function chromePath(): string {
  const candidates = [process.env.CHROME_PATH, "/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/google-chrome"];
  const found = candidates.find((p): p is string => Boolean(p && existsSync(p)));
  if (!found) throw new Error("no Chromium found (set CHROME_PATH)");
  return found;
}

export function launchChromium(extraArgs: string[]): Promise<Browser> {
  return puppeteer.launch({
    executablePath: chromePath(),
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", ...extraArgs],
  });
}

/**
 * The client side of `npm run bench:sessions` (bench/sessions.ts), in a process of its own as a
 * customer's script would be: the same puppeteer-core code sends `Runtime.evaluate` straight to
 * a Chromium of its own (its DevTools WebSocket) and through Glance (SESSIONS_ENDPOINT with
 * SESSIONS_KEY), in interleaved rounds, then times sessions from connect to a first page.
 * Prints one JSON line: { direct, glance, usable } in milliseconds.
 */
import puppeteer, { type Browser, type CDPSession } from "puppeteer-core";

const ROUNDS = 5;
const PER_ROUND = 200;
const SESSIONS = 30;

const endpoint = process.env.SESSIONS_ENDPOINT!;
const headers = { "X-API-Key": process.env.SESSIONS_KEY! };

async function evaluateOn(browser: Browser): Promise<CDPSession> {
  const page = await browser.newPage();
  await page.goto("about:blank");
  return page.createCDPSession();
}

async function roundTrips(cdp: CDPSession, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await cdp.send("Runtime.evaluate", { expression: "1 + 1", returnByValue: true });
    times.push(performance.now() - t0);
  }
  return times;
}

const own = await puppeteer.launch({
  executablePath: process.env.SESSIONS_CHROME!,
  headless: true,
  args: ["--no-sandbox", "--remote-debugging-port=0"],
});
const viaGlance = await puppeteer.connect({ browserWSEndpoint: endpoint, headers });
const directCdp = await evaluateOn(own);
const glanceCdp = await evaluateOn(viaGlance);
await roundTrips(directCdp, 50);
await roundTrips(glanceCdp, 50);
const direct: number[] = [];
const glance: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  direct.push(...(await roundTrips(directCdp, PER_ROUND)));
  glance.push(...(await roundTrips(glanceCdp, PER_ROUND)));
}
await viaGlance.close();
await own.close();

const usable: number[] = [];
for (let i = 0; i < SESSIONS + 3; i++) {
  const t0 = performance.now();
  const browser = await puppeteer.connect({ browserWSEndpoint: endpoint, headers });
  await browser.newPage();
  const elapsed = performance.now() - t0;
  if (i >= 3) usable.push(elapsed); // the first three warm the path (modules, the pool)
  await browser.close();
  // The session's end is written after the close: let it land before the next one starts.
  await new Promise((resolve) => setTimeout(resolve, 100));
}
process.stdout.write(`${JSON.stringify({ direct, glance, usable })}\n`);

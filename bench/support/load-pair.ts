/**
 * The screenshot benchmark's load pair (wrk): a route against a trivial route of the same server
 * serving the same bytes, saturating (throughput) and then paced (latency).
 */
import { runWrk, type LoadResult } from "./wrk";

export interface LoadSettings {
  connections: number;
  durationSec: number;
  /** Each measured run is preceded by an uncounted one this long (JIT, pools). */
  warmUpSec: number;
}

export interface LoadPair {
  c: LoadResult;
  e: LoadResult;
  paced: { rate: number; c: LoadResult; e: LoadResult };
}

const pauseMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Paced load for the latency target: this share of the trivial route's measured capacity. */
const PACED_SHARE = 0.5;

/**
 * (e) then (c) against one server, each after a short warm-up run (JIT, pools) that is not
 * counted: first saturating (throughput), then both paced at the same fixed rate, half of what
 * (e) managed (latency: p99 of a service that is loaded but not queueing behind the generator).
 */
export async function loadPair(
  settings: LoadSettings,
  origin: string,
  hitPath: string,
  keys: Array<Record<string, string>>,
): Promise<LoadPair> {
  const load = (
    url: string,
    headerSets?: Array<Record<string, string>>,
    durationSec = settings.durationSec,
    ratePerSec?: number,
  ) => runWrk(url, { connections: settings.connections, durationSec, headerSets, ratePerSec });
  await load(`${origin}/bench/static`, undefined, settings.warmUpSec);
  await load(`${origin}${hitPath}`, keys, settings.warmUpSec);
  await pauseMs(1000);
  const e = await load(`${origin}/bench/static`);
  await pauseMs(1000);
  const c = await load(`${origin}${hitPath}`, keys);
  const rate = Math.round(e.rps * PACED_SHARE);
  await pauseMs(1000);
  const ePaced = await load(`${origin}/bench/static`, undefined, settings.durationSec, rate);
  await pauseMs(1000);
  const cPaced = await load(`${origin}${hitPath}`, keys, settings.durationSec, rate);
  return { c, e, paced: { rate, c: cPaced, e: ePaced } };
}

/**
 * Network filter engines (Ghostery's matcher) built from the lists shipped in this folder.
 * Parsing the ~80k-filter ad list takes about a second, so the built engine is cached under
 * DATA_DIR, keyed by the list's content hash and the engine version, and loaded in ~20 ms after.
 */
import "server-only";
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { ENGINE_VERSION, FiltersEngine, Request, type RequestType } from "@ghostery/adblocker";
import { env } from "@/lib/env";
import { FILTER_LISTS, type FilterListName } from "./lists";

interface FilterVerdict {
  blocked: boolean;
  /** The list's filter that decided, for logs and tests. */
  filter?: string;
}

export interface FilterEngine {
  readonly name: FilterListName;
  match(url: string, sourceUrl: string, type: RequestType): FilterVerdict;
}

/** Where the shipped lists live; the app always runs from the repository root. */
function filterListPath(name: FilterListName): string {
  return path.join(process.cwd(), "lib", "page", "filters", FILTER_LISTS[name].file);
}

const loading = new Map<FilterListName, Promise<FilterEngine>>();

export function filterEngine(name: FilterListName): Promise<FilterEngine> {
  let engine = loading.get(name);
  if (!engine) {
    engine = buildEngine(name);
    engine.catch(() => loading.delete(name));
    loading.set(name, engine);
  }
  return engine;
}

async function buildEngine(name: FilterListName): Promise<FilterEngine> {
  const text = await readFile(filterListPath(name), "utf8");
  const digest = createHash("sha256").update(text).digest("hex").slice(0, 16);
  const cacheFile = path.join(env().DATA_DIR, "filters", `${name}-${ENGINE_VERSION}-${digest}.engine`);

  let engine: FiltersEngine | undefined;
  try {
    engine = FiltersEngine.deserialize(new Uint8Array(await readFile(cacheFile)));
  } catch {
    // No cache yet (or from another engine version): parse and store.
  }
  if (!engine) {
    engine = FiltersEngine.parse(text, { loadCosmeticFilters: false, loadNetworkFilters: true, debug: true });
    await saveAtomically(cacheFile, engine.serialize()).catch(() => {
      // A read-only DATA_DIR only costs the parse time on the next start.
    });
  }
  const ready = engine;
  return {
    name,
    match(url, sourceUrl, type) {
      const { match, filter } = ready.match(Request.fromRawDetails({ url, sourceUrl, type }));
      return { blocked: match, filter: filter?.toString() };
    },
  };
}

async function saveAtomically(file: string, bytes: Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, bytes);
  await rename(temp, file);
}

import { definePipelineSuite } from "./pipeline-suite";

// The embedded default: PGlite under a private DATA_DIR, counters in memory.
definePipelineSuite("embedded default", { database: "embedded" });

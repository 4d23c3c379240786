// Prints one closing line over every runner's results: "N passed, N failed, N skipped".
import { existsSync, readFileSync } from "node:fs";

let passed = 0,
  failed = 0,
  skipped = 0;
for (const file of [".test-reports/unit.json", ".test-reports/integration.json", ".test-reports/docker.json"]) {
  if (!existsSync(file)) continue;
  const r = JSON.parse(readFileSync(file, "utf8"));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
if (existsSync(".test-reports/e2e.json")) {
  const s = JSON.parse(readFileSync(".test-reports/e2e.json", "utf8")).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);

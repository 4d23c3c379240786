/** Writes the SDKs' generated files (scripts/sdk-sources.ts, D29): `npm run sdk:generate`. */
import { writeFile } from "node:fs/promises";
import { sdkSources } from "./sdk-sources";

for (const [file, text] of Object.entries(await sdkSources())) {
  await writeFile(file, text);
  process.stdout.write(`wrote ${file}\n`);
}

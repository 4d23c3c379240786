/**
 * A screenshot, an Open Graph image and an error, with the SDK.
 * GLANCE_API_KEY=sk_live_… GLANCE_BASE_URL=https://glance.example.com node quickstart.js [page URL]
 */
import { writeFile } from "node:fs/promises";
import { Glance, GlanceError } from "glance-sdk";

const glance = new Glance({ apiKey: process.env.GLANCE_API_KEY!, baseUrl: process.env.GLANCE_BASE_URL });
const page = process.argv[2] ?? "https://example.com";

const shot = await glance.screenshot({ url: page, width: 1280, height: 800, format: "png" });
await writeFile("screenshot.png", shot.data);
console.log(`screenshot.png: ${shot.data.byteLength} bytes (cache ${shot.cache})`);

const card = await glance.og({ template: "default", variables: { title: "Made with the Glance SDK" } });
await writeFile("og.png", card.data);
console.log(`og.png: ${card.data.byteLength} bytes`);

try {
  await glance.screenshot({ url: page, width: 99_999 });
} catch (error) {
  if (!(error instanceof GlanceError)) throw error;
  console.log(`refused: ${error.status} ${error.code}`);
}

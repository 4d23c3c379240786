/**
 * A signed OG image URL for public HTML (og:image, <img src>), valid for a week.
 * GLANCE_BASE_URL=… GLANCE_KEY_ID=pk_live_… GLANCE_SIGNING_SECRET=… node signed-url.js "Page title"
 */
import { signUrl } from "glance-sdk";

const url = await signUrl({
  baseUrl: process.env.GLANCE_BASE_URL!,
  path: "/v1/og",
  params: { template: "default", variables: { title: process.argv[2] ?? "Hello world" } },
  keyId: process.env.GLANCE_KEY_ID!,
  signingSecret: process.env.GLANCE_SIGNING_SECRET!,
  expires: new Date(Date.now() + 7 * 24 * 3600 * 1000),
});
console.log(url);

import { describeInstances } from "./instances-suite";

// The instances share Upstash only (no REDIS_URL): PUBLISH over REST, subscriptions streamed over
// HTTP, through the stand-in in front of the real Redis (tests/support/upstash-bridge.ts).
describeInstances("upstash");

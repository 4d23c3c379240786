import { describeInstances } from "./instances-suite";

// The instances share a TCP Redis (REDIS_URL): pub/sub over ioredis.
describeInstances("redis");

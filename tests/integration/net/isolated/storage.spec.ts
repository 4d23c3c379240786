/**
 * Customer storage endpoints under the capture URL's policy (D20, D9): when saved
 * (validateStorageInput) every spelling of the canary, the metadata service and names resolving to
 * private addresses are 400s; when uploading (putObject, the pinned S3 client) a DNS-rebinding
 * name never reaches loopback, and an S3 server at a public address gets the object.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/vocabulary/errors";
import { validateStorageInput } from "@/lib/storage/config";
import { putObject } from "@/lib/storage/s3";
import { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, startS3Server, type S3TestServer } from "@/tests/support/s3-server";
import { CANARY_HOSTS } from "../support/fixture-site";
import { setAllowedOrigins, sleep, startWorld, type World } from "../support/world";

let world: World;
let P: number;
let s3: S3TestServer;

beforeAll(async () => {
  world = await startWorld();
  P = world.canary.port;
  // Every address of the namespace, so the stand-in public address (www.public.test) reaches it.
  s3 = await startS3Server({ address: "::" });
  setAllowedOrigins([]);
});

afterAll(async () => {
  await s3?.close();
  await world?.close();
});

beforeEach(() => world.canary.reset());

function settings(endpoint: string) {
  return {
    endpoint,
    region: "us-east-1",
    bucket: s3.bucket,
    prefix: "",
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
  };
}

async function saveVerdict(endpoint: string): Promise<string> {
  try {
    await validateStorageInput(settings(endpoint), false);
    return "accepted";
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

async function uploadVerdict(endpoint: string, key: string): Promise<string> {
  try {
    await putObject(settings(endpoint), key, Buffer.from("png bytes"), "image/png");
    return "uploaded";
  } catch (error) {
    return error instanceof ApiError ? error.code : "failed";
  }
}

describe("a storage endpoint when saved", () => {
  it("refuses every spelling of the canary, the metadata service and names resolving to private addresses", async () => {
    const wrong: string[] = [];
    const endpoints = [
      ...CANARY_HOSTS.filter((h) => h !== "rebind.test").map((h) => `http://${h}:${P}`),
      "http://169.254.169.254",
      "http://metadata.google.internal",
      "https://mixed.test",
      "http://192.168.1.1:9000",
      "http://[fd00::1]:9000",
    ];
    for (const endpoint of endpoints) {
      const verdict = await saveVerdict(endpoint);
      if (verdict !== "private_address") wrong.push(`${endpoint} → ${verdict}`);
    }
    expect(wrong).toEqual([]);
    expect(await saveVerdict("https://no-such-host.test")).toBe("target_unreachable");
    expect(await saveVerdict("https://public.test")).toBe("accepted");
    expect(world.canary.events).toEqual([]);
  });
});

describe("an upload", () => {
  it("refuses the canary and the metadata service before connecting", async () => {
    expect(await uploadVerdict(`http://canary.test:${P}`, "a.png")).toBe("private_address");
    expect(await uploadVerdict(`http://169.254.169.254:${P}`, "a.png")).toBe("private_address");
    await sleep(50);
    expect(world.canary.events).toEqual([]);
  });

  it("pins the checked address: a rebinding name never reaches loopback", async () => {
    // rebind.test answers a public address and loopback in turn (TTL 0): whichever answer the
    // check gets, the SDK's connection never goes to loopback.
    for (let i = 0; i < 4; i++) {
      expect(["private_address", "failed"]).toContain(
        await uploadVerdict(`http://rebind.test:${P}`, `rebind-${i}.png`),
      );
    }
    await sleep(50);
    expect(world.canary.events).toEqual([]);
  });

  it("reaches an S3 server at a public address, with the object's content type", async () => {
    const port = s3.port;
    expect(await uploadVerdict(`http://www.public.test:${port}`, "public/ok.png")).toBe("uploaded");
    expect(await s3.getObject("public/ok.png")).toEqual({ contentType: "image/png", bytes: Buffer.from("png bytes") });
  });
});

/**
 * The stored-result frame shared by the file and Redis stores.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decodeExpiry, decodeResult, encodeResult, etagOf, makeStored } from "@/lib/results/codec";

const stored = makeStored(
  { bytes: randomBytes(1000), contentType: "image/png", ext: "png", metadata: { width: 10, height: 20, renderMs: 42 } },
  60_000,
  1_700_000_000_000,
);

describe("result frame", () => {
  it("round-trips bytes and metadata", () => {
    const back = decodeResult(encodeResult(stored));
    expect(back).not.toBeNull();
    expect(Buffer.compare(back!.bytes, stored.bytes)).toBe(0);
    expect({ ...back, bytes: null }).toEqual({ ...stored, bytes: null });
    expect(back!.expiresAt - back!.cachedAt).toBe(60_000);
  });

  it("reads the expiry from the header alone", () => {
    const frame = encodeResult(stored);
    const headerOnly = frame.subarray(0, frame.length - stored.bytes.length);
    expect(decodeExpiry(headerOnly)).toBe(stored.expiresAt);
  });

  it("treats truncated, foreign and tampered frames as missing", () => {
    const frame = encodeResult(stored);
    expect(decodeResult(frame.subarray(0, frame.length - 1))).toBeNull();
    expect(decodeResult(Buffer.from("not a frame at all"))).toBeNull();
    expect(decodeResult(Buffer.alloc(0))).toBeNull();
    const badHeader = Buffer.from(frame);
    badHeader[10] = 0x00;
    expect(decodeResult(badHeader)).toBeNull();
  });

  it("gives a strong, quoted ETag that changes with the bytes", () => {
    expect(stored.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(etagOf(Buffer.from("a"))).not.toBe(etagOf(Buffer.from("b")));
  });
});

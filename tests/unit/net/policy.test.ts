/**
 * The address policy over a table of addresses, both directions. Pure functions: nothing here
 * resolves a name or opens a socket, so it is safe outside a network namespace.
 */
import { afterEach, describe, expect, it } from "vitest";
import { reloadEnv } from "@/lib/env";
import { isAllowedOrigin, isPublicAddress, isReservedHostname } from "@/lib/net/policy";

const PUBLIC = [
  "8.8.8.8",
  "1.1.1.1",
  "9.9.9.9",
  "93.184.216.34",
  "100.63.255.255",
  "100.128.0.0",
  "169.253.255.255",
  "172.15.255.255",
  "172.32.0.0",
  "192.0.1.1",
  "192.167.255.255",
  "198.17.255.255",
  "198.20.0.0",
  "223.255.255.255",
  "11.0.0.0",
  "126.255.255.255",
  "128.0.0.0",
  "2606:4700::1111",
  "2001:4860:4860::8888",
  "2a00:1450:4001:82a::200e",
  "[2606:4700::1111]",
  "::ffff:8.8.8.8",
  "::ffff:808:808",
  "64:ff9b::808:808",
  "2002:808:808::1",
  "2400:cb00::1",
];

const NOT_PUBLIC = [
  // IPv4 special-purpose ranges
  "0.0.0.0",
  "0.1.2.3",
  "10.0.0.1",
  "10.255.255.255",
  "100.64.0.1",
  "100.127.255.255",
  "100.100.100.200",
  "127.0.0.1",
  "127.255.255.254",
  "169.254.169.254",
  "169.254.170.2",
  "169.254.0.1",
  "172.16.0.1",
  "172.31.255.255",
  "192.0.0.1",
  "192.0.0.192",
  "192.0.2.1",
  "192.31.196.1",
  "192.52.193.1",
  "192.88.99.1",
  "192.168.0.1",
  "192.168.255.255",
  "192.175.48.1",
  "198.18.0.1",
  "198.19.255.255",
  "198.51.100.7",
  "203.0.113.9",
  "224.0.0.1",
  "239.255.255.250",
  "240.0.0.1",
  "255.255.255.255",
  "168.63.129.16",
  // IPv6 special-purpose ranges
  "::",
  "::1",
  "[::1]",
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "::ffff:10.0.0.1",
  "::ffff:169.254.169.254",
  "::ffff:0:7f00:1",
  "::127.0.0.1",
  "::7f00:1",
  "::8.8.8.8",
  "64:ff9b::7f00:1",
  "64:ff9b::a9fe:a9fe",
  "64:ff9b:1::808:808",
  "2002:7f00:1::",
  "2002:a00:1::1",
  "2002:a9fe:a9fe::",
  "2001::1",
  "2001:0:4136:e378::1",
  "2001:2::1",
  "2001:10::1",
  "2001:db8::1",
  "3fff::1",
  "fc00::1",
  "fd00::1",
  "fd00:ec2::254",
  "fe80::1",
  "fe80::1%eth0",
  "febf::1",
  "fec0::1",
  "ff02::1",
  "ff05::1:3",
  "100::1",
  "5f00::1",
  "4000::1",
  "1::1",
  "0:0:0:0:0:0:0:1",
  "0000:0000:0000:0000:0000:0000:0000:0000",
  // not addresses at all
  "",
  "localhost",
  "example.com",
  "127.1",
  "2130706433",
  "0x7f.0.0.1",
  "0177.0.0.1",
  "1.2.3",
  "1.2.3.4.5",
  "256.1.1.1",
  "01.02.03.04",
  " ",
  "::ffff:127.0.0.1:80",
  "[::1]:80",
];

describe("isPublicAddress", () => {
  it.each(PUBLIC)("%s is public", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
  it.each(NOT_PUBLIC)("%j is not public", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
});

describe("isReservedHostname", () => {
  it.each([
    "localhost",
    "LOCALHOST.",
    "a.localhost",
    "metadata.google.internal",
    "metadata.google.internal.",
    "metadata",
    "foo.internal",
    "printer.local",
    "router.home.arpa",
  ])("%s is reserved", (h) => expect(isReservedHostname(h)).toBe(true));
  it.each(["example.com", "localhost.example.com", "internal.example.com", "metadata.example"])(
    "%s is not reserved",
    (h) => expect(isReservedHostname(h)).toBe(false),
  );
});

describe("isAllowedOrigin", () => {
  afterEach(() => {
    delete process.env.ALLOW_PRIVATE_ORIGINS;
    reloadEnv();
  });
  const allow = (list: string) => {
    process.env.ALLOW_PRIVATE_ORIGINS = list;
    reloadEnv();
  };

  it("matches scheme, host and port exactly", () => {
    allow("http://127.0.0.1:4567, https://fixture.test, not a url, file:///etc/passwd");
    expect(isAllowedOrigin("http://127.0.0.1:4567/any/path?q=1")).toBe(true);
    expect(isAllowedOrigin("HTTP://127.0.0.1:4567")).toBe(true);
    expect(isAllowedOrigin("http://127.1:4567/")).toBe(true); // same origin after WHATWG parsing
    expect(isAllowedOrigin("https://fixture.test:443/x")).toBe(true);
    expect(isAllowedOrigin("http://127.0.0.1:4568/")).toBe(false);
    expect(isAllowedOrigin("https://127.0.0.1:4567/")).toBe(false);
    expect(isAllowedOrigin("http://127.0.0.1/")).toBe(false);
    expect(isAllowedOrigin("http://localhost:4567/")).toBe(false);
    expect(isAllowedOrigin("http://fixture.test/")).toBe(false);
    expect(isAllowedOrigin("https://sub.fixture.test/")).toBe(false);
    expect(isAllowedOrigin("file:///etc/passwd")).toBe(false);
    expect(isAllowedOrigin("not a url")).toBe(false);
  });

  it("allows nothing when unset", () => {
    allow("");
    expect(isAllowedOrigin("http://127.0.0.1:4567/")).toBe(false);
  });
});

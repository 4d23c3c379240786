/** The stack test's reading of its containers: a PNG's pixels, a network address, the canary's log and its control. */
import sharp from "sharp";
import { DOCKER } from "./engine";
import { containers, inspect, sh } from "./stack";

/** Pixel colour at (x, y) of a PNG. */
export async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
}

/** A container's address on the compose network whose name ends with `network`. */
export async function addressOn(container: string, network: string): Promise<string> {
  const networks = JSON.parse(await inspect(container, "{{json .NetworkSettings.Networks}}")) as Record<
    string,
    { IPAddress: string }
  >;
  const entry = Object.entries(networks).find(([name]) => name.endsWith(`_${network}`));
  if (!entry) throw new Error(`${container} is not on ${network}`);
  return entry[1].IPAddress;
}

/** What reached the canary: one line per connection or datagram (tests/docker/fixtures/servers.mjs). */
export async function canaryLines(): Promise<string[]> {
  const [canary] = await containers("canary");
  return (await sh(DOCKER, ["logs", canary])).split("\n").filter((line) => /^canary (tcp|udp) /.test(line));
}

/** Connects to the canary over TCP and sends it a UDP datagram from inside `container`. */
export async function reachCanaryFrom(container: string): Promise<void> {
  await sh(DOCKER, [
    "exec",
    container,
    "node",
    "-e",
    `const net = require("node:net"), dgram = require("node:dgram");
     net.connect(8081, "canary").on("connect", function () { this.end("x"); });
     const udp = dgram.createSocket("udp4");
     udp.send("x", 3478, "canary", () => setTimeout(() => process.exit(0), 500));`,
  ]);
}

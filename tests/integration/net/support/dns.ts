/**
 * A minimal authoritative DNS server for the test namespace (its /etc/resolv.conf points here), so
 * names resolve through the real system resolver: `canary.test` to loopback, `rebind.test` to a
 * public address and to loopback on alternate answers (a DNS-rebinding attacker with TTL 0).
 */
import dgram from "node:dgram";
import { isIPv6 } from "node:net";

export type Answer = (name: string, type: "A" | "AAAA", count: number) => string[] | undefined;

export interface DnsServer {
  /** Queries seen per lower-case name. */
  queries: Map<string, number>;
  close(): Promise<void>;
}

function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = offset;
  while (msg[i] !== 0) {
    const len = msg[i];
    labels.push(msg.subarray(i + 1, i + 1 + len).toString("latin1"));
    i += 1 + len;
  }
  return { name: labels.join(".").toLowerCase(), end: i + 1 };
}

function encodeAddress(address: string): Buffer {
  if (!isIPv6(address)) return Buffer.from(address.split(".").map(Number));
  const [head, tail = ""] = address.split("::");
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const words = [...h, ...Array(8 - h.length - t.length).fill("0"), ...t];
  const out = Buffer.alloc(16);
  words.forEach((w, k) => out.writeUInt16BE(parseInt(w, 16), k * 2));
  return out;
}

export async function startDns(answer: Answer, port = 53): Promise<DnsServer> {
  const queries = new Map<string, number>();
  const socket = dgram.createSocket("udp4");
  socket.on("message", (msg, rinfo) => {
    if (msg.length < 12) return;
    const { name, end } = readName(msg, 12);
    const qtype = msg.readUInt16BE(end);
    const question = msg.subarray(12, end + 4);
    const type = qtype === 1 ? "A" : qtype === 28 ? "AAAA" : undefined;
    const key = `${name}/${type ?? qtype}`;
    const count = (queries.get(key) ?? 0) + 1;
    queries.set(key, count);
    queries.set(name, (queries.get(name) ?? 0) + 1);
    const all = type ? answer(name, type, count) : answer(name, "A", count);
    const records = type && all ? all.filter((a) => (type === "AAAA") === isIPv6(a)) : [];
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2); // id
    header.writeUInt16BE(0x8180 | (all === undefined ? 3 : 0), 2); // response, RD+RA, NXDOMAIN when unknown
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(records.length, 6);
    const answers = records.map((address) => {
      const rdata = encodeAddress(address);
      const rr = Buffer.alloc(12);
      rr.writeUInt16BE(0xc00c, 0); // pointer to the question name
      rr.writeUInt16BE(qtype, 2);
      rr.writeUInt16BE(1, 4); // IN
      rr.writeUInt32BE(0, 6); // TTL 0: every lookup asks again
      rr.writeUInt16BE(rdata.length, 10);
      return Buffer.concat([rr, rdata]);
    });
    socket.send(Buffer.concat([header, question, ...answers]), rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(port, "127.0.0.1", () => resolve());
  });
  return { queries, close: () => new Promise<void>((resolve) => socket.close(() => resolve())) };
}

/**
 * A loopback Postgres-protocol server in front of one PGlite instance. PGlite has one session,
 * so statements from different connections must never interleave inside an extended-protocol
 * exchange (Parse/Bind/Execute … Sync) or inside a transaction. @electric-sql/pglite-socket
 * queues single messages, which lets two pooled connections interleave their Parse and Bind
 * (Postgres then answers "bind message supplies N parameters…"); this server runs each
 * connection's messages up to a Sync (or a simple Query) as one exclusive unit, and keeps the
 * session for one connection while that connection has a transaction open.
 */
import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

type Unit = {
  conn: number;
  messages: Buffer[];
  done: () => void;
  fail: (e: unknown) => void;
  write: (b: Uint8Array) => void;
};

/** Serialises units: one at a time, and while a connection holds a transaction only its units run. */
class SessionScheduler {
  private waiting: Unit[] = [];
  private running = false;
  private owner: number | null = null;

  constructor(private db: PGlite) {}

  submit(unit: Unit) {
    this.waiting.push(unit);
    void this.pump();
  }

  async release(conn: number) {
    this.waiting = this.waiting.filter((u) => u.conn !== conn);
    if (this.owner === conn) {
      // The connection went away inside a transaction: end it so others can proceed.
      await this.db.exec("ROLLBACK").catch(() => {});
      this.owner = null;
      void this.pump();
    }
  }

  private async pump() {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const index = this.owner === null ? 0 : this.waiting.findIndex((u) => u.conn === this.owner);
        if (index < 0 || this.waiting.length === 0) return;
        const [unit] = this.waiting.splice(index, 1);
        try {
          await this.db.runExclusive(async () => {
            for (const message of unit.messages) {
              await this.db.execProtocolRawStream(new Uint8Array(message), { onRawData: unit.write });
            }
          });
          this.owner = this.db.isInTransaction() ? unit.conn : null;
          unit.done();
        } catch (error) {
          this.owner = null;
          unit.fail(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

export class EmbeddedPgServer {
  private server?: net.Server;
  private scheduler: SessionScheduler;
  private nextConn = 1;
  private sockets = new Set<net.Socket>();

  constructor(private db: PGlite) {
    this.scheduler = new SessionScheduler(db);
  }

  async listen(port: number, host = "127.0.0.1"): Promise<number> {
    const server = net.createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => resolve());
    });
    return (server.address() as net.AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(socket: net.Socket) {
    const conn = this.nextConn++;
    this.sockets.add(socket);
    socket.setNoDelay(true);
    let buffer: Buffer = Buffer.alloc(0);
    let started = false;
    let pending: Buffer[] = [];
    let chain = Promise.resolve();
    const write = (data: Uint8Array) => {
      if (data.length && socket.writable) socket.write(data);
    };
    const runUnit = (messages: Buffer[]) => {
      // Units of one connection stay in order: each waits for the previous one.
      chain = chain.then(
        () =>
          new Promise<void>((done) =>
            this.scheduler.submit({ conn, messages, done, fail: () => (socket.destroy(), done()), write }),
          ),
      );
    };

    socket.on("data", (chunk: Buffer) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          const message = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            socket.write("N"); // no TLS on a loopback socket; the client goes on in plain text
            continue;
          }
          started = true;
          runUnit([Buffer.from(message)]);
          continue;
        }
        if (buffer.length < 5) return;
        const length = buffer.readInt32BE(1) + 1;
        if (buffer.length < length) return;
        const type = buffer[0];
        const message = Buffer.from(buffer.subarray(0, length));
        buffer = buffer.subarray(length);
        if (type === TERMINATE) {
          socket.end();
          return;
        }
        pending.push(message);
        if (type === SYNC || type === QUERY) {
          runUnit(pending);
          pending = [];
        }
      }
    });
    const cleanup = () => {
      this.sockets.delete(socket);
      void chain.then(() => this.scheduler.release(conn));
    };
    socket.on("close", cleanup);
    socket.on("error", () => socket.destroy());
  }
}

/**
 * Watches this process for HTTP objects made while a non-HTTP caller runs an endpoint (D35): every
 * `new Request(…)` (its URL) and every Response body read (json, text, arrayBuffer). A job's run, a
 * monitor's run or an MCP tool call that went through the HTTP layer would build a Request for
 * its endpoint and read the Response back; through the endpoint core it makes neither. `only`
 * narrows the Requests counted (say, to /v1/ paths) when the test's own clients build others.
 */
import { vi } from "vitest";

export interface HttpWatch {
  /** The URLs of the Requests built since the watch began. */
  readonly built: string[];
  /** How many Response bodies were read since the watch began. */
  read(): number;
  restore(): void;
}

export function watchHttpObjects(only: (url: string) => boolean = () => true): HttpWatch {
  const RealRequest = globalThis.Request;
  const built: string[] = [];
  globalThis.Request = new Proxy(RealRequest, {
    construct(target, args: ConstructorParameters<typeof Request>, newTarget) {
      const [input] = args;
      const url = input instanceof RealRequest ? input.url : String(input);
      if (only(url)) built.push(url);
      return Reflect.construct(target, args, newTarget) as Request;
    },
  });
  const readers = [
    vi.spyOn(Response.prototype, "json"),
    vi.spyOn(Response.prototype, "text"),
    vi.spyOn(Response.prototype, "arrayBuffer"),
  ];
  return {
    built,
    read: () => readers.reduce((sum, spy) => sum + spy.mock.calls.length, 0),
    restore() {
      globalThis.Request = RealRequest;
      for (const spy of readers) spy.mockRestore();
    },
  };
}

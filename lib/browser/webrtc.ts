/**
 * WebRTC is what a per-context proxy cannot hold (D16): a page's STUN and media traffic is UDP
 * sent straight from the browser host, whatever proxy its context has, unless Chromium was
 * started with `--webrtc-ip-handling-policy=disable_non_proxied_udp` (README, "Remote Chromium
 * fleets", step 3), and CDP has no per-context switch for it (a CSP `webrtc` directive is not
 * implemented either). So a remote browser is checked when connected, before any render: a page
 * in a context set up as a render's gathers ICE candidates with no ICE servers, which opens the
 * sockets a page could use without sending anything to anyone. A UDP candidate means its pages
 * could reach the browser host's network (its loopback included) around the guard: the browser
 * is refused, and the log says which flag it lacks.
 */
import type { Browser } from "puppeteer-core";
import { contextBoundary } from "@/lib/net/chromium";
import { log } from "@/lib/log";
import type { Deadline } from "./deadline";
import { rendererUnavailable } from "./source";
import { closeContext } from "./spares";

/**
 * Runs in the page (a string, so no bundler helper ends up in it): true when the browser gathers
 * UDP candidates. Gathering without servers ends at once; one that hangs has sent nothing.
 */
const GATHERS_UDP_CANDIDATES = `(async () => {
  if (typeof RTCPeerConnection !== "function") return false;
  const connection = new RTCPeerConnection({ iceServers: [] });
  try {
    let udp = false;
    const gathered = new Promise((resolve) => {
      connection.onicecandidate = (event) => {
        if (!event.candidate) resolve();
        else if (event.candidate.protocol === "udp") udp = true;
      };
      setTimeout(resolve, 3000);
    });
    connection.createDataChannel("glance-webrtc-check");
    await connection.setLocalDescription(await connection.createOffer());
    await gathered;
    return udp;
  } finally {
    connection.close();
  }
})()`;

/** True when pages on `browser` could send UDP outside their context's proxy. */
async function pagesSendUdpAroundProxy(browser: Browser, deadline: Deadline): Promise<boolean> {
  const context = await deadline.race(
    browser.createBrowserContext({ downloadBehavior: { policy: "deny" }, ...(await contextBoundary()) }),
  );
  try {
    const page = await deadline.race(context.newPage());
    return await deadline.race(page.evaluate(GATHERS_UDP_CANDIDATES) as Promise<boolean>);
  } finally {
    void closeContext(context);
  }
}

/** Disconnects from and refuses a remote browser whose pages could send UDP around the guard. */
export async function refuseUncontainedWebRtc(
  browser: Browser,
  endpointHost: string,
  deadline: Deadline,
): Promise<void> {
  let uncontained: boolean;
  try {
    uncontained = await pagesSendUdpAroundProxy(browser, deadline);
  } catch (error) {
    await browser.disconnect().catch(() => {});
    throw error;
  }
  if (!uncontained) return;
  log.error(
    "remote browser refused: its pages can send UDP outside the guard (WebRTC); start it with --webrtc-ip-handling-policy=disable_non_proxied_udp",
    { endpoint: endpointHost },
  );
  await browser.disconnect().catch(() => {});
  throw rendererUnavailable();
}

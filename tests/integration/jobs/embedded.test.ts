/**
 * Async jobs on the embedded default (D20): the embedded database and the in-process queue. A job
 * accepted while no worker runs, whose queue entry is then lost with the process's memory (the
 * queue closed, as in a restart), is found in the database by the sweep when the workers start
 * and completes.
 */
import { afterAll, describe, expect, it } from "vitest";
import { screenshotHarness } from "@/tests/support/screenshot-harness";
import { postJob, waitForJob, type JobBody } from "./support";

const h = screenshotHarness({ env: { database: "embedded" } });
afterAll(async () => {
  const { stopJobWorkers } = await import("@/lib/jobs/worker");
  await stopJobWorkers();
});

describe("the in-process queue", () => {
  it("loses no job with the process's memory: the workers' start finds and runs what was queued", async () => {
    const accepted = await postJob(h.account, {
      endpoint: "screenshot",
      params: { url: h.fx.url("basic.html?embedded") },
    });
    expect(accepted.status).toBe(202);
    const { id } = (await accepted.json()) as JobBody;
    const { closeJobQueue } = await import("@/lib/jobs/queue");
    await closeJobQueue(); // the queue's memory is gone; the row stays
    const { getPool } = await import("@/lib/db/pool");
    expect(
      (await (await getPool()).query<{ state: string }>(`SELECT state FROM jobs WHERE id = $1`, [id])).rows[0].state,
    ).toBe("queued");

    const { startJobWorkers } = await import("@/lib/jobs/worker");
    await startJobWorkers();
    const done = await waitForJob(h.account, id);
    expect(done).toMatchObject({ status: "succeeded", result: { format: "png" } });
    const later = (await (
      await postJob(h.account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html?embedded-2") } })
    ).json()) as JobBody;
    expect((await waitForJob(h.account, later.id)).status).toBe("succeeded");
  });
});

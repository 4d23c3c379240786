/**
 * Content renders as async jobs and in bulk (`endpoint: "content"`, D20, D24) on PostgreSQL, the
 * BullMQ queue on real Redis and real Chromium: the job's result is the content endpoint's own
 * JSON answer and its resultUrl the stored document; the inner request is validated and gated by
 * the content schema (params.formats); a batch mixes content and screenshot jobs.
 */
import { describe, expect, it } from "vitest";
import { createTestAccount, problemOf } from "@/tests/support/api";
import { fetchResultFile, postJob, jobsHarness, waitForJob, type JobBody } from "./support";

const h = jobsHarness();

describe("content jobs", () => {
  it("runs a content job through the content handler: the JSON answer, its stored document and screenshot", async () => {
    const accepted = await postJob(h.account, {
      endpoint: "content",
      params: {
        url: h.fx.url("content-article.html?job"),
        formats: ["markdown", "links", "screenshot"],
        timeout: 90_000,
      },
    });
    expect(accepted.status).toBe(202);
    const body = (await accepted.json()) as JobBody;
    expect(body).toMatchObject({ status: "queued", endpoint: "content" });
    const done = await waitForJob(h.account, body.id);
    expect(done.status, JSON.stringify(done.error)).toBe("succeeded");
    const result = done.result!;
    expect(result.markdown).toMatch(/^# Field notes on tide pools\n/);
    expect(result.markdown).toContain("## Seen at dusk");
    expect(result.scrolled).toBe(true);
    expect(done.resultUrl).toBe(result.resultUrl);
    const stored = await fetchResultFile(done.resultUrl!);
    expect(stored.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(((await stored.json()) as Record<string, unknown>).markdown).toBe(result.markdown);
    const shot = await fetchResultFile((result.screenshot as { url: string }).url);
    expect(shot.headers.get("content-type")).toBe("image/png");
  });

  it("validates and gates the inner request with the content schema, naming params.<name>", async () => {
    const free = await createTestAccount({ plan: "free" });
    const gated = await postJob(free, {
      endpoint: "content",
      params: { url: h.fx.url("content-article.html"), formats: "html" },
    });
    expect(await problemOf(gated)).toMatchObject({
      status: 403,
      code: "plan_upgrade_required",
      param: "params.formats",
    });
    const bad = await postJob(free, {
      endpoint: "content",
      params: { url: h.fx.url("content-article.html"), formats: "pdf" },
    });
    expect(await problemOf(bad)).toMatchObject({ status: 400, code: "invalid_parameter", param: "params.formats" });
  });

  it("a batch mixes content and screenshot jobs", async () => {
    const jobs = [
      { endpoint: "content", params: { url: h.fx.url("content-article.html?bulk"), formats: "text" } },
      { endpoint: "screenshot", params: { url: h.fx.url("basic.html?bulk-content") } },
    ];
    const accepted = await postJob(h.account, { jobs }, "/v1/jobs/bulk");
    expect(accepted.status).toBe(202);
    const batch = (await accepted.json()) as { jobs: JobBody[] };
    const ended = await Promise.all(batch.jobs.map((job) => waitForJob(h.account, job.id)));
    expect(ended.map((job) => job.status)).toEqual(["succeeded", "succeeded"]);
    expect(ended[0].result?.text).toMatch(/^Field notes on tide pools\n/);
    expect(ended[1].result?.format).toBe("png");
  });
});

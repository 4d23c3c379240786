/** The two calls the profile relay tests make on this instance: save a session's profile, render with one. */
import { expect } from "vitest";
import { apiRequest } from "@/tests/support/api";

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** POST /v1/sessions/{id}/profile here, whichever instance holds the session. */
export async function saveProfileHere(apiKey: string, sessionId: string, name: string): Promise<Answer> {
  const { POST } = await import("@/app/v1/sessions/[id]/profile/route");
  const response = await POST(
    new Request(new URL(`/v1/sessions/${sessionId}/profile`, "http://localhost:3000"), {
      method: "POST",
      headers: { "X-API-Key": apiKey, "Content-Type": "application/json" },
      body: JSON.stringify({ name }),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The login site's account page rendered here as Markdown, with the profile or without. */
export async function accountPageHere(apiKey: string, site: string, profile?: string): Promise<string> {
  const { GET } = await import("@/app/v1/content/route");
  const query = new URLSearchParams({ url: `${site}/account`, response: "markdown" });
  if (profile) query.set("profile", profile);
  const response = await GET(apiRequest(`/v1/content?${query}`, { apiKey }));
  expect(response.status, await response.clone().text()).toBe(200);
  return response.text();
}

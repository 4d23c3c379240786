/** Reading a recorded session's files (D39) through their routes, as a client would. */

export function call(method: string, path: string, apiKey: string): Request {
  return new Request(new URL(path, "http://localhost:3000"), { method, headers: { "X-API-Key": apiKey } });
}

export async function recorded(id: string, part: "recording" | "network", apiKey: string): Promise<Response> {
  const route =
    part === "recording"
      ? await import("@/app/v1/sessions/[id]/recording/route")
      : await import("@/app/v1/sessions/[id]/network/route");
  return route.GET(call("GET", `/v1/sessions/${id}/${part}`, apiKey));
}

/** The file once the ended session's recording is stored (409 until then). */
export async function whenStored(id: string, part: "recording" | "network", apiKey: string): Promise<Response> {
  for (let tries = 0; ; tries++) {
    const response = await recorded(id, part, apiKey);
    if (response.status !== 409 || tries > 150) return response;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The newest session of the key's workspace. */
export async function newestSession(apiKey: string): Promise<{ id: string }> {
  const { GET } = await import("@/app/v1/sessions/route");
  const { sessions } = (await (await GET(call("GET", "/v1/sessions", apiKey))).json()) as {
    sessions: Array<{ id: string }>;
  };
  return sessions[0]!;
}

/**
 * Runs the docs' verification snippets (lib/webhooks/snippets.ts) as a customer would: the
 * JavaScript one under Node, the Python one under python3, each on a delivery the receiver got.
 */
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { VERIFY_JAVASCRIPT, VERIFY_PYTHON } from "@/lib/webhooks/snippets";

const run = promisify(execFile);

export type SnippetVerdict = { ok: true; event: unknown } | { ok: false; error: string };

const JS_MAIN = `
const input = JSON.parse(process.env.WEBHOOK_INPUT);
try {
  console.log(JSON.stringify({ ok: true, event: verifyWebhook(input.secret, input.headers, input.body) }));
} catch (error) {
  console.log(JSON.stringify({ ok: false, error: error.message }));
}
`;

const PY_MAIN = `
import os
_input = json.loads(os.environ["WEBHOOK_INPUT"])
try:
    print(json.dumps({"ok": True, "event": verify_webhook(_input["secret"], _input["headers"], _input["body"].encode())}))
except ValueError as error:
    print(json.dumps({"ok": False, "error": str(error)}))
`;

async function runSnippet(
  language: "javascript" | "python",
  input: { secret: string; headers: Record<string, string>; body: string },
): Promise<SnippetVerdict> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "glance-snippet-"));
  const file = path.join(dir, language === "javascript" ? "verify.mjs" : "verify.py");
  await writeFile(file, language === "javascript" ? VERIFY_JAVASCRIPT + JS_MAIN : VERIFY_PYTHON + PY_MAIN);
  const { stdout } = await run(language === "javascript" ? process.execPath : "python3", [file], {
    env: { ...process.env, WEBHOOK_INPUT: JSON.stringify(input) },
  });
  return JSON.parse(stdout) as SnippetVerdict;
}

export const verifyWithJavaScriptSnippet = (input: Parameters<typeof runSnippet>[1]) => runSnippet("javascript", input);
export const verifyWithPythonSnippet = (input: Parameters<typeof runSnippet>[1]) => runSnippet("python", input);

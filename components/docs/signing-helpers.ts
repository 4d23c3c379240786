/**
 * The signing helpers the "Signed URLs" docs page shows (D15), one per language. Each is a
 * complete program: it reads the key id, signing secret, endpoint path, parameters (JSON) and an
 * optional expires from its arguments and prints the signed URL. tests/integration/api/
 * signing-helpers.test.ts runs these exact strings as real processes and sends their URLs to the
 * server, so what a customer copies is what was verified.
 */

const NODE_HELPER = `// sign.mjs — Node.js 18+ (node:crypto)
import { createHmac } from "node:crypto";

const enc = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
const bytes = (s) => Buffer.from(s, "utf8");

export function signUrl(base, path, params, keyId, signingSecret, expires) {
  const all = { ...params, key_id: keyId };
  if (expires !== undefined) all.expires = String(expires);
  const canonical = Object.entries(all)
    .sort(([an, av], [bn, bv]) => Buffer.compare(bytes(an), bytes(bn)) || Buffer.compare(bytes(av), bytes(bv)))
    .map(([k, v]) => enc(k) + "=" + enc(v))
    .join("&");
  const signature = createHmac("sha256", signingSecret).update(path + "?" + canonical).digest("hex");
  return base + path + "?" + canonical + "&signature=" + signature;
}

// node sign.mjs <base> <path> '<params json>' <key_id> <signing secret> [expires]
const [base, path, json, keyId, secret, expires] = process.argv.slice(2);
console.log(signUrl(base, path, JSON.parse(json), keyId, secret, expires));
`;

const WEB_CRYPTO_HELPER = `// sign-edge.mjs — Web Crypto: Cloudflare Workers, Vercel Edge, Deno, browsers, Node 20+
const enc = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
const utf8 = new TextEncoder();
function compare(a, b) {
  const x = utf8.encode(a), y = utf8.encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

export async function signUrl(base, path, params, keyId, signingSecret, expires) {
  const all = { ...params, key_id: keyId };
  if (expires !== undefined) all.expires = String(expires);
  const canonical = Object.entries(all)
    .sort(([an, av], [bn, bv]) => compare(an, bn) || compare(av, bv))
    .map(([k, v]) => enc(k) + "=" + enc(v))
    .join("&");
  const key = await crypto.subtle.importKey("raw", utf8.encode(signingSecret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, utf8.encode(path + "?" + canonical)));
  const signature = Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
  return base + path + "?" + canonical + "&signature=" + signature;
}

// node sign-edge.mjs <base> <path> '<params json>' <key_id> <signing secret> [expires]
if (typeof process !== "undefined" && process.argv?.length > 2) {
  const [base, path, json, keyId, secret, expires] = process.argv.slice(2);
  console.log(await signUrl(base, path, JSON.parse(json), keyId, secret, expires));
}
`;

const PYTHON_HELPER = `# sign.py — Python 3.8+ (standard library only)
import hashlib, hmac, json, sys
from urllib.parse import quote

def sign_url(base, path, params, key_id, signing_secret, expires=None):
    all_params = dict(params, key_id=key_id)
    if expires is not None:
        all_params["expires"] = str(expires)
    pairs = sorted(all_params.items(), key=lambda kv: (kv[0].encode("utf-8"), kv[1].encode("utf-8")))
    canonical = "&".join(quote(k, safe="~") + "=" + quote(v, safe="~") for k, v in pairs)
    signature = hmac.new(signing_secret.encode("utf-8"), (path + "?" + canonical).encode("utf-8"), hashlib.sha256).hexdigest()
    return base + path + "?" + canonical + "&signature=" + signature

if __name__ == "__main__":
    # python3 sign.py <base> <path> '<params json>' <key_id> <signing secret> [expires]
    base, path, params, key_id, secret = sys.argv[1:6]
    print(sign_url(base, path, json.loads(params), key_id, secret, sys.argv[6] if len(sys.argv) > 6 else None))
`;

const PHP_HELPER = `<?php
// sign.php — PHP 7.4+ (no extensions beyond the defaults)
function glance_sign_url(string $base, string $path, array $params, string $keyId, string $signingSecret, ?int $expires = null): string {
    $params['key_id'] = $keyId;
    if ($expires !== null) $params['expires'] = (string) $expires;
    $pairs = [];
    foreach ($params as $k => $v) $pairs[] = [(string) $k, (string) $v];
    usort($pairs, fn ($a, $b) => strcmp($a[0], $b[0]) ?: strcmp($a[1], $b[1])); // byte order
    $canonical = implode('&', array_map(fn ($p) => rawurlencode($p[0]) . '=' . rawurlencode($p[1]), $pairs));
    $signature = hash_hmac('sha256', $path . '?' . $canonical, $signingSecret);
    return $base . $path . '?' . $canonical . '&signature=' . $signature;
}

// php sign.php <base> <path> '<params json>' <key_id> <signing secret> [expires]
if (PHP_SAPI === 'cli' && isset($argv[5])) {
    echo glance_sign_url($argv[1], $argv[2], json_decode($argv[3], true), $argv[4], $argv[5], isset($argv[6]) ? (int) $argv[6] : null), "\\n";
}
`;

export const SIGNING_HELPERS = [
  { id: "node", label: "Node.js", file: "sign.mjs", command: "node", code: NODE_HELPER },
  { id: "edge", label: "Web Crypto (edge)", file: "sign-edge.mjs", command: "node", code: WEB_CRYPTO_HELPER },
  { id: "python", label: "Python", file: "sign.py", command: "python3", code: PYTHON_HELPER },
  { id: "php", label: "PHP", file: "sign.php", command: "php", code: PHP_HELPER },
] as const;

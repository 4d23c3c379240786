/**
 * A small MIME reader for the mails our harness captures: headers (with RFC 2047 encoded words),
 * multipart bodies, quoted-printable and base64 parts. Enough to read what nodemailer sends; not a
 * general mail parser.
 */

export interface ParsedMail {
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string[];
  text: string;
  html: string;
}

function splitHeadBody(raw: string): [string, string] {
  const match = /\r?\n\r?\n/.exec(raw);
  return match ? [raw.slice(0, match.index), raw.slice(match.index + match[0].length)] : [raw, ""];
}

function parseHeaders(head: string): Record<string, string> {
  const out: Record<string, string> = {};
  // Unfold continuation lines first (RFC 5322 §2.2.3).
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) out[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return out;
}

function decodeQuotedPrintable(body: string): Buffer {
  const soft = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === "=" && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")).toString("utf8"),
    );
}

function param(header: string | undefined, name: string): string | undefined {
  const m = new RegExp(`${name}="?([^";]+)"?`, "i").exec(header ?? "");
  return m?.[1];
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body).toString("utf8");
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

function collectParts(raw: string, into: { text: string; html: string }): Record<string, string> {
  const [head, body] = splitHeadBody(raw);
  const headers = parseHeaders(head);
  const type = (headers["content-type"] ?? "text/plain").toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = param(headers["content-type"], "boundary");
    if (boundary) {
      const sections = body.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith("--")) break;
        collectParts(section.replace(/^\r?\n/, ""), into);
      }
    }
  } else if (type.startsWith("text/html")) {
    into.html ||= decodeBody(body, headers["content-transfer-encoding"]);
  } else if (type.startsWith("text/")) {
    into.text ||= decodeBody(body, headers["content-transfer-encoding"]);
  }
  return headers;
}

export function parseMail(raw: string): ParsedMail {
  const bodies = { text: "", html: "" };
  const headers = collectParts(raw, bodies);
  return {
    headers,
    subject: decodeEncodedWords(headers.subject ?? ""),
    from: decodeEncodedWords(headers.from ?? ""),
    to: (headers.to ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    text: bodies.text,
    html: bodies.html,
  };
}

/** The first http(s) link in the plain-text body that points at `origin`. */
export function linkTo(mail: Pick<ParsedMail, "text">, origin: string): string | undefined {
  return mail.text.match(/https?:\/\/\S+/g)?.find((u) => u.startsWith(origin));
}

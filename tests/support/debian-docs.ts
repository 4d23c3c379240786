/**
 * Real third-party pages for the content tests and benchmark (D24): HTML documentation that Debian
 * packages ship (Sphinx, DocBook, Publican, AsciiDoc, Texinfo — written by nobody here), installed when
 * missing (as root, like scripts/setup.sh) and served from a loopback HTTP server.
 */
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const DEBIAN_DOC_PACKAGES = [
  "python-flask-doc",
  "python-requests-doc",
  "debian-reference-en",
  "debian-reference-ja",
  "git-doc",
  "diffutils-doc",
  "postgresql-doc-15",
  "python3-doc",
  "debian-handbook",
] as const;

/** The pages used, by URL path on the docs server (/doc → /usr/share/doc, /debian-reference → /usr/share/debian-reference). */
export const DEBIAN_PAGES = {
  flaskQuickstart: "/doc/python-flask-doc/html/quickstart.html",
  requestsQuickstart: "/doc/python-requests-doc/html/user/quickstart.html",
  debianReferenceInit: "/debian-reference/ch03.en.html",
  debianReferenceAuthJa: "/debian-reference/ch04.ja.html",
  gitCommit: "/doc/git-doc/git-commit.html",
  diffOutputFormats: "/doc/diffutils/Output-Formats.html",
} as const;

/**
 * Pages whose main text must survive into the Markdown (issue 51, D24's recall): DocBook
 * (PostgreSQL's reference and chapters, the Debian Reference, the Debian handbook by Publican in
 * Japanese, Arabic, Russian and Chinese), Sphinx (Python, Flask), AsciiDoc (git), Texinfo (diffutils).
 */
export const RECALL_PAGES = {
  postgresSelect: "/doc/postgresql-doc-15/html/sql-select.html",
  postgresNumericTypes: "/doc/postgresql-doc-15/html/datatype-numeric.html",
  handbookAptJa: "/doc/debian-handbook/html/ja-JP/apt.html",
  handbookAptAr: "/doc/debian-handbook/html/ar-MA/apt.html",
  handbookAptGetRu: "/doc/debian-handbook/html/ru-RU/sect.apt-get.html",
  handbookAptZh: "/doc/debian-handbook/html/zh-CN/apt.html",
  debianReferenceInit: DEBIAN_PAGES.debianReferenceInit,
  pythonJson: "/doc/python3-doc/html/library/json.html",
  pythonTutorialIntro: "/doc/python3-doc/html/tutorial/introduction.html",
  flaskQuickstart: DEBIAN_PAGES.flaskQuickstart,
  gitCommit: DEBIAN_PAGES.gitCommit,
  diffOutputFormats: DEBIAN_PAGES.diffOutputFormats,
} as const;

/** More of the same generators and scripts, for the benchmark (npm run bench:content-recall). */
export const MORE_RECALL_PAGES = {
  postgresStringFunctions: "/doc/postgresql-doc-15/html/functions-string.html",
  postgresCreateTable: "/doc/postgresql-doc-15/html/sql-createtable.html",
  postgresTutorialJoin: "/doc/postgresql-doc-15/html/tutorial-join.html",
  handbookAptEn: "/doc/debian-handbook/html/en-US/apt.html",
  handbookAptFa: "/doc/debian-handbook/html/fa-IR/apt.html",
  handbookAptKo: "/doc/debian-handbook/html/ko-KR/apt.html",
  handbookAptEl: "/doc/debian-handbook/html/el-GR/apt.html",
  handbookAptZhTw: "/doc/debian-handbook/html/zh-TW/apt.html",
  debianReferenceAuthJa: DEBIAN_PAGES.debianReferenceAuthJa,
  pythonDatastructures: "/doc/python3-doc/html/tutorial/datastructures.html",
  pythonRe: "/doc/python3-doc/html/library/re.html",
  pythonAsyncioTask: "/doc/python3-doc/html/library/asyncio-task.html",
  requestsQuickstart: DEBIAN_PAGES.requestsQuickstart,
} as const;

const ROOTS: Record<string, string> = {
  "/doc/": "/usr/share/doc/",
  "/debian-reference/": "/usr/share/debian-reference/",
};

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".js": "text/javascript",
  ".png": "image/png",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
};

function installed(pkg: string): boolean {
  try {
    execFileSync("dpkg", ["-s", pkg], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Installs the packages that are missing (as root); throws with the command to run otherwise. */
export function ensureDebianDocs(packages: readonly string[] = DEBIAN_DOC_PACKAGES): void {
  const missing = packages.filter((pkg) => !installed(pkg));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0)
    throw new Error(`Debian documentation packages missing: run apt-get install -y ${missing.join(" ")} as root`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "ignore" });
  execFileSync("apt-get", ["install", "-y", "-qq", ...missing], {
    stdio: "ignore",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

/** The file a docs-server path names, or undefined outside the two roots. */
export function debianDocFile(urlPath: string): string | undefined {
  const root = Object.keys(ROOTS).find((prefix) => urlPath.startsWith(prefix));
  if (!root) return undefined;
  const file = path.normalize(path.join(ROOTS[root], decodeURIComponent(urlPath.slice(root.length))));
  return file.startsWith(ROOTS[root]) ? file : undefined;
}

export interface DebianDocsServer {
  origin: string;
  url(pagePath: string): string;
  close(): Promise<void>;
}

export async function serveDebianDocs(): Promise<DebianDocsServer> {
  const server = http.createServer(async (req, res) => {
    const file = debianDocFile(new URL(req.url ?? "/", "http://docs").pathname);
    try {
      if (!file) throw new Error("outside the roots");
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (pagePath) => `${origin}${pagePath}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

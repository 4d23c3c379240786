/**
 * The folder rules of ARCHITECTURE.md, kept by dependency-cruiser in `npm run lint` (D31).
 *
 * The rules are read from the table "Folders and what each may import" itself, so the map and
 * the check cannot drift apart: each row's first column names folders (`lib/api/`), files
 * (`lib/env.ts`) or a family (`components/<feature>/`), and every path in backticks in its last
 * column is something those may import; the rest of the text is for people. A folder may always
 * import its own files, and anything may import npm packages and Node's built-ins. An import that
 * no row allows is an error naming both files, as is an import cycle or an import that does not
 * resolve. A path in the table that names nothing on disk is an error too, so the table stays
 * true when folders move.
 *
 * The table itself must point downward (#49, D34): `lib/` rows that may import each other, directly
 * or round a longer loop, are refused before anything is cruised, and a sub-folder with its own
 * row sits above its folder.
 */
import { existsSync, readFileSync, statSync } from "node:fs";

const MAP = "ARCHITECTURE.md";
/** Raw SQL on the pool: only for the rows that name this file, though it sits inside `lib/db/`. */
const RAW_SQL = "lib/db/pool.ts";
const SECTION = "## Folders and what each may import";
/** Where our own modules live; a backticked token is a path when it starts with one of these. */
const ROOTS = /^(app|components|lib|scripts|tests|bench|generated|prisma|sdks)(\/|$)/;
/** …or when it is a module at the repo's root (`proxy.ts`); `params.ts` alone is prose. */
const isRootModule = (token) => /^[\w.-]+\.(ts|tsx|mjs)$/.test(token) && existsSync(token);

function escape(text) {
  return text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
}

/** A path of the table as a regular expression over repo-relative module paths. */
function pathPattern(token) {
  const path = token.replace(/\/$/, "");
  const wild = path.includes("<");
  const probe = path.replace(/<[^>]+>/g, "");
  const isFolder = token.endsWith("/") || (!wild && existsSync(path) && statSync(path).isDirectory());
  let file = path;
  if (!isFolder && !wild && !existsSync(file)) file = [".ts", ".tsx"].map((ext) => path + ext).find(existsSync);
  const missing = isFolder ? !wild && !existsSync(path) : !wild && !file;
  if (missing) throw new Error(`${MAP}: the folder table names ${token}, which does not exist`);
  if (wild && !existsSync(probe.split("/").slice(0, -1).join("/") || probe))
    throw new Error(`${MAP}: the folder table names ${token}, whose parent does not exist`);
  const source = escape(isFolder ? path : file).replace(/<[^>]+>/g, "[^/]+");
  return isFolder ? `^${source}/` : `^${source}$`;
}

function backticked(cell) {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]).filter((t) => ROOTS.test(t) || isRootModule(t));
}

/** The table's rows: who (the first column) may import what (the last column). */
export function folderRules(markdown = readFileSync(MAP, "utf8")) {
  const start = markdown.indexOf(SECTION);
  if (start < 0) throw new Error(`${MAP} has no section "${SECTION}"`);
  const section = markdown.slice(start + SECTION.length).split(/\n## /)[0];
  const rows = section
    .split("\n")
    .filter((line) => line.startsWith("| ") && !/^\|\s*-/.test(line) && !line.startsWith("| Folder |"));
  return rows.map((line) => {
    const cells = line.split(/ \| /).map((cell) => cell.replace(/^\|\s*|\s*\|$/g, ""));
    const who = backticked(cells[0]);
    if (who.length === 0) throw new Error(`${MAP}: a folder table row names no folder: ${line.slice(0, 80)}`);
    // What follows "never" names what a row may not import, for people: not an allowance.
    const mayImport = cells.at(-1).split(/\bnever\b/)[0];
    const targets = backticked(mayImport);
    return {
      who,
      from: who.map(pathPattern),
      to: /\banything\b/.test(mayImport) ? [""] : targets.map(pathPattern),
      targets,
      rawSql: targets.includes(RAW_SQL),
    };
  });
}

/** A path of the table as it names files: a folder with its slash, a file with its extension. */
function namedPath(token) {
  if (token.endsWith("/") || (existsSync(token) && statSync(token).isDirectory())) return token.replace(/\/?$/, "/");
  return existsSync(token) ? token : ([".ts", ".tsx"].map((ext) => token + ext).find(existsSync) ?? token);
}

/** True when the two paths share a file: the same file, or one folder holding the other path. */
const overlap = (a, b) => a.startsWith(b) || b.startsWith(a);

/**
 * The table allows an import only downward (#49, D34): no `lib/` row may reach itself through
 * the rows it may import — two rows that may import each other, or a longer loop — or the layers
 * on the loop are one and none can be read alone. A row may import another when one of its paths
 * is, holds or lies in one of the other's; its own folder is no arrow, and a row that may import
 * all of `lib/` (start-up) sits on top of everything and is left out. Each loop is named once.
 */
export function importLoops(rows) {
  const lib = rows
    .map((row) => ({ name: row.who.join(", "), who: row.who.map(namedPath), mayImport: row.targets.map(namedPath) }))
    .filter(({ who, mayImport }) => who.every((path) => path.startsWith("lib/")) && !mayImport.includes("lib/"));
  const arrows = new Map(
    lib.map((a) => [
      a,
      lib.filter((b) => b !== a && a.mayImport.some((to) => b.who.some((path) => overlap(to, path)))),
    ]),
  );
  const onLoop = new Set();
  const loops = [];
  for (const start of lib) {
    if (onLoop.has(start)) continue;
    // Breadth first from the row: the shortest way back to it, if there is one.
    const cameFrom = new Map([[start, null]]);
    const queue = [start];
    let last = null;
    while (queue.length > 0 && !last) {
      const node = queue.shift();
      for (const next of arrows.get(node)) {
        if (next === start) last = node;
        else if (!cameFrom.has(next)) {
          cameFrom.set(next, node);
          queue.push(next);
        }
      }
    }
    if (!last) continue;
    const trail = [];
    for (let node = last; node; node = cameFrom.get(node)) trail.unshift(node);
    trail.forEach((node) => onLoop.add(node));
    loops.push([...trail, start].map((node) => node.name).join(" → "));
  }
  return loops;
}

const rows = folderRules();
const loops = importLoops(rows);
if (loops.length > 0)
  throw new Error(
    `${MAP}: the folder table lets lib/ rows import each other, an arrow upward (#49, D34): ${loops.join("; ")}`,
  );
const rawSqlUsers = rows.filter((row) => row.rawSql).flatMap((row) => row.from);
/**
 * A sub-folder with a row of its own (`lib/usage/endpoint/` in `lib/usage/`) is its own layer: it
 * may use its parent's files, as any file of the folder may, but the parent reaches it only when
 * its own row names it, else a folder's own files would be a way round the table.
 */
const subFolders = rows.flatMap((row) =>
  row.who
    .map(namedPath)
    .filter((path) => path.endsWith("/"))
    .flatMap((sub) =>
      rows
        .filter((parent) => parent !== row)
        .flatMap((parent) => parent.who.map(namedPath))
        .filter((parent) => parent.endsWith("/") && sub.startsWith(parent) && sub !== parent)
        .map((parent) => ({ parent, sub })),
    ),
);
const upperSubFolders = subFolders.filter(
  ({ parent, sub }) =>
    !rows.some(
      (row) => row.who.map(namedPath).includes(parent) && row.targets.map(namedPath).some((to) => overlap(to, sub)),
    ),
);
const EXTERNAL = ["npm", "npm-dev", "npm-optional", "npm-peer", "npm-bundled", "npm-no-pkg", "core"];

/** @type {import("dependency-cruiser").IConfiguration} */
const config = {
  forbidden: [
    {
      name: "no-circular",
      comment: "An import cycle: modules that need each other are one module, or share a third (D31).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "raw-sql-where-the-table-says",
      comment: `${RAW_SQL} is for the folders whose row in ${MAP} names it; use lib/db (Prisma) elsewhere (D31).`,
      severity: "error",
      from: { pathNot: ["^lib/db/", "^(tests|bench)/", ...rawSqlUsers] },
      to: { path: "^lib/db/pool\\.ts$" },
    },
    {
      name: "db-through-its-front-doors",
      comment: "The connection is lib/db (Prisma) or lib/db/pool.ts (raw SQL), never lib/db/client.ts itself.",
      severity: "error",
      from: { pathNot: "^lib/db/" },
      to: { path: "^lib/db/client\\.ts$" },
    },
    ...upperSubFolders.map(({ parent, sub }) => ({
      name: "sub-folder-above-its-folder",
      comment: `${sub} has its own row in ${MAP} and sits above ${parent}, which may not import it (D34).`,
      severity: "error",
      from: { path: `^${escape(parent)}`, pathNot: `^${escape(sub)}` },
      to: { path: `^${escape(sub)}` },
    })),
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to nothing.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  allowedSeverity: "error",
  allowed: [
    { comment: "npm packages and Node's built-ins", from: {}, to: { dependencyTypes: EXTERNAL } },
    // A folder's own files: lib/api/* → lib/api/*, components/site/* → components/site/*, app/* → app/*,
    // and each SDK its own (sdks/typescript/* → sdks/typescript/*).
    { from: { path: "^((app|scripts|tests|bench)/|(components|lib|sdks)/[^/]+/)" }, to: { path: "^$1" } },
    ...rows.flatMap((row) =>
      row.from.map((from) => ({
        comment: `ARCHITECTURE.md: ${row.who.join(", ")}`,
        from: { path: from },
        to: { path: row.to.length > 0 ? row.to : ["^$"] },
      })),
    ),
  ],
  options: {
    // The generated Prisma client is checked as a target (only data access may use its types),
    // not cruised itself.
    doNotFollow: { path: "^(node_modules|generated)/" },
    exclude: { path: "^(node_modules|\\.next[^/]*|\\.tools|\\.data)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};

export default config;

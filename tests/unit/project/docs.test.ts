import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * README.md and docs/**\/*.md tell the truth about the code: every repository path they name in
 * backticks (or link to) exists, and every name of ours they name exists as the code has it.
 *
 * - A path: `app/web/guards.server.ts`, `tests/e2e/api/*.spec.ts`, `app/domain/<area>/schemas.ts`
 *   (a glob or a <placeholder> must match something), `~/lib/nonce`, or a file name relative to
 *   anywhere (`orders/transitions.server.ts`, `sender.server.ts`): it must exist. Generated and
 *   runtime paths are listed in GENERATED, the few outside the repository in OUTSIDE.
 * - A function, hook or component (`listProducts(db, filter)`, `useBehaviors`, `<ProductThumb>`,
 *   `ShopLink`): some module under app/, server/, db/, tools/, tests/ or scripts/ exports it.
 * - A name tied to a file (`requireAdmin` in `app/web/guards.server.ts`, `exportAccountData(db)`
 *   (`app/domain/privacy/export.server.ts`), `guards.server.ts` (`requireUser`, …)): that file
 *   exports or defines it.
 * - Any other name of code (`orderRetentionYears`, `HYDRATED_PAGE`, `activity_log`): it appears in
 *   the code (comments left out) or the configuration.
 * Names that are not ours (React's, Remix's, a library's) are in NOT_OURS; what an ADR says its
 * decision replaced, in GONE_ON_PURPOSE.
 */

const root = path.resolve(import.meta.dirname, "../../..");
const SELF = "tests/unit/project/docs.test.ts";

/** Paths that exist only once something has run, each with what makes it. */
const GENERATED: Record<string, string> = {
  "data/": "runtime state: the database, the session secret, backups, the demo's mail (ignored by git)",
  "build/": "npm run build",
  "public/build/": "npm run build (the shop's browser module and Remix's client)",
  "public/uploads/": "uploaded product images, made at runtime",
  "tests/.tmp/": "each vitest and Playwright run's databases",
  "test-results/": "Playwright's output",
};

/** Paths outside this repository that a doc names on purpose. */
const OUTSIDE: Record<string, string> = {
  "spec/": "the two specs docs/contract.md refers to: that page is a verbatim copy of the shared contract, which sits beside them",
};

/** Names the docs use that are not ours: the frameworks', libraries' and platform's. */
const NOT_OURS = new Set([
  // React and react-dom
  "renderToString",
  "renderToStaticMarkup",
  "hydrateRoot",
  "dangerouslySetInnerHTML",
  "useEffect",
  "useState",
  // Remix
  "createCookie",
  "createCookieSessionStorage",
  "Scripts",
  "ScrollRestoration",
  "Link",
  "Form",
  "RemixServer",
  "RemixBrowser",
  "useFetcher",
  "useLoaderData",
  "useActionData",
  "useNavigation",
  "useMatches",
  "useLocation",
  "useSubmit",
  "shouldRevalidate",
  "clientLoader",
  "getLoadContext",
  "redirect",
  "json",
  // Conform and zod
  "parseWithZod",
  "getZodConstraint",
  "useForm",
  "getFormProps",
  "getInputProps",
  // Kysely, SQLite, express, nodemailer, remix-auth, sharp
  "Migrator",
  "FormStrategy",
  "GoogleStrategy",
  "Authenticator",
  "createTransport",
  // Kysely's Postgres side, Postgres and SQLite (docs/scaling.md, the ADRs)
  "PostgresDialect",
  "websearch_to_tsquery",
  "ts_rank",
  "pg_trgm",
  "pg_dump",
  "SQLITE_BUSY_SNAPSHOT",
  // React's streaming API the shop chose against (docs/decisions/render-to-string.md)
  "renderToPipeableStream",
  "onAllReady",
  "Await",
  // the browser, Node, HTTP, OAuth and systemd
  "FormData",
  "WeakMap",
  "localStorage",
  "innerHTML",
  "HttpOnly",
  "max_age",
  "StateDirectory",
  // brand names written in backticks now and then
  "PayPal",
  "JavaScript",
  "TypeScript",
]);

/** Names an ADR gives for what came before its decision: they are gone on purpose. */
const GONE_ON_PURPOSE: Record<string, string> = {
  "scripts/serve.cjs": "docs/decisions/one-request-pipeline.md: the server the one chain replaced",
  assertSameOrigin: "docs/decisions/one-request-pipeline.md: the per-action check the chain's same-origin step replaced",
  throwIfPotentialCSRFAttack: "docs/decisions/one-request-pipeline.md: what the per-action check was called",
};

const SKIP_DIRS = new Set([".git", "node_modules", "build", ".cache", "test-results", "playwright-report", "data"]);
const SKIP_PATHS = new Set(["public/build", "public/uploads", "tests/.tmp"]);

function walk(dir: string, files: string[], dirs: Set<string>): void {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if ((!dir && SKIP_DIRS.has(entry.name)) || SKIP_PATHS.has(rel) || rel.startsWith("tests/.tmp")) continue;
      dirs.add(rel);
      walk(rel, files, dirs);
    } else files.push(rel);
  }
}

const files: string[] = [];
const dirs = new Set<string>();
walk("", files, dirs);
const fileSet = new Set(files);
const topLevel = new Set(readdirSync(root));

const CODE_ROOTS = ["app/", "server/", "db/", "tools/", "tests/", "scripts/"];
const CODE_FILE = /\.(ts|tsx|js|mjs|cjs)$/;
const codeFiles = files.filter((f) => CODE_FILE.test(f) && CODE_ROOTS.some((r) => f.startsWith(r)) && f !== SELF);
const source = new Map(codeFiles.map((f) => [f, readFileSync(path.join(root, f), "utf8")]));

function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/(^|[^:\\"'`])\/\/.*$/gm, "$1");
}

/** The names a module exports (its own, `export { a as b }`, and what `export *` passes on). */
const ownExports = new Map<string, Set<string>>();
const starFrom = new Map<string, string[]>();
for (const [file, text] of source) {
  const names = new Set<string>();
  for (const m of text.matchAll(
    /export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g,
  )) {
    names.add(m[1]!);
  }
  for (const m of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of m[1]!.split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (name) names.add(name);
    }
  }
  ownExports.set(file, names);
  starFrom.set(
    file,
    [...text.matchAll(/export\s+\*\s+from\s+["']([^"']+)["']/g)].map((m) => resolveModule(file, m[1]!)).filter((f): f is string => Boolean(f)),
  );
}

function resolveModule(from: string, spec: string): string | undefined {
  const base = spec.startsWith("~/") ? `app/${spec.slice(2)}` : spec.startsWith(".") ? path.posix.join(path.posix.dirname(from), spec) : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}.js`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => fileSet.has(f));
}

function exportsOf(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return new Set();
  seen.add(file);
  const out = new Set(ownExports.get(file) ?? []);
  for (const target of starFrom.get(file) ?? []) for (const name of exportsOf(target, seen)) out.add(name);
  return out;
}

/** A module-level definition counts too: docs may name a file's own helper (`waitFor` in journey.ts). */
function definesOrExports(file: string, name: string): boolean {
  if (exportsOf(file).has(name)) return true;
  return new RegExp(`(?:function\\*?|const|let|class|interface|type)\\s+${name.replace(/\$/g, "\\$")}\\b`).test(withoutComments(source.get(file) ?? ""));
}

const exported = new Set<string>();
for (const file of codeFiles) for (const name of exportsOf(file)) exported.add(name);

/** Every word of the code (comments left out) and of the configuration the docs talk about. */
const CONFIG = [".env.example", "package.json", "eslint.config.js", "remix.config.js", "vitest.config.ts", "playwright.config.ts", "tsconfig.json"];
const words = new Set<string>();
for (const text of [
  ...[...source.values()].map(withoutComments),
  ...CONFIG.filter((f) => fileSet.has(f)).map((f) => readFileSync(path.join(root, f), "utf8")),
  // deploy/ is the production setup; patches/ the dependency code the Remix ADR talks about.
  ...files.filter((f) => f.startsWith("deploy/") || f.startsWith("patches/")).map((f) => readFileSync(path.join(root, f), "utf8")),
]) {
  for (const m of text.matchAll(/[A-Za-z_$][\w$]*/g)) words.add(m[0]);
}

// docs/contract.md is a verbatim copy of the outside contract, which also names what is still to be built.
const docs = ["README.md", ...files.filter((f) => f.startsWith("docs/") && f.endsWith(".md") && f !== "docs/contract.md")];

/** A doc's text without its fenced blocks (drawings and examples), line numbers kept. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ""));
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

function patternOf(p: string): RegExp {
  const body = p
    .replace(/[.+^$()|[\]\\]/g, "\\$&")
    .replace(/<[^>/]+>|\{[^}/]+\}/g, "[^/]+")
    .replace(/\*/g, "[^/]*");
  return new RegExp(`${body}$`);
}

/** The repository files a path names (several for a glob or a bare file name); [] when none. */
function filesNamed(span: string): string[] {
  let p = span.replace(/#.*$/, "").replace(/:\d+$/, "");
  if (p.startsWith("~/")) {
    const base = `app/${p.slice(2)}`;
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].filter((f) => fileSet.has(f) || dirs.has(f));
  }
  const asDir = p.endsWith("/");
  p = p.replace(/\/$/, "");
  const anchored = topLevel.has(p.split("/")[0]!);
  const re = patternOf(p);
  const pool = asDir ? [...dirs] : [...files, ...dirs];
  return pool.filter((f) => (anchored ? new RegExp(`^${re.source}`).test(f) : f === p || new RegExp(`(^|/)${re.source}`).test(f)));
}

function generated(span: string): boolean {
  return [...Object.keys(GENERATED), ...Object.keys(OUTSIDE)].some((prefix) => span === prefix.replace(/\/$/, "") || span.startsWith(prefix));
}

/** A span that names a repository path: no spaces, no URL, a top-level folder or a file extension. */
function isPath(span: string): boolean {
  if (/\s|:\/\/|^\/|^-|[=?@]/.test(span)) return false;
  if (span.startsWith("~/")) return true;
  if (topLevel.has(span.split("/")[0]!) && (span.includes("/") || span.includes("."))) return true;
  const first = `${span.split("/")[0]}/`;
  if ((GENERATED[first] !== undefined || OUTSIDE[first] !== undefined) && span.includes("/")) return true;
  // A file named relative to somewhere (`orders/transitions.server.ts`, `sender.server.ts`).
  if (!/^[\w<{*][\w.<>{}*$-]*(\/[\w.<>{}*$-]+)*$/.test(span)) return false;
  return /\.(ts|tsx|js|mjs|cjs|md|css)$/.test(span) || (span.includes("/") && span.endsWith(".json"));
}

const CALL = /^([A-Za-z_$][\w$]*)\(/;
const COMPONENT = /^<([A-Z][a-z][\w$]*)[\s/>]/;
const HOOK = /^use[A-Z][\w$]*$/;
const PASCAL = /^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$/;
const CAMEL = /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/;
const CONSTANT = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;

interface Problem {
  doc: string;
  line: number;
  text: string;
  why: string;
}

function problemsOf(doc: string, markdown = readFileSync(path.join(root, doc), "utf8")): Problem[] {
  const text = prose(markdown);
  const out: Problem[] = [];
  const add = (index: number, span: string, why: string) => out.push({ doc, line: lineOf(text, index), text: span, why });

  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    const span = m[1]!.trim().replace(/[.,;:]$/, "");
    if (GONE_ON_PURPOSE[span] !== undefined) continue;
    if (isPath(span)) {
      if (!generated(span) && filesNamed(span).length === 0) add(m.index, span, "no such path");
      continue;
    }
    const called = CALL.exec(span)?.[1];
    const component = COMPONENT.exec(span)?.[1];
    const name = component ?? called ?? span;
    if (NOT_OURS.has(name) || GONE_ON_PURPOSE[name] !== undefined) continue;
    // A function, a hook or a type of ours is an export; any other name of code is at least used.
    if (component || HOOK.test(name) || PASCAL.test(name) || (called && CAMEL.test(name))) {
      if (!exported.has(name)) add(m.index, span, `${name} is exported nowhere`);
    } else if (CAMEL.test(name) || CONSTANT.test(name) || SNAKE.test(name)) {
      if (!words.has(name)) add(m.index, span, "appears nowhere in the code");
    }
  }

  // Names tied to a file: `name` (`file`), `name` in/from `file`, and `file` (… `name` …).
  const flat = text.replace(/\n/g, " ");
  const tied: { index: number; name: string; file: string }[] = [];
  for (const m of flat.matchAll(/`([A-Za-z_$][\w$]*)(?:\([^`]*\))?`\s*(?:\(|\bin\s+|\bfrom\s+)`([^`\s]+\.(?:ts|tsx|js|mjs))`/g)) {
    tied.push({ index: m.index, name: m[1]!, file: m[2]! });
  }
  for (const m of flat.matchAll(/`([^`\s]+\.(?:ts|tsx|js|mjs))`\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
    for (const n of m[2]!.matchAll(/`([A-Za-z_$][\w$]*)(?:\([^`]*\))?`/g)) tied.push({ index: m.index, name: n[1]!, file: m[1]! });
  }
  for (const { index, name, file } of tied) {
    if (NOT_OURS.has(name) || GONE_ON_PURPOSE[name] !== undefined || !(CAMEL.test(name) || PASCAL.test(name))) continue;
    const candidates = filesNamed(file).filter((f) => source.has(f));
    if (candidates.length === 0) continue; // the path check reports a missing file
    if (!candidates.some((f) => definesOrExports(f, name))) add(index, `${name} … ${file}`, `${file} neither exports nor defines ${name}`);
  }

  // Relative Markdown links.
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1]!.replace(/#.*$/, "");
    if (!target || /^[a-z]+:/.test(target)) continue;
    const rel = path.posix.normalize(path.posix.join(path.posix.dirname(doc), target)).replace(/\/$/, "");
    if (!fileSet.has(rel) && !dirs.has(rel)) add(m.index, m[1]!, "the link leads nowhere");
  }
  return out;
}

describe("the docs name only what exists", () => {
  it("reads README.md and the docs folder", () => {
    expect(docs).toContain("README.md");
    expect(docs).toContain("docs/architecture.md");
    expect(exported.has("requireAdmin") || exported.has("exportAccountData")).toBe(true);
  });

  it.each(docs)("%s", (doc) => {
    const problems = problemsOf(doc).map((p) => `${p.doc}:${p.line} \`${p.text}\`: ${p.why}`);
    expect(problems).toEqual([]);
  });

  it("catches a made-up hook, a missing file, a name in the wrong file and a dead link", () => {
    const lies = [
      "Add to Cart is sent by `useCardAdds` once JavaScript runs.",
      "Guards live in `app/web/no-such-file.server.ts`.",
      "`deleteAccount(db, userId)` (`app/domain/privacy/export.server.ts`) removes the account.",
      "Read [the ADR](decisions/no-such-decision.md).",
      "```",
      "`useCardAdds` in a fenced block is a drawing, not a claim",
      "```",
    ].join("\n");
    expect(problemsOf("docs/example.md", lies).map((p) => [p.line, p.text])).toEqual([
      [1, "useCardAdds"],
      [2, "app/web/no-such-file.server.ts"],
      [3, "deleteAccount … app/domain/privacy/export.server.ts"],
      [4, "decisions/no-such-decision.md"],
    ]);
    const truths = [
      "`exportAccountData(db, userId)` (`app/domain/privacy/export.server.ts`), `app/domain/<area>/schemas.ts`,",
      "`tests/e2e/api/*.spec.ts`, `~/lib/nonce`, `sender.server.ts`, `renderToString`, `data/shop.db`, [ADR](decisions/lean-pages.md).",
    ].join("\n");
    expect(problemsOf("docs/example.md", truths)).toEqual([]);
  });
});

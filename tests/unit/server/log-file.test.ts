import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// LOG_FILE (the demo's): the log lines go to that file, errors to stderr as well, nothing to
// stdout. Without it the log stays on stdout, as production and the tests have it.

const root = path.resolve(import.meta.dirname, "../../..");
const dir = mkdtempSync(path.join(tmpdir(), "log-file-"));
const script = path.join(dir, "log.mts");
writeFileSync(
  script,
  `import { logger } from ${JSON.stringify(path.join(root, "app/lib/logger.server.ts"))};\n` +
    `logger.info({ route: "/shop" }, "request");\nlogger.error({ password: "hunter2" }, "it broke");\n`,
);

function runWith(env: Record<string, string | undefined>) {
  const result = spawnSync(process.execPath, ["--import", "tsx", script], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, LOG_LEVEL: "info", LOG_FILE: undefined, ...env },
  });
  expect(result.status).toBe(0);
  return result;
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the log's destination", () => {
  it("with LOG_FILE: every line in the file (its folder made), errors on stderr too, stdout quiet", () => {
    const file = path.join(dir, "logs/demo.log");
    const result = runWith({ LOG_FILE: file });
    expect(result.stdout).toBe("");
    const lines = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ["info", "request"],
      ["error", "it broke"],
    ]);
    // Redaction holds in the file as on stdout.
    expect(lines[1]!.password).toBe("[redacted]");
    expect(result.stderr).toContain('"msg":"it broke"');
    expect(result.stderr).not.toContain('"msg":"request"');
    // A second process appends.
    runWith({ LOG_FILE: file });
    expect(readFileSync(file, "utf8").trim().split("\n")).toHaveLength(4);
  });

  it("without LOG_FILE: stdout, as production and the tests log", () => {
    const result = runWith({});
    expect(result.stdout).toContain('"msg":"request"');
    expect(result.stdout).toContain('"msg":"it broke"');
  });
});

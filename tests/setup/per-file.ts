import { copyFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, vi } from "vitest";
import { runDir } from "../helpers/run-dir";

// Each test file gets its own copy of the migrated database before any app module loads.
const tmp = runDir();
const file = path.join(tmp, `test-${process.pid}-${Math.random().toString(36).slice(2)}.sqlite`);
copyFileSync(path.join(tmp, "base.sqlite"), file);
process.env.DATABASE_PATH = file;
process.env.UPLOAD_DIR ??= path.join(tmp, `uploads-${process.pid}`);
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret";
process.env.APP_URL ??= "http://localhost:3000";

// A stray console.error fails the test.
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, "error");
});
afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  if (calls.length > 0) throw new Error(`console.error was called: ${calls.map((c: unknown[]) => c.map(String).join(" ")).join("\n")}`);
});

import path from "node:path";
import { afterEach, beforeEach, vi } from "vitest";
import { copyTemplate, newDbFile } from "../helpers/db";
import { runDir } from "../helpers/run-dir";

// Each test file gets its own copy of the migrated template before any app module loads (see tests/helpers/db.ts).
process.env.DATABASE_PATH = copyTemplate(newDbFile("test"));
process.env.UPLOAD_DIR ??= path.join(runDir(), `uploads-${process.pid}`);
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret";
process.env.APP_URL ??= "http://localhost:3000";
// Components rendered outside a page speak English, as the server's do (app/i18n/context.tsx).
await import("~/i18n/i18n.server");

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

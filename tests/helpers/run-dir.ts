/** The folder for this vitest run's files (databases, uploads), made and removed by tests/setup/global-setup.ts. */
export function runDir(): string {
  const dir = process.env.TEST_RUN_DIR;
  if (!dir) throw new Error("TEST_RUN_DIR is set by tests/setup/global-setup.ts");
  return dir;
}

import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/** Prints per-project counts and the plain closing line 'N passed, N failed'. */
export default class SummaryReporter implements Reporter {
  private counts = new Map<string, { passed: number; failed: number; skipped: number }>();

  onTestEnd(test: TestCase, result: TestResult) {
    const project = test.parent.project()?.name ?? "default";
    const c = this.counts.get(project) ?? { passed: 0, failed: 0, skipped: 0 };
    if (result.retry < test.retries && result.status !== "passed") return;
    const outcome = test.outcome();
    if (outcome === "expected" || outcome === "flaky") c.passed++;
    else if (outcome === "skipped") c.skipped++;
    else c.failed++;
    this.counts.set(project, c);
  }

  onEnd(_result: FullResult) {
    let passed = 0;
    let failed = 0;
    for (const [name, c] of this.counts) {
      console.log(`e2e ${name}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ""}`);
      passed += c.passed;
      failed += c.failed;
    }
    console.log(`${passed} passed, ${failed} failed`);
  }
}

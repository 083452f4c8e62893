import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints the page's accessibility snapshot (Playwright's error context) for every failed
 * attempt. CI keeps only the log, not the traces: this is what shows what the page looked like.
 */
export default class PageSnapshotReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const context = result.attachments.find((attachment) => attachment.name === 'error-context');
    if (!context?.path) return;
    const title = test.titlePath().filter(Boolean).join(' › ');
    process.stdout.write(
      `\n--- page at the failure of "${title}" (attempt ${result.retry + 1}) ---\n` +
        `${readFileSync(context.path, 'utf8')}\n--- end of page ---\n`,
    );
  }

  printsToStdio(): boolean {
    return true;
  }
}

// Prints the closing line CI reads, from vitest's JSON report: every test once, and a test file that
// failed without a failed test in it (it could not be loaded, or a hook failed) as one failure more.
// vitest's own numFailedTestSuites is not used: it counts each describe block around a failed test.
import { readFileSync } from 'node:fs';

let report;
try {
  report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
} catch {
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const files = Array.isArray(report.testResults) ? report.testResults : [];
const filesFailedOutsideTests = files.filter(
  (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
).length;
const passed = report.numPassedTests ?? 0;
let failed = (report.numFailedTests ?? 0) + filesFailedOutsideTests;
// An error outside every test (an unhandled rejection, say) fails the run, and is counted once.
if (failed === 0 && report.success === false) failed = 1;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (failed > 0 || passed === 0) process.exit(1);

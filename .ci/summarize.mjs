// Prints the closing line CI reads, from vitest's JSON report: every test once, and a test file that
// failed without a failed test in it (it could not be loaded, or a hook failed) as one failure more.
// vitest's own numFailedTestSuites is not used: it counts each describe block around a failed test.
import { readFileSync } from 'node:fs';
import { skipReasonLines } from '../test/helpers/skip-reasons.mjs';

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
// The Node release lines the bundles were proven on (test/node-lines/line.test.ts), and those skipped.
const LINE_TEST = /^the bundles run on Node (\d+\.\d+\.\d+)(?: \(skipped: (.*)\))?$/;
const proved = [];
const notProved = [];
for (const file of files) {
  for (const test of file.assertionResults ?? []) {
    const match = LINE_TEST.exec(test.title ?? '');
    if (!match) continue;
    if (test.status === 'passed') proved.push(match[1]);
    else notProved.push(`${match[1]} (${match[2] ?? test.status})`);
  }
}
const byVersion = (a, b) => a.localeCompare(b, 'en', { numeric: true });
if (proved.length) console.log(`Node lines proved: ${proved.sort(byVersion).join(', ')}`);
if (notProved.length) console.log(`Node lines not proved: ${notProved.sort(byVersion).join('; ')}`);
// Each tier that could not run here, with its reason.
const skippedNames = files.flatMap((file) => (file.assertionResults ?? []).filter((test) => test.status === 'pending' || test.status === 'skipped').map((test) => test.fullName ?? ''));
for (const line of skipReasonLines(skippedNames)) console.log(line);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (failed > 0 || passed === 0) process.exit(1);

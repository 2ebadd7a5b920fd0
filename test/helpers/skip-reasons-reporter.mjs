// At the end of `npm test`, a line per reason a tier was skipped for (skip-reasons.mjs), after the
// default reporter's summary.
import { skipReasonLines } from './skip-reasons.mjs';

export default class SkipReasonsReporter {
  onTestRunEnd(testModules) {
    const skipped = [];
    for (const module of testModules) {
      for (const test of module.children.allTests('skipped')) skipped.push(test.fullName);
    }
    for (const line of skipReasonLines(skipped)) process.stdout.write(`${line}\n`);
  }
}

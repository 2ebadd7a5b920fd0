// `npm start -- shell --command …` shows the command's output as it comes: run as a pipe reads it
// (no terminal, so plain lines), each line is there while the command still runs.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { rowSummary } from '../../src/orchestrator/index.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { pollUntil } from '../helpers/poll.js';

const TSX = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

it("prints a one-call command's lines as they come, plainly, before the call's view", async () => {
  // A line every 300 ms; then the command waits for the test, so that "before it ends" is a fact.
  const command = 'for i in 1 2 3; do echo $i; sleep 0.3; done; while [ ! -e go ]; do sleep 0.05; done; echo done';
  const child = spawn(TSX, ['scripts/try.ts', 'shell', '--command', command], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const seen = await pollUntil(() => stdout, (text) => text.includes('  │ 3\n'));
    expect(seen).not.toContain('── step 1');
    const home = /^home: (.+)$/m.exec(seen)![1]!;
    expect(seen.slice(seen.indexOf('\n▸ '))).toBe(`\n▸ ${rowSummary('shell', { command })}\n  │ 1\n  │ 2\n  │ 3\n`);
    writeFileSync(join(home, 'repos', 'tryout-repo', 'go'), '');
    expect(await exited).toBe(0);
  } finally {
    child.kill();
  }
  // Plain lines: no carriage return, no escape; the live part, a blank line, then the call as the app shows it.
  expect(stdout).not.toMatch(/[\r\u001b]/);
  expect(stdout).toContain('  │ 3\n  │ done\n\n── step 1 · shell ');
  expect(stdout).toContain('\nResult\n  1\n  2\n  3\n  done\n');
});

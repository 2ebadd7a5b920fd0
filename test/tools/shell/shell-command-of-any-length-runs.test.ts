// Shell: a command of any length runs; one too long for a single argument (Linux caps one at
// 128 KiB: E2BIG) travels through a file in the run's folder, in the foreground and the background.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { killSandboxJobs, pollUntil, status } from '../../helpers/background.js';
import { makeSandbox, runHelperArgument, type Sandbox } from '../../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
  mkdirSync(join(sandbox.home, 'sub'));
});
afterEach(() => {
  killSandboxJobs(sandbox);
  sandbox.cleanup();
});

// 200 KB of heredoc, then lines that show what bash -c would give the command.
const HEREDOC_LINES = 4000;
const longCommand = [
  "text=$(cat <<'EOF'",
  ...Array.from({ length: HEREDOC_LINES }, (_, i) => `line ${String(i).padStart(4, '0')} ${'x'.repeat(40)}`),
  'EOF',
  ')',
  'echo "${#text} bytes; \\$0=$0; $# parameters"',
  '[ "$BASH_EXECUTION_STRING" = "$(printf %s "$BASH_EXECUTION_STRING")" ] && echo "execution string of ${#BASH_EXECUTION_STRING} bytes"',
  'cd sub',
  'no_such_command_here',
  'exit 3',
].join('\n');

/** The request through a request file, as the orchestrator sends any request over 64 KiB. */
function call(callId: string, args: Record<string, unknown>) {
  const path = join(sandbox.runDir, 'requests', `r1-${callId}.json`);
  writeFileSync(path, JSON.stringify({ op: 'shell', args, run_id: 'r1', agent_id: 'a1', call_id: callId }));
  return runHelperArgument(sandbox, path).envelope;
}

const runFolderFiles = () => readdirSync(join(sandbox.home, '.runs', 'r1')).sort();

it('a 200 KB command runs in the foreground as bash -c would run it, and its file is gone after', () => {
  expect(Buffer.byteLength(longCommand)).toBeGreaterThan(200_000);
  const envelope = call('c1', { command: longCommand });
  const errorLine = HEREDOC_LINES + 7;
  expect(envelope.text).toBe(
    [
      `${HEREDOC_LINES * 51 - 1} bytes; $0=bash; 0 parameters`,
      `execution string of ${Buffer.byteLength(longCommand)} bytes`,
      `bash: line ${errorLine}: no_such_command_here: command not found`,
      'exit_code: 3',
    ].join('\n'),
  );
  expect(envelope.meta).toMatchObject({ exit_code: 3, cwd: sandbox.home });
  expect(runFolderFiles()).toEqual(['cwd']);
  // The cd carried over.
  expect(call('c2', { command: 'pwd' }).text).toBe(join(sandbox.home, 'sub'));
});

it('a 200 KB command starts in the background, and the job removes its file once read', async () => {
  const started = call('c3', { command: longCommand, background: true });
  expect(started.ok).toBe(true);
  expect(started.text).toMatch(/^started b1 in the background \(pid \d+\)\n/);
  const done = await pollUntil(
    () => status(sandbox, { id: 'b1' }),
    (envelope) => envelope.text?.startsWith('state: exited') ?? false,
  );
  expect(done.text!.split('\n').slice(0, 1).concat(done.text!.split('\n').slice(3))).toEqual([
    'state: exited 3',
    `${HEREDOC_LINES * 51 - 1} bytes; $0=bash; 0 parameters`,
    `execution string of ${Buffer.byteLength(longCommand)} bytes`,
    `bash: line ${HEREDOC_LINES + 7}: no_such_command_here: command not found`,
  ]);
  expect(runFolderFiles()).toEqual(['c3.log']);
});

// Run by test/e2e/bwrap-sandbox.test.ts as an unprivileged user: starts a bubblewrap sandbox, makes
// one call through the orchestrator, and prints what the test checks as one JSON line.
import { BwrapSandbox } from '../../src/orchestrator/sandboxes/bwrap/sandbox.js';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';

let sandbox: BwrapSandbox;
try {
  sandbox = await BwrapSandbox.start();
} catch (error) {
  process.stdout.write(JSON.stringify({ unavailable: error instanceof Error ? error.message : String(error) }) + '\n');
  process.exit(0);
}
try {
  const run = new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1' });
  const result = await run.call({
    tool: 'shell',
    args: { command: "id -u; grep CapEff /proc/self/status; ps -e -o comm= > /tmp/ps.txt; sort -u /tmp/ps.txt | paste -sd ' '" },
    callId: 'c1',
    resultSeq: 1,
  });
  process.stdout.write(JSON.stringify({ uid: process.getuid?.(), text: result.text }) + '\n');
} finally {
  await sandbox.cleanup();
}

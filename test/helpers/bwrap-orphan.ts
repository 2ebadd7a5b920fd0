// Run by test/e2e/bwrap-sandbox.test.ts, which kills it: starts a bubblewrap sandbox holding a
// detached command, prints the container's pid and its scratch folder (the test removes it), and
// waits to be killed without cleaning up.
import { BwrapSandbox } from '../../src/orchestrator/sandboxes/bwrap/sandbox.js';
import { execRequest } from '../../src/orchestrator/sandbox.js';

const sandbox = await BwrapSandbox.start();
await sandbox.exec(execRequest(['sh', '-c', 'setsid sleep 304 >/dev/null 2>&1 &'], {}, 20_000));
process.stdout.write(`${sandbox.pid} ${sandbox.scratch}\n`);
// Ends on its own should the test never kill it; the container still goes with it.
setTimeout(() => process.exit(0), 120_000);

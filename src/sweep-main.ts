// dist/guilds-code.js's code for `--sweep KEY...`: what the orchestrator runs after a cold call's
// helper died without answering (killed at its deadline, by the OOM killer), so that nothing that call
// started runs on (docs/reliability.md, "A helper killed mid-call"). A cold helper keeps no watcher of
// its own: the orchestrator is the one that sees its exec end without an answer. The loader has taken
// the agent's ids already (src/boot/loader.ts), so only the agent's processes are found and signalled.
// It answers with its exit status alone: 0 once every key's processes are gone, 2 for a key that is none.
import { isCallKey } from './io/call-mark.js';
import { sweepCall } from './io/node/call-sweep.js';
import { SHELL_KILL_GRACE_MS } from './limits.js';

async function sweep(keys: readonly string[]): Promise<void> {
  if (keys.length === 0 || !keys.every(isCallKey)) {
    process.stderr.write('usage: guilds-code --sweep KEY... (each a call key: 1 to 11 of 0-9 a-z)\n');
    process.exit(2);
  }
  await Promise.all(keys.map((key) => sweepCall(key, SHELL_KILL_GRACE_MS)));
  process.exit(0);
}

void sweep(process.argv.slice(3));

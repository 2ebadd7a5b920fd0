// Wall time and the helper's peak memory for shell commands of growing output, beside the time the
// same command takes writing to a file. Run after `npm run build`: node bench/shell-output.mjs
// (needs GNU time at /usr/bin/time for the peak memory).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bundle = new URL('../dist/guilds-code.js', import.meta.url).pathname;
const root = mkdtempSync(join(tmpdir(), 'guilds-code-bench-'));
const home = join(root, 'home');
mkdirSync(join(root, 'run'), { recursive: true });
mkdirSync(home);

const cases = [
  ['1 KB', "head -c 1000 /dev/zero | tr '\\0' x"],
  ['1 GB of short lines', 'yes 0123456789abcdef | head -c 1000000000'],
  ['1 GB, one line', "head -c 1000000000 /dev/zero | tr '\\0' x"],
  ['200 MB of colour', "yes $'\\e[32mok\\e[0m test passed' | head -c 200000000"],
];

function wallMs(run) {
  const start = process.hrtime.bigint();
  const result = run();
  return [Number(process.hrtime.bigint() - start) / 1e6, result];
}

let call = 0;
for (const [name, command] of cases) {
  const request = { op: 'shell', args: { command }, run_id: 'bench', agent_id: 'a', call_id: `c${++call}` };
  const encoded = Buffer.from(JSON.stringify(request)).toString('base64');
  const [helperMs, result] = wallMs(() =>
    spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, bundle, encoded], {
      env: { PATH: process.env.PATH, HOME: home, GUILDS_RUN_DIR: join(root, 'run') },
      encoding: 'utf8',
    }),
  );
  const peakKb = Number(result.stderr.trim().split('\n').pop());
  const [fileMs] = wallMs(() => spawnSync('bash', ['-c', `${command} > ${join(root, 'out')}`]));
  rmSync(join(home, '.runs'), { recursive: true, force: true });
  rmSync(join(root, 'out'), { force: true });
  console.log(`${name.padEnd(22)} helper ${helperMs.toFixed(0).padStart(6)} ms, peak ${(peakKb / 1024).toFixed(0).padStart(4)} MiB; to a file ${fileMs.toFixed(0).padStart(6)} ms`);
}
rmSync(root, { recursive: true, force: true });

// code_search against ripgrep alone, on a generated tree: node bench/search.mjs [files]
// Prints the median wall time of ripgrep run directly with the same arguments, of the helper doing
// the same search, and of the helper reading a one-line file (its start-up cost, paid by every op).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUNDLE = join(ROOT, 'dist', 'guilds-code.js');
const RG = join(ROOT, 'node_modules', `@vscode/ripgrep-${process.platform}-${process.arch}`, 'bin', 'rg');
const FILES = Number(process.argv[2] ?? 20_000);
const RUNS = 9;

const home = mkdtempSync(join(tmpdir(), 'guilds-search-bench-'));
const tree = join(home, 'tree');
for (let i = 0; i < FILES; i++) {
  const folder = join(tree, `d${i % 200}`);
  if (i < 200) mkdirSync(folder, { recursive: true });
  const lines = [];
  for (let l = 0; l < 60; l++) lines.push(`export function handler${l}(request, response) { return response.send(${i * l}); }`);
  if (i % 400 === 0) lines.push('// needle: the rare one');
  writeFileSync(join(folder, `file${i}.ts`), lines.join('\n') + '\n');
}
writeFileSync(join(home, 'one.txt'), 'one line\n');

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(run) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

function helper(op, args) {
  const request = Buffer.from(JSON.stringify({ op, args, run_id: 'b1', agent_id: 'a1', call_id: 'c1', default_cwd: 'tree' })).toString('base64');
  const out = spawnSync(process.execPath, [BUNDLE, request], { env: { HOME: home, GUILDS_RUN_DIR: join(home, '.run'), GUILDS_RG: RG }, encoding: 'utf8' });
  const envelope = JSON.parse(Buffer.from(out.stdout.trim(), 'base64').toString('utf8'));
  if (!envelope.ok) throw new Error(envelope.error);
  return envelope;
}

const common = ['--no-config', '--hidden', '--no-require-git', '--no-messages', '--color=never', '--with-filename', '--null', '--case-sensitive'];
const cases = [
  { name: 'files, few matches', args: { pattern: 'needle' }, rg: [...common, '--count-matches', '--glob=!.git', '--regexp=needle', '--'] },
  { name: 'files, every line', args: { pattern: 'response' }, rg: [...common, '--count-matches', '--glob=!.git', '--regexp=response', '--'] },
  { name: 'content, few matches', args: { pattern: 'needle', mode: 'content' }, rg: [...common, '--line-number', '--column', '--no-heading', '--no-context-separator', '--stats', '--context=0', '--glob=!.git', '--regexp=needle', '--'] },
  { name: 'content, every line', args: { pattern: 'response', mode: 'content' }, rg: [...common, '--line-number', '--column', '--no-heading', '--no-context-separator', '--stats', '--context=0', '--glob=!.git', '--regexp=response', '--'] },
];

try {
  const startup = time(() => helper('file_read', { path: '~/one.txt' }));
  console.log(`${FILES} files; median of ${RUNS} runs, ms`);
  console.log(`helper start-up (file_read of one line): ${startup.toFixed(1)}`);
  for (const c of cases) {
    const rgMs = time(() => spawnSync(RG, c.rg, { cwd: tree, stdio: ['ignore', 'ignore', 'ignore'] }));
    const helperMs = time(() => helper('code_search', c.args));
    const over = helperMs - rgMs - startup;
    console.log(`${c.name.padEnd(22)} ripgrep ${rgMs.toFixed(1).padStart(7)}  helper ${helperMs.toFixed(1).padStart(7)}  beyond ripgrep and start-up ${over.toFixed(1).padStart(6)}`);
  }
} finally {
  rmSync(home, { recursive: true, force: true });
}

// code_search against ripgrep alone, on a generated tree: node bench/search.mjs [files] [runs]
// Prints the fastest wall time and CPU time (user + system, which a busy machine disturbs less) of
// ripgrep run directly with the same arguments, of the helper doing the same search, and of the
// helper reading a one-line file (its start-up cost, paid by every op).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUNDLE = join(ROOT, 'dist', 'guilds-code.js');
const RG = join(ROOT, 'node_modules', `@vscode/ripgrep-${process.platform}-${process.arch}`, 'bin', 'rg');
const FILES = Number(process.argv[2] ?? 20_000);
const RUNS = Number(process.argv[3] ?? 15);

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

// The fastest run: on a shared machine the other runs mostly measure the neighbours.
function fastest(values) {
  return Math.min(...values);
}

const quote = (word) => `'${word.replace(/'/g, `'\\''`)}'`;

/** Fastest wall and CPU milliseconds of a command, timed by bash around it. */
function time(argv, cwd) {
  const wall = [];
  const cpu = [];
  const script = `TIMEFORMAT='%R %U %S'; time ( ${argv.map(quote).join(' ')} </dev/null >/dev/null 2>&1 )`;
  for (let i = 0; i < RUNS; i++) {
    const out = spawnSync('bash', ['-c', script], {
      cwd,
      encoding: 'utf8',
      env: { HOME: home, GUILDS_RUN_DIR: join(home, '.run'), GUILDS_RG: RG, PATH: process.env.PATH },
    });
    const [real, user, system] = out.stderr.trim().split('\n').pop().split(' ').map(Number);
    wall.push(real * 1000);
    cpu.push((user + system) * 1000);
  }
  return { wall: fastest(wall), cpu: fastest(cpu) };
}

function helperArgv(op, args) {
  const request = Buffer.from(JSON.stringify({ op, args, run_id: 'b1', agent_id: 'a1', call_id: 'c1', default_cwd: 'tree' })).toString('base64');
  const check = spawnSync(process.execPath, [BUNDLE, request], { env: { HOME: home, GUILDS_RUN_DIR: join(home, '.run'), GUILDS_RG: RG }, encoding: 'utf8' });
  const envelope = JSON.parse(Buffer.from(check.stdout.trim(), 'base64').toString('utf8'));
  if (!envelope.ok) throw new Error(envelope.error);
  return [process.execPath, BUNDLE, request];
}

const show = (t) => `${t.wall.toFixed(0).padStart(5)} wall ${t.cpu.toFixed(0).padStart(5)} cpu`;

const common = ['--no-config', '--hidden', '--no-require-git', '--no-messages', '--color=never', '--with-filename', '--null', '--case-sensitive'];
const cases = [
  { name: 'files, few matches', args: { pattern: 'needle' }, rg: [...common, '--count-matches', '--glob=!.git', '--regexp=needle', '--'] },
  { name: 'files, every line', args: { pattern: 'response' }, rg: [...common, '--count-matches', '--glob=!.git', '--regexp=response', '--'] },
  { name: 'content, few matches', args: { pattern: 'needle', mode: 'content' }, rg: [...common, '--line-number', '--column', '--no-heading', '--no-context-separator', '--stats', '--context=0', '--glob=!.git', '--regexp=needle', '--'] },
  { name: 'content, every line', args: { pattern: 'response', mode: 'content' }, rg: [...common, '--line-number', '--column', '--no-heading', '--no-context-separator', '--stats', '--context=0', '--glob=!.git', '--regexp=response', '--'] },
];

try {
  const startup = time(helperArgv('file_read', { path: '~/one.txt' }), home);
  console.log(`${FILES} files; fastest of ${RUNS} runs, ms`);
  console.log(`helper start-up (file_read of one line): ${show(startup)}`);
  for (const c of cases) {
    const rg = time([RG, ...c.rg], tree);
    const helper = time(helperArgv('code_search', c.args), home);
    const over = { wall: helper.wall - rg.wall - startup.wall, cpu: helper.cpu - rg.cpu - startup.cpu };
    console.log(`${c.name.padEnd(21)} ripgrep ${show(rg)} | helper ${show(helper)} | beyond both ${show(over)}`);
  }
} finally {
  rmSync(home, { recursive: true, force: true });
}

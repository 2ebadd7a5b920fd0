// The same-work floor (npm run bench -- --only warm-floor): each of four calls through CodeToolRun,
// warm and cold, against a Node program doing the same work and nothing else, measured in the same
// sandbox in the same run. The warm floor is the program opened with Sandbox.open (the warm stream's
// own transport), answering a line per request line; the cold floor is one exec of `node -e` doing
// the one piece of work. What is left between a call and its floor is the helper's and the
// orchestrator's own cost, which the targets bound (≤ 1.2× shell and code_search, ≤ 2×
// file_read and shell_status). Run through the local sandbox and, with --docker, a DockerSandbox
// under runc and gVisor (bench/docker.ts).
import { loadavg } from 'node:os';
import { CodeToolRun } from '../src/orchestrator/code-tools.js';
import { DockerSandbox } from '../src/orchestrator/sandboxes/docker/sandbox.js';
import { LocalSandbox } from '../src/orchestrator/sandboxes/local/sandbox.js';
import { execRequest, type Sandbox } from '../src/orchestrator/sandbox.js';
import type { OpenableSandbox } from './warm.js';
import { alternatingPairs, type Env } from './measure.js';

/**
 * The floor, for `node -e`, so that the container needs no file of ours: with a request as its
 * argument it does that one piece of work and exits (cold); without, it serves request lines on
 * stdin (warm). A request spawns `bash -c CMD` or `rg --count-matches -e PATTERN FOLDER` (stdin
 * closed, their output read to its end and waited for), reads a file whole and hashes it with
 * SHA-256, or just answers. One answer line each.
 */
export const FLOOR_SOURCE = String.raw`const { spawn } = require('child_process');
const answer = (a) => process.stdout.write(JSON.stringify(a) + '\n');
function run(argv, done) {
  const child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  let bytes = 0;
  child.stdout.on('data', (chunk) => (bytes += chunk.length));
  child.stderr.on('data', (chunk) => (bytes += chunk.length));
  child.on('close', (code) => done({ code, bytes }));
}
function work(r, done) {
  if (r.bash !== undefined) run(['bash', '-c', r.bash], done);
  else if (r.rg !== undefined) run([process.env.GUILDS_RG || 'rg', '--count-matches', '-e', r.rg, r.folder], done);
  else if (r.read !== undefined) done({ sha256: require('crypto').createHash('sha256').update(require('fs').readFileSync(r.read)).digest('hex') });
  else done({});
}
if (process.argv[1] !== undefined) work(JSON.parse(process.argv[1]), answer);
else {
  let held = '';
  process.stdin.setEncoding('utf8').on('data', (text) => {
    held += text;
    for (let i; (i = held.indexOf('\n')) >= 0; held = held.slice(i + 1)) work(JSON.parse(held.slice(0, i)), answer);
  });
}`;

/** The files both sides work on, made in the sandbox's home by FILES_SOURCE. */
const FILE = 'floor-file.txt';
const FILE_LINES = 2_000;
const TREE = 'floor-tree';
const TREE_FILES = 200;
const TREE_LINES_PER_FILE = 40;
const TREE_FILES_WITH_PATTERN = 3;
const PATTERN = 'needle_[0-9]+_few';
const FILES_SOURCE = String.raw`const fs = require('fs');
let text = '';
for (let i = 1; i <= ${FILE_LINES}; i++) text += 'line ' + i + ' of the file\n';
fs.writeFileSync('${FILE}', text);
for (let f = 0; f < ${TREE_FILES}; f++) {
  const dir = '${TREE}/d' + (f % 10);
  fs.mkdirSync(dir, { recursive: true });
  const lines = Array.from({ length: ${TREE_LINES_PER_FILE} }, (_, i) => 'static int value_' + f + '_' + i + ' = ' + i + ';');
  if (f < ${TREE_FILES_WITH_PATTERN}) lines.push('/* needle_' + f + '_few */');
  fs.writeFileSync(dir + '/f' + f + '.c', lines.join('\n') + '\n');
}`;

type FloorWork = { bash: string } | { rg: string; folder: string } | { read: string } | Record<string, never>;

export interface FloorCase {
  name: string;
  tool: string;
  args: Record<string, unknown>;
  /** What the floor does for the same answer. */
  work: FloorWork;
  /** The bound on the median of the per-round ratios, call over floor. */
  target: number;
  /** What the call's text must say, so that a call doing less than its floor is caught. */
  says: RegExp;
}

export function floorCases(): FloorCase[] {
  return [
    { name: 'shell `true`', tool: 'shell', args: { command: 'true' }, work: { bash: 'true' }, target: 1.2, says: /^\(no output\)$/ },
    {
      name: `code_search, ${TREE_FILES} files, files mode`,
      tool: 'code_search',
      args: { pattern: PATTERN, path: TREE, mode: 'files' },
      work: { rg: PATTERN, folder: TREE },
      target: 1.2,
      says: new RegExp(`^${TREE_FILES_WITH_PATTERN} matches in ${TREE_FILES_WITH_PATTERN} files$`, 'm'),
    },
    { name: 'file_read, 200 lines of a 2,000-line file', tool: 'file_read', args: { path: FILE, offset: 901, limit: 200 }, work: { read: FILE }, target: 2, says: /lines 901–1100 of 2000\n/ },
    { name: 'shell_status, nothing running', tool: 'shell_status', args: {}, work: {}, target: 2, says: /^no background commands$/ },
  ];
}

/** One side's median and its floor's, and the median of the per-round ratios. */
export interface Pairing {
  callMs: number;
  floorMs: number;
  ratio: number;
}

export interface FloorOutcome {
  testCase: FloorCase;
  /** local, runc or gVisor. */
  where: string;
  rounds: number;
  warm: Pairing;
  cold: Pairing;
  /** The 1-minute load average as its rounds ended. */
  load: number;
}

type Measuring = { rounds: number; warmup: number; cases: readonly FloorCase[] };

/** Makes the floor's files in the sandbox's home, through the sandbox itself. */
export async function makeFloorFiles(sandbox: Sandbox, node: string, env: Env): Promise<void> {
  const made = await sandbox.exec(execRequest([node, '-e', FILES_SOURCE], env, 120_000));
  if (made.exitCode !== 0) throw new Error(`the floor's files could not be made: ${made.stderr}`);
}

/** Throws unless the floor's answer says its work was done: a command exited 0, a hash came back. */
function checkAnswer(line: string, work: FloorWork): void {
  const answer = JSON.parse(line) as { code?: number; sha256?: string };
  if (('bash' in work || 'rg' in work) && answer.code !== 0) throw new Error(`the floor's ${JSON.stringify(work)} exited ${answer.code}`);
  if ('read' in work && answer.sha256?.length !== 64) throw new Error(`the floor's read answered ${line}`);
}

/** The warm floor: FLOOR_SOURCE opened over the sandbox, one request line in flight at a time. */
function openFloor(sandbox: OpenableSandbox, node: string, env: Env): { time(work: FloorWork): Promise<number>; close(): void } {
  let held = '';
  let waiting: ((line: string) => void) | null = null;
  let closed = false;
  const exec = sandbox.open([node, '-e', FLOOR_SOURCE], env, {
    stdout: (chunk) => {
      held += Buffer.from(chunk).toString('utf8');
      const end = held.indexOf('\n');
      if (end === -1 || waiting === null) return;
      const line = held.slice(0, end);
      held = held.slice(end + 1);
      const done = waiting;
      waiting = null;
      done(line);
    },
    closed: () => (closed = true),
  });
  return {
    time: (work) =>
      new Promise<number>((resolve, reject) => {
        if (closed) return reject(new Error('the warm floor ended'));
        const started = performance.now();
        waiting = (line) => {
          const took = performance.now() - started;
          try {
            checkAnswer(line, work);
            resolve(took);
          } catch (error) {
            reject(error);
          }
        };
        exec.write(`${JSON.stringify(work)}\n`);
      }),
    close: () => exec.end(),
  };
}

/** The cold floor: one exec of `node -e` doing the one piece of work. */
async function coldFloor(sandbox: Sandbox, node: string, env: Env, work: FloorWork): Promise<number> {
  const started = performance.now();
  const result = await sandbox.exec(execRequest([node, '-e', FLOOR_SOURCE, JSON.stringify(work)], env, 30_000));
  const took = performance.now() - started;
  if (result.exitCode !== 0) throw new Error(`the cold floor exited ${result.exitCode}: ${result.stderr}`);
  checkAnswer(result.stdout.trim(), work);
  return took;
}

/**
 * The cases through `sandbox`, whose home holds the floor's files: for each, warm calls against the
 * warm floor, then cold calls against the cold floor, each in alternating pairs. Each side is a run of
 * many calls of its own, as an agent's is; a result seq of NaN keeps every read whole.
 */
export async function measureFloorThrough(
  sandbox: OpenableSandbox,
  where: string,
  options: Measuring & { env: Env },
  onOutcome: (outcome: FloorOutcome) => void = () => undefined,
): Promise<FloorOutcome[]> {
  const node = sandbox.helperCommand?.[0] ?? 'node';
  const floor = openFloor(sandbox, node, options.env);
  // An opened exec does not hold the process open by itself: this does, meanwhile.
  const keepAlive = setInterval(() => undefined, 60_000);
  const outcomes: FloorOutcome[] = [];
  let calls = 0;
  try {
    for (const [index, testCase] of options.cases.entries()) {
      const timeCall = (run: CodeToolRun, side: string) => async (): Promise<number> => {
        const started = performance.now();
        const result = await run.call({ tool: testCase.tool, args: testCase.args, callId: `c${++calls}`, resultSeq: Number.NaN });
        const took = performance.now() - started;
        if (!result.ok || !testCase.says.test(result.text)) throw new Error(`${testCase.name}, ${side}, ${where}: ${result.text.slice(0, 500)}`);
        return took;
      };
      const runOf = (warm: boolean) => new CodeToolRun({ sandbox, warm, runId: `floor-${warm ? 'warm' : 'cold'}-${index}`, agentId: 'bench', env: options.env });
      const pairs = { pairs: options.rounds, warmup: options.warmup };
      const warm = await alternatingPairs(timeCall(runOf(true), 'warm'), () => floor.time(testCase.work), pairs);
      const cold = await alternatingPairs(timeCall(runOf(false), 'cold'), () => coldFloor(sandbox, node, options.env, testCase.work), pairs);
      const outcome: FloorOutcome = {
        testCase,
        where,
        rounds: options.rounds,
        warm: { callMs: warm.aMs, floorMs: warm.bMs, ratio: warm.ratio },
        cold: { callMs: cold.aMs, floorMs: cold.bMs, ratio: cold.ratio },
        load: loadavg()[0]!,
      };
      onOutcome(outcome);
      outcomes.push(outcome);
    }
  } finally {
    clearInterval(keepAlive);
    floor.close();
  }
  return outcomes;
}

/** The cases through a local sandbox of their own (a scratch home), the helper run as `node bundle`. */
export async function measureFloorLocal(
  options: Measuring & { node: string; bundle: string; env: Env },
  onOutcome: (outcome: FloorOutcome) => void,
): Promise<FloorOutcome[]> {
  const sandbox = await LocalSandbox.start({ helperCommand: [options.node, options.bundle] });
  try {
    await makeFloorFiles(sandbox, options.node, options.env);
    return await measureFloorThrough(sandbox, 'local', options, onOutcome);
  } finally {
    await sandbox.cleanup();
  }
}

/** The cases through one container of `image` per runtime, their files made inside. */
export async function measureFloorDocker(
  options: Measuring & { image: string; runtimes: readonly ('runc' | 'runsc')[] },
  onOutcome: (outcome: FloorOutcome) => void,
): Promise<FloorOutcome[]> {
  const outcomes: FloorOutcome[] = [];
  for (const runtime of options.runtimes) {
    const sandbox = await DockerSandbox.start({ image: options.image, runtime });
    try {
      await makeFloorFiles(sandbox, sandbox.helperCommand?.[0] ?? 'node', {});
      outcomes.push(...(await measureFloorThrough(sandbox, runtime === 'runc' ? 'runc' : 'gVisor', { ...options, env: {} }, onOutcome)));
    } finally {
      await sandbox.cleanup();
    }
  }
  return outcomes;
}

const verdictOf = (pairing: Pairing, target: number) => (pairing.ratio <= target ? 'met' : 'NOT met');

export function floorLine(o: FloorOutcome): string {
  const side = (label: string, p: Pairing) =>
    `${label} ${p.callMs.toFixed(1)} ms vs floor ${p.floorMs.toFixed(1)} ms, ${p.ratio.toFixed(2)}× (target ≤ ${o.testCase.target}×: ${verdictOf(p, o.testCase.target)})`;
  return `warm-floor ${o.testCase.name} (${o.where}): ${side('warm', o.warm)}; ${side('cold', o.cold)}; over ${o.rounds} rounds, load ${o.load.toFixed(2)}`;
}

/** The table, warm then cold: a column per sandbox, each cell the call against its floor. */
export function floorMarkdown(outcomes: readonly FloorOutcome[]): string[] {
  const wheres = [...new Set(outcomes.map((o) => o.where))];
  const cases = [...new Set(outcomes.map((o) => o.testCase.name))];
  const table = (side: 'warm' | 'cold') => [
    `| ${side === 'warm' ? 'Warm' : 'Cold'} call, through CodeToolRun | Target | ${wheres.join(' | ')} |`,
    `|---|---|${wheres.map(() => '---|').join('')}`,
    ...cases.map((name) => {
      const target = outcomes.find((o) => o.testCase.name === name)!.testCase.target;
      const cells = wheres.map((where) => {
        const o = outcomes.find((x) => x.testCase.name === name && x.where === where);
        if (o === undefined) return '–';
        const p = o[side];
        return `${p.callMs.toFixed(1)} ms vs ${p.floorMs.toFixed(1)} ms: **${p.ratio.toFixed(2)}×**, ${verdictOf(p, target)}`;
      });
      return `| ${name} | ≤ ${target}× | ${cells.join(' | ')} |`;
    }),
  ];
  const rounds = [...new Set(outcomes.map((o) => o.rounds))].join(', ');
  const loads = outcomes.map((o) => o.load);
  return [
    '## Warm and cold calls against a same-work floor',
    '',
    "Per call through CodeToolRun, from the caller's side, against a Node program doing the same work",
    'and nothing else, in the same sandbox: it spawns `bash -c true`, spawns `rg --count-matches` over',
    `the same ${TREE_FILES} files, reads and hashes (SHA-256) the same 2,000-line file, or just answers.`,
    'Warm (one `--serve` helper over Sandbox.open) against the program opened the same way, a line per',
    'request; cold (one helper process a call) against one exec of `node -e` doing the one piece of work.',
    `${rounds} rounds a side, alternating which goes first; the ratio is the median of the per-round`,
    'ratios, call over floor, and the target applies to it, warm and cold alike. Docker: one container of',
    `the sandbox image per runtime. Load average (1 min) as each case ended: ${Math.min(...loads).toFixed(2)} to ${Math.max(...loads).toFixed(2)}.`,
    '',
    ...table('warm'),
    '',
    ...table('cold'),
    '',
  ];
}

// npm run bench [-- --smoke] [--pairs N] [--warmup N] [--only REGEXP] [--bundle PATH] [--baseline PATH] [--node BIN] [--no-write]
//                 [--docker | --no-docker] [--docker-image TAG] [--no-lines] [--telemetry-base REV]
//
// --telemetry-base REV measures, instead of the other cases, the warm local cases (--only filters
// `telemetry <case>`) through the orchestrator and bundle of commit REV beside this checkout's,
// without an OpenTelemetry SDK registered and with one (bench/telemetry.ts).
//
// --node runs the helper, and every floor that is a Node start, on that binary (a Node release line
// from scripts/install-node-lines.sh); the default is the Node running the benchmark. A full run
// then measures the start-up cases again on each other Node line (bench/lines.ts; --no-lines skips).
//
// Then the MCP server's per-call latency against the same cold helper (bench/mcp.ts), each call warm
// and cold against a program doing the same work (bench/floor.ts; alone: --only warm-floor, with
// --docker for the containers), and, in a full run or with --docker, the per-call cost in a container
// of the sandbox image (bench/docker.ts), our Engine API client against dockerode
// (bench/docker-client.ts), and the time from a pool's claim to the first answer (bench/pool.ts;
// alone: --docker --only pool). With no Docker Engine answering, the bench starts a dockerd of its
// own when it runs as root, and stops it at the end (bench/dockerd.ts).
//
// Runs the built helper the way the orchestrator does (a fresh `node dist/guilds-code.js <base64>`
// per call) side by side with each case's floor, alternating which goes first, and prints the
// medians and the median of the pairwise ratios. The full run writes bench/RESULTS.md. With
// --baseline, an older bundle joins every helper case in the same rotation, so that a change is
// measured under the same conditions as what it replaces.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HANDED_ON_EXTRA_CA_CERTS_VARIABLE as HANDED_ON_CA_CERTS_VARIABLE } from '../src/contract/environment.js';
import { buildCases, FEW_MATCHES_PATTERN, type Case } from './cases.js';
import { makeScratch, SYSTEM_HEADERS, type Scratch } from './fixtures.js';
import { gnuTimeAvailable, median, runPlan, type Command, type Env, type Run } from './measure.js';
import { dockerBenchUnavailable, dockerLine, dockerMarkdown, measureDocker, measureProgressDocker, measureWarmDocker, type DockerOutcome } from './docker.js';
import { dockerClientCases } from './docker-client.js';
import { LINE_CASES, timedLines } from './lines.js';
import { mcpCases, mcpLine, mcpMarkdown, measureMcp, type McpOutcome } from './mcp.js';
import { measureWarm, warmCases, warmLine, warmMarkdown, type OpenableSandbox, type WarmOutcome } from './warm.js';
import { measureProgressThrough, progressLine, progressMarkdown, type ProgressOutcome } from './progress.js';
import { measurePool, poolMarkdown } from './pool.js';
import { floorCases, floorLine, floorMarkdown, measureFloorDocker, measureFloorLocal, type FloorOutcome } from './floor.js';
import { benchEngine } from './dockerd.js';
import { LocalSandbox } from '../src/orchestrator/sandboxes/local/sandbox.js';
import { measureTelemetry, telemetryLine } from './telemetry.js';
import { buildImage, DEBIAN_BASE, imageExists, parseImageArguments, recipeHash } from '../scripts/image.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_FILE = join(REPO_ROOT, 'bench', 'RESULTS.md');
const NOT_AVAILABLE = /is not available in this version of guilds-code/;
const ISSUE_TREE = { files: 8_000, mib: 130 };

interface Options {
  smoke: boolean;
  pairs: number;
  searchPairs: number;
  bulkPairs: number;
  warmup: number;
  only: string | null;
  bundle: string;
  baseline: string | null;
  node: string;
  write: boolean;
  docker: boolean;
  dockerImage: string | null;
  /** The start-up cases once more on each other Node line (bench/lines.ts). */
  lines: boolean;
  /** The telemetry's cost against this commit's code (bench/telemetry.ts), instead of the other cases. */
  telemetryBase: string | null;
}

function parseOptions(argv: string[]): Options {
  const value = (name: string): string | undefined => {
    const index = argv.indexOf(name);
    return index === -1 ? undefined : argv[index + 1];
  };
  const count = (name: string, fallback: number): number => {
    const text = value(name);
    if (text === undefined) return fallback;
    const parsed = Number(text);
    if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} wants a whole number, not ${text}`);
    return parsed;
  };
  const smoke = argv.includes('--smoke');
  const pairs = count('--pairs', smoke ? 1 : 40);
  return {
    smoke,
    pairs,
    searchPairs: count('--search-pairs', smoke ? 1 : Math.max(1, Math.round(pairs / 2))),
    bulkPairs: count('--bulk-pairs', smoke ? 1 : 5),
    warmup: count('--warmup', smoke ? 0 : 3),
    only: value('--only') ?? null,
    bundle: resolve(value('--bundle') ?? join(REPO_ROOT, 'dist', 'guilds-code.js')),
    baseline: value('--baseline') === undefined ? null : resolve(value('--baseline')!),
    node: value('--node') === undefined ? process.execPath : resolve(value('--node')!),
    write: !smoke && !argv.includes('--no-write') && ['--only', '--bundle', '--node', '--telemetry-base'].every((name) => value(name) === undefined),
    docker: argv.includes('--docker') || (!smoke && !argv.includes('--no-docker')),
    dockerImage: value('--docker-image') ?? null,
    lines: !smoke && !argv.includes('--no-lines') && value('--node') === undefined,
    telemetryBase: value('--telemetry-base') ?? null,
  };
}

interface SideFigures {
  /** Medians over the pairs. */
  wallMs: number;
  cpuMs: number;
  /** The largest peak over the pairs, when measured. */
  peakMiB: number | null;
}

interface Outcome {
  testCase: Case;
  /** The Node line it ran on, when not the Node running the benchmark. */
  line?: string;
  status: 'measured' | 'not available yet' | 'failed';
  error?: string;
  pairs: number;
  subject: SideFigures | null;
  floor: SideFigures | null;
  /** Medians of the pairwise ratios, helper over floor: of the wall times, and of the CPU times. */
  ratio: number;
  cpuRatio: number;
  /** The same for the --baseline bundle, when one was given. */
  baseline: (SideFigures & { ratio: number; cpuRatio: number }) | null;
}

let callCounter = 0;

function subjectCommand(node: string, bundle: string, scratch: Scratch, env: Env, subject: Case['subject']): Command {
  if ('command' in subject) return subject.command;
  const helperEnv = { ...env, ...subject.env };
  if (subject.request === null) return { argv: [node, bundle], env: helperEnv, cwd: scratch.home };
  const fields = { ...subject.request, run_id: 'bench', agent_id: 'bench', call_id: `c${++callCounter}`, default_cwd: '' };
  return { argv: [node, bundle, Buffer.from(JSON.stringify(fields)).toString('base64')], env: helperEnv, cwd: scratch.home };
}

/** The envelope's error, or null when the helper answered ok (or no answer is expected). */
function envelopeError(testCase: Case, stdout: Buffer): string | null {
  if ('command' in testCase.subject || testCase.subject.request === null) return null;
  const line = stdout.toString('utf8').trim();
  let envelope: { ok?: boolean; error?: string };
  try {
    envelope = JSON.parse(Buffer.from(line, 'base64').toString('utf8'));
  } catch {
    return `no envelope on stdout: ${line.slice(0, 200)}`;
  }
  return envelope.ok === true ? null : (envelope.error ?? 'an error envelope without an error');
}

function pairsFor(options: Options, testCase: Case): number {
  if (testCase.kind === 'search') return options.searchPairs;
  if (testCase.kind === 'bulk') return options.bulkPairs;
  return options.pairs;
}

function sideFigures(runs: Run[]): SideFigures {
  return {
    wallMs: median(runs.map((run) => run.wallMs)),
    cpuMs: median(runs.map((run) => run.cpuMs)),
    peakMiB: runs.some((run) => run.peakKiB === null) ? null : Math.max(...runs.map((run) => run.peakKiB!)) / 1024,
  };
}

function pairwise(top: Run[], bottom: Run[], key: 'wallMs' | 'cpuMs'): number {
  return median(top.map((run, i) => run[key] / bottom[i]![key]));
}

function measureCase(options: Options, scratch: Scratch, env: Env, testCase: Case): Outcome {
  const outcome: Outcome = {
    testCase, status: 'measured', pairs: 0, subject: null, floor: null, ratio: NaN, cpuRatio: NaN, baseline: null,
  };
  type Side = 'subject' | 'floor' | 'baseline';
  // Peak memory is measured under GNU time, where the case has a memory target.
  const peak = testCase.peakTargetMiB !== undefined && gnuTimeAvailable();
  const commandsOf = (side: Side): Command[] =>
    (side === 'floor' ? testCase.floor : [subjectCommand(options.node, side === 'subject' ? options.bundle : options.baseline!, scratch, env, testCase.subject)])
      .map((command) => ({ ...command, peak }));
  const sides: Side[] = options.baseline !== null && !('command' in testCase.subject) ? ['subject', 'floor', 'baseline'] : ['subject', 'floor'];
  const checkEnvelope = (run: Run) => {
    const error = envelopeError(testCase, run.stdout);
    if (error !== null) throw Object.assign(new Error(error), { envelope: true });
  };
  try {
    // A first call on its own: an op still missing from this build answers an error envelope.
    checkEnvelope(runPlan([commandsOf('subject')])[0]!);
    testCase.afterEachPlan?.();
    const order: Side[] = [];
    for (let i = 0; i < options.warmup; i++) order.push(...sides);
    const measuredFrom = order.length;
    const total = pairsFor(options, testCase);
    // Rotating which goes first keeps a drift of the machine from favouring any side.
    for (let i = 0; i < total; i++) for (let k = 0; k < sides.length; k++) order.push(sides[(i + k) % sides.length]!);
    const runs = runPlan(order.map(commandsOf));
    testCase.afterEachPlan?.();
    const bySide = (side: Side) => runs.filter((_, i) => i >= measuredFrom && order[i] === side);
    for (const [i, run] of runs.entries()) if (order[i] !== 'floor') checkEnvelope(run);
    const subject = bySide('subject');
    const floor = bySide('floor');
    outcome.pairs = total;
    outcome.subject = sideFigures(subject);
    outcome.floor = sideFigures(floor);
    outcome.ratio = pairwise(subject, floor, 'wallMs');
    outcome.cpuRatio = pairwise(subject, floor, 'cpuMs');
    if (sides.includes('baseline')) {
      const baseline = bySide('baseline');
      outcome.baseline = { ...sideFigures(baseline), ratio: pairwise(baseline, floor, 'wallMs'), cpuRatio: pairwise(baseline, floor, 'cpuMs') };
    }
  } catch (error) {
    const message = (error as Error).message;
    outcome.status = (error as { envelope?: boolean }).envelope && NOT_AVAILABLE.test(message) ? 'not available yet' : 'failed';
    outcome.error = message;
  }
  return outcome;
}

function verdict(outcome: Outcome): string {
  const { testCase } = outcome;
  if (outcome.status !== 'measured') return outcome.status;
  if (testCase.targetRatio === null) return 'for reference';
  const ratioMet = outcome.ratio <= testCase.targetRatio;
  const peak = outcome.subject!.peakMiB;
  const peakMet = testCase.peakTargetMiB === undefined || (peak !== null && peak < testCase.peakTargetMiB);
  return ratioMet && peakMet ? 'met' : 'NOT met';
}

function targetText(testCase: Case): string {
  if (testCase.targetRatio === null) return '–';
  const peak = testCase.peakTargetMiB !== undefined ? `, peak < ${testCase.peakTargetMiB} MiB` : '';
  return `≤ ${testCase.targetRatio.toFixed(2)}×${peak}`;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const times = (value: number) => `${value.toFixed(3)}×`;

function sideText(side: SideFigures): string {
  const peak = side.peakMiB !== null ? `, peak ${side.peakMiB.toFixed(1)} MiB` : '';
  return `${ms(side.wallMs)} (cpu ${ms(side.cpuMs)}${peak})`;
}

function printOutcome(outcome: Outcome): void {
  const { testCase } = outcome;
  if (outcome.status !== 'measured') {
    console.log(`${testCase.name}: ${outcome.status}${outcome.status === 'failed' ? ` (${outcome.error})` : ''}`);
    return;
  }
  const baseline = outcome.baseline
    ? ` [baseline ${sideText(outcome.baseline)}; ratio ${times(outcome.baseline.ratio)}, cpu ${times(outcome.baseline.cpuRatio)}]`
    : '';
  console.log(
    `${testCase.name}: ${sideText(outcome.subject!)} vs ${testCase.floorName} ${sideText(outcome.floor!)}; ` +
      `ratio ${times(outcome.ratio)} (cpu ${times(outcome.cpuRatio)}) over ${outcome.pairs} pairs; ` +
      `target ${targetText(testCase)}: ${verdict(outcome)}${baseline}`,
  );
}

interface Machine {
  cpu: string;
  cores: number;
  node: string;
  load: number;
}

function machine(): Machine {
  const all = cpus();
  return { cpu: all[0]?.model.trim() ?? 'unknown', cores: all.length, node: process.version, load: loadavg()[0]! };
}

function resultsMarkdown(
  outcomes: Outcome[],
  options: Options,
  scratch: Scratch,
  info: Machine,
  caSet: boolean,
  mcp: McpOutcome[],
  docker: string[],
  warm: WarmOutcome[] = [],
  progress: ProgressOutcome[] = [],
  floor: FloorOutcome[] = [],
): string {
  const treeMiB = scratch.treeBytes / 1_048_576;
  const smaller = scratch.treeFiles < ISSUE_TREE.files * 0.95 || treeMiB < ISSUE_TREE.mib * 0.95;
  const withBaseline = options.baseline !== null;
  const rows = outcomes.map((o) => {
    const figures =
      o.status === 'measured'
        ? [sideText(o.subject!), sideText(o.floor!), times(o.ratio), times(o.cpuRatio)]
        : ['–', '–', '–', '–'];
    if (withBaseline) figures.push(o.baseline ? `${times(o.baseline.ratio)} (cpu ${times(o.baseline.cpuRatio)})` : '–');
    return `| ${o.line === undefined ? '' : `Node ${o.line}: `}${o.testCase.name} | ${o.testCase.floorName} | ${figures.join(' | ')} | ${targetText(o.testCase)} | ${verdict(o)} |`;
  });
  return [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (docs/performance.md says what each case compares). Times are medians',
    'over the pairs, wall time first, then CPU time (user and system) in brackets; a ratio is the median',
    'of the pairwise ratios, helper over floor. The target applies to the wall-time ratio. Peak memory is',
    'the largest over the pairs.',
    '',
    `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- Machine: ${info.cpu}, ${info.cores} cores; Node ${info.node} (rows that name another Node line ran the helper and its Node floors on that line)`,
    `- Load average (1 min) at the start and at the end: ${info.load.toFixed(2)} and ${loadavg()[0]!.toFixed(2)}` +
      ' (other work on the machine slows both sides of a pair alike, but widens the spread)',
    `- Pairs: ${options.pairs} per start-up case, ${options.searchPairs} per search case, ${options.bulkPairs} per bulk case, after ${options.warmup} warm-up pairs`,
    `- Searched tree: a copy of ${SYSTEM_HEADERS}, ${scratch.treeFiles} files, ${treeMiB.toFixed(0)} MiB` +
      (smaller ? ` (smaller than the ${ISSUE_TREE.files} files and ${ISSUE_TREE.mib} MB the issue assumed)` : ''),
    `- NODE_EXTRA_CA_CERTS: ${caSet ? `set on this machine; the helper gets it as ${HANDED_ON_CA_CERTS_VARIABLE}, as the orchestrator hands it on` : 'not set on this machine'}`,
    `- CPU time: from wait4 (bench/meter.py). Peak memory: ${gnuTimeAvailable() ? "GNU time's %M (maximum resident set size)" : 'not measured (GNU time, /usr/bin/time, is not installed)'}`,
    ...(withBaseline
      ? [`- Baseline: ${relative(REPO_ROOT, options.baseline!)}, run in the same rotation; its ratios are in the Baseline column`]
      : []),
    '',
    `| Case | Floor | Helper | Floor time | Ratio | CPU ratio |${withBaseline ? ' Baseline |' : ''} Target | Verdict |`,
    `|---|---|---|---|---|---|${withBaseline ? '---|' : ''}---|---|`,
    ...rows,
    '',
    ...(mcp.length > 0 ? mcpMarkdown(mcp) : []),
    ...(warm.length > 0 ? warmMarkdown(warm) : []),
    ...(progress.length > 0 ? progressMarkdown(progress) : []),
    ...docker,
    ...(floor.length > 0 ? floorMarkdown(floor) : []),
  ].join('\n');
}

/** The docker cases, in the image the tests build (built here when missing); their markdown, or why they were skipped. */
async function dockerCases(options: Options, warm: WarmOutcome[], progress: ProgressOutcome[], floor: FloorOutcome[]): Promise<string[]> {
  let image = options.dockerImage;
  try {
    if (image === null) {
      const recipe = parseImageArguments(['--base', DEBIAN_BASE]);
      image = `guilds-code-sandbox:test-${recipeHash(recipe).slice(0, 16)}`;
      if (!imageExists(image)) buildImage({ ...recipe, tag: image }, (line) => console.log(`docker: ${line}`));
    }
  } catch (error) {
    console.log(`docker: skipped (${(error as Error).message.split('\n')[0]})`);
    return [];
  }
  const unavailable = await dockerBenchUnavailable(image);
  if (unavailable !== undefined) {
    console.log(`docker: skipped (${unavailable})`);
    return [];
  }
  const runtimes = spawnSync('docker', ['info', '--format', '{{json .Runtimes}}'], { encoding: 'utf8' }).stdout.includes('runsc') ? (['runc', 'runsc'] as const) : (['runc'] as const);
  const only = (name: string) => options.only === null || new RegExp(options.only, 'i').test(name);
  const outcomes: DockerOutcome[] = !only('docker per call') ? [] : await measureDocker({ image, pairs: Math.min(options.pairs, 20), warmup: options.warmup, runtimes }, (outcome) =>
    console.log(dockerLine(outcome)),
  );
  const clients = !only('docker client') ? [] : await dockerClientCases({ image, pairs: Math.min(options.pairs, 20), warmup: options.warmup, runtimes, node: options.node }, (line) => console.log(line));
  // The warm stream's cases through the container, beside the local ones in their table.
  const wanted = (tree: string, pattern: string) =>
    warmCases('file.txt', tree, pattern).filter((c) => options.only === null || new RegExp(options.only, 'i').test(`warm ${c.name}`));
  if (wanted('tree', '').length > 0) {
    warm.push(...(await measureWarmDocker({ image, pairs: Math.min(options.pairs, 20), warmup: options.warmup, runtimes, cases: wanted }, (o) => console.log(warmLine(o)))));
  }
  if (options.only === null || /progress/i.test(options.only)) {
    progress.push(...(await measureProgressDocker({ image, pairs: Math.min(options.pairs, 10), warmup: Math.min(options.warmup, 1), runtimes }, (o) => console.log(progressLine(o)))));
  }
  const floorWanted = floorCases().filter((c) => only(`warm-floor ${c.name}`));
  if (floorWanted.length > 0) {
    floor.push(...(await measureFloorDocker({ image, runtimes, rounds: options.pairs, warmup: options.warmup, cases: floorWanted }, (o) => console.log(floorLine(o)))));
  }
  const pool = !only('pool') ? { outcomes: [], idle: [] } : await measurePool({ image, runtimes, idle: true }, (line) => console.log(line));
  return [...(outcomes.length > 0 ? dockerMarkdown(outcomes, image) : []), ...clients, ...poolMarkdown(pool.outcomes, pool.idle)];
}

/** The docker cases in an Engine that answers, the bench's own dockerd started (and then stopped) when none did. */
async function inDocker(options: Options, warm: WarmOutcome[], progress: ProgressOutcome[], floor: FloorOutcome[]): Promise<string[]> {
  let engine: Awaited<ReturnType<typeof benchEngine>>;
  try {
    engine = await benchEngine((line) => console.log(`docker: ${line}`));
  } catch (error) {
    console.log(`docker: skipped (${(error as Error).message})`);
    return [];
  }
  try {
    return await dockerCases(options, warm, progress, floor);
  } finally {
    await engine.stop();
  }
}

/** Each call, warm and cold, against the same work done by a bare Node program, through the local sandbox. */
async function localFloor(options: Options, scratch: Scratch): Promise<FloorOutcome[]> {
  const wanted = floorCases().filter((c) => options.only === null || new RegExp(options.only, 'i').test(`warm-floor ${c.name}`));
  if (wanted.length === 0) return [];
  const measuring = { rounds: options.pairs, warmup: options.warmup, node: options.node, bundle: options.bundle, env: { GUILDS_RG: scratch.rg }, cases: wanted };
  return measureFloorLocal(measuring, (o) => console.log(floorLine(o)));
}

/** Live calls' cases over the local sandbox's warm stream. */
async function localProgress(options: Options, scratch: Scratch, env: Env): Promise<ProgressOutcome[]> {
  if (options.only !== null && !/progress/i.test(options.only)) return [];
  const sandbox = await LocalSandbox.start({ home: scratch.home, runDir: scratch.runDir, helperCommand: [process.execPath, options.bundle] });
  try {
    const outcome = await measureProgressThrough(sandbox as OpenableSandbox, 'local', { pairs: Math.min(options.pairs, 10), warmup: Math.min(options.warmup, 1), env });
    console.log(progressLine(outcome));
    return [outcome];
  } finally {
    await sandbox.cleanup();
  }
}

/** The start-up cases once more on each other Node line, helper and Node floors on that line. */
function otherLines(options: Options, scratch: Scratch, env: Env): Outcome[] {
  const outcomes: Outcome[] = [];
  for (const line of timedLines()) {
    const lineCases = buildCases(scratch, env, undefined, line.binary).filter(
      (c) => LINE_CASES.test(c.name) && (options.only === null || new RegExp(options.only, 'i').test(c.name)),
    );
    for (const testCase of lineCases) {
      const outcome = { ...measureCase({ ...options, node: line.binary, baseline: null }, scratch, env, testCase), line: line.version };
      process.stdout.write(`Node ${line.version}: `);
      printOutcome(outcome);
      outcomes.push(outcome);
    }
  }
  return outcomes;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (!existsSync(options.bundle)) throw new Error(`no bundle at ${options.bundle}; run npm run build first`);
  const info = machine();
  const scratch = makeScratch(REPO_ROOT, options.smoke);
  try {
    const caCertificates = process.env.NODE_EXTRA_CA_CERTS || undefined;
    // The environment the orchestrator gives the helper, and the same for every floor: without
    // NODE_EXTRA_CA_CERTS, whose value is handed on under another name (docs/performance.md).
    const env: Env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: scratch.home,
      GUILDS_RUN_DIR: scratch.runDir,
      GUILDS_RG: scratch.rg,
      ...(caCertificates !== undefined ? { [HANDED_ON_CA_CERTS_VARIABLE]: caCertificates } : {}),
    };
    if (options.telemetryBase !== null) {
      const wanted = warmCases(scratch.smallFile, scratch.tree, FEW_MATCHES_PATTERN).filter((c) => options.only === null || new RegExp(options.only, 'i').test(`telemetry ${c.name}`));
      const base = { repoRoot: REPO_ROOT, baseRevision: options.telemetryBase, pairs: options.pairs, warmup: options.warmup, home: scratch.home, runDir: scratch.runDir, env, bundle: options.bundle };
      await measureTelemetry({ ...base, cases: wanted }, (outcome) => console.log(telemetryLine(outcome)));
      return 0;
    }
    const cases = buildCases(scratch, env, caCertificates, options.node).filter(
      (c) => options.only === null || new RegExp(options.only, 'i').test(c.name),
    );
    console.log(`guilds-code bench${options.smoke ? ' (smoke: tiny data, no figures kept)' : ''}`);
    console.log(`machine: ${info.cpu}, ${info.cores} cores; node ${info.node}; load average ${info.load.toFixed(2)}; bundle ${options.bundle}`);
    if (!gnuTimeAvailable()) console.log('GNU time (/usr/bin/time) is not installed: peak memory is not measured');
    console.log(`searched tree: ${scratch.treeFiles} files, ${(scratch.treeBytes / 1_048_576).toFixed(0)} MiB; rg ${scratch.rg}`);
    const outcomes: Outcome[] = [];
    for (const testCase of cases) {
      const outcome = measureCase(options, scratch, env, testCase);
      printOutcome(outcome);
      outcomes.push(outcome);
    }
    if (options.lines) outcomes.push(...otherLines(options, scratch, env));
    const mcpBundle = join(dirname(options.bundle), 'guilds-code-mcp.js');
    const mcpWanted = mcpCases(scratch.smallFile).filter((c) => options.only === null || new RegExp(options.only, 'i').test(`MCP ${c.name}`));
    const mcp = mcpWanted.length === 0 || !existsSync(mcpBundle) ? [] : await measureMcp(
      { pairs: options.pairs, warmup: options.warmup, home: scratch.home, runDir: scratch.runDir, env, bundle: options.bundle, mcpBundle, cases: mcpWanted },
      (outcome) => console.log(mcpLine(outcome)),
    );
    const warmWanted = warmCases(scratch.smallFile, scratch.tree, FEW_MATCHES_PATTERN).filter((c) => options.only === null || new RegExp(options.only, 'i').test(`warm ${c.name}`));
    const warm = warmWanted.length === 0 ? [] : await measureWarm(
      { pairs: options.pairs, warmup: options.warmup, home: scratch.home, runDir: scratch.runDir, env, bundle: options.bundle, cases: warmWanted },
      (outcome) => console.log(warmLine(outcome)),
    );
    const progress = await localProgress(options, scratch, env);
    const floor = await localFloor(options, scratch);
    const docker = options.docker ? await inDocker(options, warm, progress, floor) : [];
    if (options.write) {
      writeFileSync(RESULTS_FILE, resultsMarkdown(outcomes, options, scratch, info, caCertificates !== undefined, mcp, docker, warm, progress, floor));
      console.log(`figures written to ${RESULTS_FILE}`);
    }
    return outcomes.some((o) => o.status === 'failed') ? 1 : 0;
  } finally {
    scratch.cleanup();
  }
}

process.exitCode = await main();

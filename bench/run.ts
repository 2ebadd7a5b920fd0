// npm run bench [-- --smoke] [--pairs N] [--warmup N] [--only TEXT] [--bundle PATH] [--no-write]
//
// Runs the built helper the way the orchestrator does (a fresh `node dist/guilds-code.js <base64>`
// per call) side by side with each case's floor, alternating which goes first, and prints the
// medians and the median of the pairwise ratios. The full run writes bench/RESULTS.md.
import { cpus, loadavg } from 'node:os';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCases, type Case } from './cases.js';
import { makeScratch, SYSTEM_HEADERS, type Scratch } from './fixtures.js';
import { gnuTimeAvailable, median, runTimed, type Command, type Env } from './measure.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_FILE = join(REPO_ROOT, 'bench', 'RESULTS.md');
// How the orchestrator hands the agent's NODE_EXTRA_CA_CERTS on, so that the helper's own Node does
// not parse the CA bundle at every start (docs/performance.md).
const HANDED_ON_CA_CERTS_VARIABLE = 'GUILDS_NODE_EXTRA_CA_CERTS';
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
  write: boolean;
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
    write: !smoke && !argv.includes('--no-write') && value('--only') === undefined && value('--bundle') === undefined,
  };
}

interface Outcome {
  testCase: Case;
  status: 'measured' | 'not available yet' | 'failed';
  error?: string;
  pairs: number;
  subjectMs: number;
  floorMs: number;
  ratio: number;
  subjectPeakMiB: number | null;
  floorPeakMiB: number | null;
}

let callCounter = 0;

function helperCommand(options: Options, scratch: Scratch, env: Env, request: Case['subject']): Command {
  if ('command' in request) return request.command;
  const fields = { ...request.request, run_id: 'bench', agent_id: 'bench', call_id: `c${++callCounter}`, default_cwd: '' };
  return { argv: [process.execPath, options.bundle, Buffer.from(JSON.stringify(fields)).toString('base64')], env, cwd: scratch.home };
}

/** The envelope's error, or null when the helper answered ok (or the subject is not the helper). */
function envelopeError(testCase: Case, stdout: Buffer): string | null {
  if ('command' in testCase.subject) return null;
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

function measureCase(options: Options, scratch: Scratch, env: Env, testCase: Case): Outcome {
  const outcome: Outcome = {
    testCase,
    status: 'measured',
    pairs: 0,
    subjectMs: NaN,
    floorMs: NaN,
    ratio: NaN,
    subjectPeakMiB: null,
    floorPeakMiB: null,
  };
  const peakFile = testCase.peakTargetMiB !== undefined && gnuTimeAvailable() ? join(scratch.root, 'peak.txt') : null;
  const runSubject = () => {
    const run = runTimed([helperCommand(options, scratch, env, testCase.subject)], peakFile);
    testCase.afterSubject?.();
    const error = envelopeError(testCase, run.stdout);
    if (error !== null) throw Object.assign(new Error(error), { envelope: true });
    return run;
  };
  const runFloor = () => runTimed(testCase.floor, peakFile);
  try {
    // The first call doubles as the probe: an op still missing from this build answers an error.
    runSubject();
    for (let i = 0; i < options.warmup; i++) {
      runSubject();
      runFloor();
    }
    const subject: number[] = [];
    const floor: number[] = [];
    const ratios: number[] = [];
    const subjectPeaks: number[] = [];
    const floorPeaks: number[] = [];
    const total = pairsFor(options, testCase);
    for (let i = 0; i < total; i++) {
      // Alternating which goes first keeps a drift of the machine from favouring either side.
      const [s, f] = i % 2 === 0 ? [runSubject(), runFloor()] : (() => { const f = runFloor(); return [runSubject(), f]; })();
      subject.push(s.ms);
      floor.push(f.ms);
      ratios.push(s.ms / f.ms);
      if (s.peakKiB !== null) subjectPeaks.push(s.peakKiB / 1024);
      if (f.peakKiB !== null) floorPeaks.push(f.peakKiB / 1024);
    }
    outcome.pairs = total;
    outcome.subjectMs = median(subject);
    outcome.floorMs = median(floor);
    outcome.ratio = median(ratios);
    outcome.subjectPeakMiB = subjectPeaks.length ? Math.max(...subjectPeaks) : null;
    outcome.floorPeakMiB = floorPeaks.length ? Math.max(...floorPeaks) : null;
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
  const peakMet =
    testCase.peakTargetMiB === undefined || (outcome.subjectPeakMiB !== null && outcome.subjectPeakMiB < testCase.peakTargetMiB);
  return ratioMet && peakMet ? 'met' : 'NOT met';
}

function targetText(testCase: Case): string {
  if (testCase.targetRatio === null) return '–';
  const peak = testCase.peakTargetMiB !== undefined ? `, peak < ${testCase.peakTargetMiB} MiB` : '';
  return `≤ ${testCase.targetRatio.toFixed(2)}×${peak}`;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const peak = (value: number | null) => (value === null ? '' : ` (peak ${value.toFixed(1)} MiB)`);

function printOutcome(outcome: Outcome): void {
  const { testCase } = outcome;
  if (outcome.status !== 'measured') {
    console.log(`${testCase.name}: ${outcome.status}${outcome.status === 'failed' ? ` (${outcome.error})` : ''}`);
    return;
  }
  console.log(
    `${testCase.name}: ${ms(outcome.subjectMs)}${peak(outcome.subjectPeakMiB)} vs ${testCase.floorName} ` +
      `${ms(outcome.floorMs)}${peak(outcome.floorPeakMiB)}; ratio ${outcome.ratio.toFixed(3)}× over ${outcome.pairs} pairs; ` +
      `target ${targetText(testCase)}: ${verdict(outcome)}`,
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

function resultsMarkdown(outcomes: Outcome[], options: Options, scratch: Scratch, info: Machine, caSet: boolean): string {
  const treeMiB = scratch.treeBytes / 1_048_576;
  const smaller = scratch.treeFiles < ISSUE_TREE.files * 0.95 || treeMiB < ISSUE_TREE.mib * 0.95;
  const rows = outcomes.map((o) => {
    const figures =
      o.status === 'measured'
        ? [ms(o.subjectMs) + peak(o.subjectPeakMiB), ms(o.floorMs) + peak(o.floorPeakMiB), `${o.ratio.toFixed(3)}×`]
        : ['–', '–', '–'];
    return `| ${o.testCase.name} | ${o.testCase.floorName} | ${figures.join(' | ')} | ${targetText(o.testCase)} | ${verdict(o)} |`;
  });
  return [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (docs/performance.md says what each case compares). Each figure is a',
    'median; the ratio is the median of the pairwise ratios, helper over floor.',
    '',
    `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- Machine: ${info.cpu}, ${info.cores} cores; Node ${info.node}`,
    `- Load average (1 min) at the start and at the end: ${info.load.toFixed(2)} and ${loadavg()[0]!.toFixed(2)}` +
      ' (other work on the machine slows both sides of a pair alike, but widens the spread)',
    `- Pairs: ${options.pairs} per start-up case, ${options.searchPairs} per search case, ${options.bulkPairs} per bulk case, after ${options.warmup} warm-up pairs`,
    `- Searched tree: a copy of ${SYSTEM_HEADERS}, ${scratch.treeFiles} files, ${treeMiB.toFixed(0)} MiB` +
      (smaller ? ` (smaller than the ${ISSUE_TREE.files} files and ${ISSUE_TREE.mib} MB the issue assumed)` : ''),
    `- NODE_EXTRA_CA_CERTS: ${caSet ? `set on this machine; the helper gets it as ${HANDED_ON_CA_CERTS_VARIABLE}, as the orchestrator hands it on` : 'not set on this machine'}`,
    `- Peak memory: ${gnuTimeAvailable() ? "GNU time's %M (maximum resident set), largest over the pairs" : 'not measured (GNU time is not installed)'}`,
    '',
    '| Case | Floor | Helper | Floor time | Ratio | Target | Verdict |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

function main(): number {
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
    const helperStart: Command = { argv: [process.execPath, options.bundle], env, cwd: scratch.home };
    const cases = buildCases(scratch, env, helperStart, caCertificates).filter(
      (c) => options.only === null || c.name.includes(options.only),
    );
    console.log(`guilds-code bench${options.smoke ? ' (smoke: tiny data, no figures kept)' : ''}`);
    console.log(`machine: ${info.cpu}, ${info.cores} cores; node ${info.node}; load average ${info.load.toFixed(2)}; bundle ${options.bundle}`);
    console.log(`searched tree: ${scratch.treeFiles} files, ${(scratch.treeBytes / 1_048_576).toFixed(0)} MiB; rg ${scratch.rg}`);
    if (!gnuTimeAvailable()) console.log('GNU time (/usr/bin/time) is not installed: peak memory is not measured');
    const outcomes: Outcome[] = [];
    for (const testCase of cases) {
      const outcome = measureCase(options, scratch, env, testCase);
      printOutcome(outcome);
      outcomes.push(outcome);
    }
    if (options.write) {
      writeFileSync(RESULTS_FILE, resultsMarkdown(outcomes, options, scratch, info, caCertificates !== undefined));
      console.log(`figures written to ${RESULTS_FILE}`);
    }
    return outcomes.some((o) => o.status === 'failed') ? 1 : 0;
  } finally {
    scratch.cleanup();
  }
}

process.exitCode = main();

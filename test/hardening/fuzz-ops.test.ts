// Request fuzzing of the ops that run processes: shell (harmless commands only: echo, printf, true,
// false, exit N, cd into the home's own scratch folders), shell_status (random ids, stops of random
// ids) and code_search (random patterns, invalid regexes, patterns and globs that look like flags).
// Every answer is one valid envelope within the time limit; nothing outside the home's .runs and the
// run dir changes; no process is left.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bashQuote } from '../../src/tools/shell/script.js';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';
import { idArb, INTERESTING_PATHS, maxBytesArb } from './arbitraries.js';
import { INSIDE_MARKER, OUTSIDE_MARKER } from './path-ops.js';
import { base64Request, effectiveCap, expectOneEnvelope, processesMentioning, reportFigure, snapshotTree, spawnBundle, writeMarked } from './support.js';

/** `npm run fuzz` raises this; `npm test` keeps it small. */
const CASES = Number(process.env.GUILDS_FUZZ_OPS_CASES ?? 36);
const CASES_PER_BATCH_MAX = 4;
const AVERAGE_CASES_PER_BATCH = 2.5;
const SCRATCH_FOLDERS = ['t0', 't1', 't 2', 't0/deeper'];

let sandbox: Sandbox;
let baseline: Map<string, string>;
const figures = { calls: 0, ok: 0, errors: 0, shell: 0, background: 0, shell_status: 0, code_search: 0 };

beforeAll(() => {
  sandbox = makeSandbox();
  const { home } = sandbox;
  for (const folder of SCRATCH_FOLDERS) mkdirSync(join(home, folder), { recursive: true });
  writeFileSync(join(home, 'a.txt'), `${INSIDE_MARKER}\nsecond line --pre=sh\n-e\n`);
  writeFileSync(join(home, 't0', 'b.txt'), 'b\r\n'.repeat(50));
  writeFileSync(join(home, 'bin.dat'), Buffer.from([1, 2, 0, 3]));
  writeFileSync(join(home, '.gitignore'), 'ignored.txt\n');
  writeFileSync(join(home, 'ignored.txt'), `${INSIDE_MARKER}\n`);
  writeMarked(join(sandbox.outside, 'secret.txt'), OUTSIDE_MARKER);
  symlinkSync(sandbox.outside, join(home, 'out'));
  symlinkSync(join(sandbox.outside, 'secret.txt'), join(home, 'leak.txt'));
  symlinkSync('loop', join(home, 'loop'));
  baseline = outsideRuns();
});

afterAll(async () => {
  reportFigure('ops fuzz', { ...figures, cases_asked: CASES });
  // A stop of a job still running leaves its delayed SIGKILL for five seconds, as the spec says.
  const deadline = Date.now() + 15_000;
  while (processesMentioning(sandbox.root).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(processesMentioning(sandbox.root)).toEqual([]);
  sandbox.cleanup();
});

/**
 * Everything but the home's .runs (logs and cwd records), its .cache (the helper's code cache) and
 * the run dir (background records).
 */
function outsideRuns(): Map<string, string> {
  const all = new Map<string, string>();
  const helperState = new Set([join(sandbox.home, '.runs'), join(sandbox.home, '.cache')]);
  for (const root of [sandbox.home, sandbox.outside]) {
    for (const [path, what] of snapshotTree(root, (path) => helperState.has(path))) all.set(path, what);
  }
  return all;
}

const wordArb = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.constantFrom('', '-n', '--', '$HOME', '`id`', '$(echo x)', '\u001b[31mred\u001b[0m', 'a\rb', 'é😀', '%s%s%n'),
);

/** Harmless pieces of a command: the random text is always quoted, so it is only ever data. */
const stepArb: fc.Arbitrary<string> = fc.oneof(
  wordArb.map((word) => `echo ${bashQuote(word.replace(/\0/g, ''))}`),
  fc.tuple(wordArb, wordArb).map(([a, b]) => `printf '%s\\n' ${bashQuote(a.replace(/\0/g, ''))} ${bashQuote(b.replace(/\0/g, ''))}`),
  wordArb.map((word) => `echo ${bashQuote(word.replace(/\0/g, ''))} >&2`),
  fc.constantFrom('true', 'false', 'pwd', 'echo "$GUILD_RUN_ID"', 'cd', 'cd ~', 'cd /nonexistent-folder'),
  fc.integer({ min: 0, max: 300 }).map((code) => `(exit ${code})`),
  fc.constantFrom(...SCRATCH_FOLDERS).map((folder) => `cd ${bashQuote(join('~', folder).replace('~/', ''))}`),
  fc.constantFrom(...SCRATCH_FOLDERS).map((folder) => `cd "$HOME"/${bashQuote(folder)}`),
);

const commandArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.array(fc.tuple(stepArb, fc.constantFrom('; ', ' && ', ' || ', '\n')), { minLength: 1, maxLength: 4 }).map((steps) => steps.map(([step, join]) => step + join).join('').replace(/(; | && | \|\| |\n)$/, '')) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 300 }).map((code) => `exit ${code}`) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\n', 'a\u0000b', 'echo unterminated "quote', 'if then fi', '((') },
);

/** Mostly a value that passes validation, so that the op itself runs; now and then anything at all. */
function mostly<T>(valid: fc.Arbitrary<T>, weird: fc.Arbitrary<unknown> = fc.anything({ maxDepth: 0 })): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: weird });
}

const integerishArb = mostly(fc.integer({ min: -3, max: 8 }), fc.constantFrom(600, 601, 1e9, 1.5, '5', null));

const shellArgsArb = fc.record(
  { command: mostly(commandArb), timeout_seconds: mostly(fc.constant(5), integerishArb), background: mostly(fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) })) },
  { requiredKeys: ['command'] },
).map((args) => {
  // A timeout of the command itself is the process tests' business; here every command ends at once.
  if (typeof args.timeout_seconds === 'number' && args.timeout_seconds >= 1) args.timeout_seconds = 5;
  return args;
});

const statusArgsArb = fc.record(
  {
    id: mostly(fc.integer({ min: 0, max: 40 }).map((n) => `b${n}`), fc.oneof(fc.constantFrom('b', 'B1', 'b01', 'b1 ', ' b1', 'b-1', 'b1.json', '../b1', 'b99999999999', 'b1\u0000'), fc.string({ maxLength: 10 }), fc.anything({ maxDepth: 0 }))),
    stop: mostly(fc.boolean()),
  },
  { requiredKeys: [] },
);

const patternArb = mostly(
  fc.constantFrom(INSIDE_MARKER, 'second', 'b', '(', '[', '\\', '*', '+', '(?<', 'a{99999}', '\\p{Nope}', '--pre=sh', '-e', '--files', '-', '--', '--version', '-f/etc/passwd', '--no-config', '$(id)', '^', '', 'OUTSIDE-SECRET', 'SECRET|inside'),
  fc.string({ maxLength: 10 }),
);

const globArb = mostly(fc.constantFrom('--foo', '!**', '**', '*.txt', '!', '', '{', '[', '!.runs', '../**', '/**', '**/secret.txt', 'out/**', '-g', '--pre=sh'), fc.string({ maxLength: 8 }));

const searchArgsArb = fc.record(
  {
    pattern: patternArb,
    path: mostly(fc.constantFrom(...INTERESTING_PATHS, '.', '~', 't0', 't0', 'a.txt', 'out', 'out/', '-e', '--files')),
    glob: globArb,
    mode: mostly(fc.constantFrom('files', 'content'), fc.constantFrom('FILES', '')),
    fixed: mostly(fc.boolean()),
    ignore_case: mostly(fc.boolean()),
    context: integerishArb,
    limit: integerishArb,
  },
  { requiredKeys: ['pattern'] },
);

const requestArb = fc
  .record({
    op_args: fc.oneof(
      fc.tuple(fc.constant('shell'), shellArgsArb),
      fc.tuple(fc.constant('shell_status'), statusArgsArb),
      fc.tuple(fc.constant('code_search'), searchArgsArb),
    ),
    run_id: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('r1', 'r2', 'r3') }, { weight: 1, arbitrary: idArb }),
    agent_id: fc.oneof({ weight: 6, arbitrary: fc.constant('a1') }, { weight: 1, arbitrary: idArb }),
    call_id: fc.oneof({ weight: 6, arbitrary: fc.stringMatching(/^c[0-9]{1,3}$/) }, { weight: 1, arbitrary: idArb }),
    default_cwd: fc.constantFrom('', 't0', '~', '/', 'out', 'nope'),
    max_bytes: mostly(fc.integer({ min: 1024, max: 70_000 }), maxBytesArb),
  })
  .map(({ op_args, ...rest }) => ({ op: op_args[0], args: op_args[1] as Record<string, unknown>, ...rest }));

describe('fuzzing shell, shell_status and code_search through the bundle', () => {
  it(`answers every one of about ${CASES} requests with one valid envelope, changes nothing outside, leaves no process`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(requestArb, { minLength: 1, maxLength: CASES_PER_BATCH_MAX }), async (requests) => {
        const runs = await Promise.all(requests.map((request) => spawnBundle(sandbox, base64Request(request))));
        runs.forEach((run, i) => {
          const request = requests[i]!;
          figures.calls++;
          const key = request.op === 'shell' && request.args.background === true ? 'background' : request.op;
          figures[key as keyof typeof figures]++;
          const envelope = expectOneEnvelope(run, effectiveCap(request.max_bytes));
          if (envelope.ok) figures.ok++;
          else figures.errors++;
          expect(Buffer.from(run.stdout, 'base64').toString('utf8')).not.toContain(OUTSIDE_MARKER);
        });
        expect(outsideRuns()).toEqual(baseline);
      }),
      { numRuns: Math.max(1, Math.round(CASES / AVERAGE_CASES_PER_BATCH)) },
    );
  });
});

// Request fuzzing through the bundle: random and mutated requests, arguments, ids, base64 strings
// and request files. Every answer is exactly one valid envelope line, exit 0, nothing on stderr,
// within the time limit, and nothing outside the test's own files changes.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';
import { requestValueArb } from './arbitraries.js';
import { INSIDE_MARKER, OUTSIDE_MARKER } from './path-ops.js';
import { effectiveCap, expectOneEnvelope, processesMentioning, reportFigure, snapshotTree, spawnBundle, writeMarked } from './support.js';
import { RESULT_CEILING_MAX_BYTES } from '../../src/limits.js';

/** `npm run fuzz` raises this; `npm test` keeps it small. */
const BUNDLE_CASES = Number(process.env.GUILDS_FUZZ_BUNDLE_CASES ?? 150);
const CASES_PER_BATCH_MAX = 4;
const AVERAGE_CASES_PER_BATCH = 2.5;

let sandbox: Sandbox;
let requestsDir: string;
let baseline: Map<string, string>;
const figures = { calls: 0, ok: 0, errors: 0, request_files: 0, request_files_deleted: 0 };

beforeAll(() => {
  sandbox = makeSandbox();
  requestsDir = join(sandbox.runDir, 'requests');
  const home = sandbox.home;
  writeFileSync(join(home, 'a.txt'), `${INSIDE_MARKER}\nsecond line\n`);
  mkdirSync(join(home, 'sub'));
  writeFileSync(join(home, 'sub', 'b.txt'), 'b\r\n'.repeat(50));
  writeFileSync(join(home, 'a..b'), 'dots\n');
  writeFileSync(join(home, 'bin.dat'), Buffer.from([1, 2, 0, 3]));
  writeFileSync(join(home, 'wide.txt'), ('w'.repeat(399) + '\n').repeat(600));
  writeMarked(join(sandbox.outside, 'secret.txt'), OUTSIDE_MARKER);
  symlinkSync(sandbox.outside, join(home, 'out'));
  symlinkSync(join(sandbox.outside, 'secret.txt'), join(home, 'leak.txt'));
  symlinkSync('loop', join(home, 'loop'));
  execFileSync('mkfifo', [join(home, 'pipe')]);
  mkdirSync(join(home, '.runs', 'r1'), { recursive: true });
  writeFileSync(join(home, '.runs', 'r1', 'cwd'), join(home, 'sub'));
  baseline = everything();
});

afterAll(() => {
  reportFigure('bundle fuzz', { ...figures, cases_asked: BUNDLE_CASES });
  expect(processesMentioning(sandbox.root)).toEqual([]);
  sandbox.cleanup();
});

/** The home, the outside folder and the run dir: nothing in them may change. */
/** Everything but the home's .cache, where the helper keeps its code cache (test/e2e/code-cache.test.ts). */
function everything(skip: (path: string) => boolean = () => false): Map<string, string> {
  const all = new Map<string, string>();
  const codeCache = join(sandbox.home, '.cache');
  const skipped = (path: string): boolean => path === codeCache || skip(path);
  for (const root of [sandbox.home, sandbox.outside, sandbox.runDir]) for (const [path, what] of snapshotTree(root, skipped)) all.set(path, what);
  return all;
}

type Payload = { bytes: Buffer; json: Record<string, unknown> | null };
type Delivery =
  | { how: 'base64' }
  | { how: 'base64-mutated'; mutation: string; at: number; char: string }
  | { how: 'file'; place: 'exact' | 'doubled-slash' | 'climbing' | 'dot-name' | 'temporary' | 'link' | 'folder' | 'elsewhere' }
  | { how: 'raw'; text: string };

interface Case {
  payload: Payload;
  delivery: Delivery;
}

const payloadArb: fc.Arbitrary<Payload> = fc.oneof(
  { weight: 7, arbitrary: requestValueArb.map((json) => ({ bytes: Buffer.from(JSON.stringify(json), 'utf8'), json })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(requestValueArb, fc.nat(), fc.string({ unit: 'binary', maxLength: 4 }))
      .map(([json, at, insert]) => {
        const text = JSON.stringify(json);
        const cut = at % (text.length + 1);
        return { bytes: Buffer.from(text.slice(0, cut) + insert + text.slice(cut + (at % 3)), 'utf8'), json: null };
      }),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ bytes: Buffer.from(bytes), json: null })) },
);

const deliveryArb: fc.Arbitrary<Delivery> = fc.oneof(
  { weight: 5, arbitrary: fc.constant({ how: 'base64' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      how: fc.constant('base64-mutated' as const),
      mutation: fc.constantFrom('unpad', 'replace', 'insert', 'url-safe', 'extra-pad', 'truncate'),
      at: fc.nat(),
      char: fc.constantFrom('!', '-', '_', ' ', '\n', '=', '\t', '.', 'é', '/'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      how: fc.constant('file' as const),
      place: fc.constantFrom('exact', 'exact', 'exact', 'doubled-slash', 'climbing', 'dot-name', 'temporary', 'link', 'folder', 'elsewhere'),
    }),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }).filter((text) => !text.includes('\0')).map((text) => ({ how: 'raw' as const, text })) },
);

const caseArb: fc.Arbitrary<Case> = fc.record({ payload: payloadArb, delivery: deliveryArb });

function mutateBase64(text: string, delivery: Extract<Delivery, { how: 'base64-mutated' }>): string {
  const at = delivery.at % (text.length + 1);
  switch (delivery.mutation) {
    case 'unpad':
      return text.replace(/=+$/, '') || 'A';
    case 'replace':
      return text.slice(0, at) + delivery.char + text.slice(at + 1);
    case 'insert':
      return text.slice(0, at) + delivery.char + text.slice(at);
    case 'url-safe':
      return text.replace(/\+/g, '-').replace(/\//g, '_') + (/[+/]/.test(text) ? '' : '-');
    case 'extra-pad':
      return text + '=';
    default:
      return text.slice(0, at);
  }
}

let fileCounter = 0;

interface Prepared {
  argument: string;
  /** Files the case made itself, which the snapshot does not count. */
  made: string[];
  /** The request file the helper must delete, when it was handed one it may delete. */
  mustDelete: string | null;
  /** The cap the text must keep, when the request reached the helper unchanged. */
  cap: number;
}

function prepare(testCase: Case): Prepared {
  const { payload, delivery } = testCase;
  const exactCap = payload.json ? effectiveCap(payload.json.max_bytes) : RESULT_CEILING_MAX_BYTES;
  const base64 = payload.bytes.toString('base64');
  switch (delivery.how) {
    case 'base64':
      return { argument: base64, made: [], mustDelete: null, cap: exactCap };
    case 'base64-mutated':
      return { argument: mutateBase64(base64, delivery), made: [], mustDelete: null, cap: RESULT_CEILING_MAX_BYTES };
    case 'raw':
      return { argument: delivery.text, made: [], mustDelete: null, cap: RESULT_CEILING_MAX_BYTES };
    case 'file': {
      figures.request_files++;
      const name = `r1-f${++fileCounter}.json`;
      const path = join(requestsDir, name);
      switch (delivery.place) {
        case 'exact':
          writeFileSync(path, payload.bytes);
          return { argument: path, made: [path], mustDelete: path, cap: exactCap };
        case 'doubled-slash':
          writeFileSync(path, payload.bytes);
          return { argument: path.replace('/requests/', '/requests//'), made: [path], mustDelete: null, cap: RESULT_CEILING_MAX_BYTES };
        case 'climbing':
          writeFileSync(path, payload.bytes);
          return { argument: `${requestsDir}/../requests/${name}`, made: [path], mustDelete: null, cap: RESULT_CEILING_MAX_BYTES };
        // A run id may begin with `.`: `.r1-f1.json` is a request file like any other.
        case 'dot-name': {
          const hidden = join(requestsDir, `.${name}`);
          writeFileSync(hidden, payload.bytes);
          return { argument: hidden, made: [hidden], mustDelete: hidden, cap: exactCap };
        }
        // A writer's temporary file on its way to becoming a request file is never taken for one.
        case 'temporary': {
          const temporary = join(requestsDir, `.${name}.Xa3f9Z`);
          writeFileSync(temporary, payload.bytes);
          return { argument: temporary, made: [temporary], mustDelete: null, cap: RESULT_CEILING_MAX_BYTES };
        }
        case 'link':
          symlinkSync(join(sandbox.home, 'a.txt'), path);
          return { argument: path, made: [path], mustDelete: null, cap: RESULT_CEILING_MAX_BYTES };
        case 'folder':
          mkdirSync(path);
          return { argument: path, made: [path], mustDelete: null, cap: RESULT_CEILING_MAX_BYTES };
        default: {
          const elsewhere = join(sandbox.runDir, name);
          writeFileSync(elsewhere, payload.bytes);
          return { argument: elsewhere, made: [elsewhere], mustDelete: null, cap: RESULT_CEILING_MAX_BYTES };
        }
      }
    }
  }
}

describe('fuzzing the bundle with random and mutated requests', () => {
  it(`answers every one of about ${BUNDLE_CASES} requests with one valid envelope and changes nothing outside`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(caseArb, { minLength: 1, maxLength: CASES_PER_BATCH_MAX }), async (cases) => {
        const prepared = cases.map(prepare);
        try {
          const runs = await Promise.all(prepared.map((one) => spawnBundle(sandbox, one.argument)));
          runs.forEach((run, i) => {
            figures.calls++;
            const envelope = expectOneEnvelope(run, prepared[i]!.cap);
            if (envelope.ok) figures.ok++;
            else figures.errors++;
            expect(Buffer.from(run.stdout, 'base64').toString('utf8')).not.toContain(OUTSIDE_MARKER);
          });
          const made = new Set(prepared.flatMap((one) => one.made));
          for (const one of prepared) {
            if (one.mustDelete) {
              expect(existsSync(one.mustDelete), `${one.mustDelete} was not deleted`).toBe(false);
              figures.request_files_deleted++;
            } else {
              for (const path of one.made) expect(lstatSync(path, { throwIfNoEntry: false }), `${path} was deleted`).toBeDefined();
            }
          }
          // A valid request marks its run as used, so a new run's empty folder under .runs is expected.
          const runsFolder = join(sandbox.home, '.runs');
          const newRunFolders = readdirSync(runsFolder)
            .map((name) => join(runsFolder, name))
            .filter((path) => !baseline.has(path) && lstatSync(path).isDirectory() && readdirSync(path).length === 0);
          const expectedNew = new Set(newRunFolders);
          expect(everything((path) => made.has(path) || expectedNew.has(path))).toEqual(baseline);
          for (const path of newRunFolders) rmSync(path, { recursive: true, force: true });
        } finally {
          for (const one of prepared) for (const path of one.made) rmSync(path, { recursive: true, force: true });
        }
      }),
      { numRuns: Math.max(1, Math.round(BUNDLE_CASES / AVERAGE_CASES_PER_BATCH)) },
    );
  });
});

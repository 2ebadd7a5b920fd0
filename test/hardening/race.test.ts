// Races: a separate process flips a name between inside and outside the home thousands of times
// while reads and searches run, through the bundle and straight against the op with the real Node I/O. No byte
// from outside may ever come back. Bounded by count and time so the suite stays fast.
import { checkedWith, resolveArgs } from '../../src/contract/tools/index.js';
import { NEVER_STOPPED } from '../../src/io/stop.js';
import { NO_PROGRESS } from '../../src/io/progress-sink.js';
import { spawn } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeIo } from '../../src/tools/all.js';
import { nodeFileSystem } from '../../src/io/node/core.js';
import { describeFailure } from '../../src/contract/envelope.js';
import { ToolError } from '../../src/contract/errors.js';
import { runTool } from '../../src/call/host.js';
import type { Request } from '../../src/contract/request.js';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';
import { hookedFileSystem } from './fault-fs.js';
import { INSIDE_MARKER, OUTSIDE_MARKER, PATH_OPS, type PathOp } from './path-ops.js';
import { CODE_TOOLS } from '../../src/tools/all.js';
import { base64Request, expectOneEnvelope, processesMentioning, reportFigure, spawnBundle, writeMarked } from './support.js';

const FLIPPER = new URL('./flipper.mjs', import.meta.url).pathname;
// The flipper's own bounds, in case a test dies before stopping it.
const FLIPPER_MAX_FLIPS = 1_000_000;
const FLIPPER_MAX_MS = 15_000;
// Reads stop at whichever bound comes first.
const DIRECT_MAX_READS = 20_000;
const DIRECT_MAX_MS = 800;
const BUNDLE_READS = 8;
// Each code_search read starts ripgrep, so its races read for less time and fewer times through the bundle.
const SEARCH_DIRECT_MAX_MS = 500;
const SEARCH_BUNDLE_READS = 4;
const BUNDLE_READS_AT_ONCE = 4;
const MIN_FLIPS = 500;
// Direct reads go on past their bounds, up to this (well inside the flipper's), until they have seen
// the states the race must show: a loaded machine makes only a few reads in the window above.
const STATES_WAIT_MAX_MS = 8_000;

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
  mkdirSync(join(sandbox.home, 'in'));
  writeFileSync(join(sandbox.home, 'in', 'f.txt'), `${INSIDE_MARKER}\n`);
  writeFileSync(join(sandbox.home, 'in.txt'), `${INSIDE_MARKER}\n`);
  // code_search's entry looks in files named a.txt.
  writeFileSync(join(sandbox.home, 'in', 'a.txt'), `${INSIDE_MARKER}\n`);
  mkdirSync(join(sandbox.outside, 'in'));
  writeMarked(join(sandbox.outside, 'in', 'f.txt'), OUTSIDE_MARKER);
  writeMarked(join(sandbox.outside, 'in', 'a.txt'), OUTSIDE_MARKER);
  writeMarked(join(sandbox.outside, 'secret.txt'), OUTSIDE_MARKER);
});
afterEach(() => {
  expect(processesMentioning(sandbox.root)).toEqual([]);
  sandbox.cleanup();
});

const raceFigures = { flips: 0, reads: 0 };
afterAll(() => reportFigure('races in total', raceFigures));

interface Flipper {
  /** Stop flipping; resolves with the number of flips made, once the process has exited. */
  stop(): Promise<number>;
}

/** Start the flipper and resolve once it flips. */
async function startFlipper(args: string[]): Promise<Flipper> {
  const child = spawn(process.execPath, [FLIPPER, ...args, String(FLIPPER_MAX_FLIPS), String(FLIPPER_MAX_MS)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  let announceReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (announceReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.startsWith('ready\n')) announceReady();
  });
  const exited = new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => {
      announceReady();
      const flips = /flips (\d+)/.exec(output);
      if (status === 0 && flips) resolve(Number(flips[1]));
      else reject(new Error(`flipper exited ${status}: ${output}`));
    });
  });
  await ready;
  return {
    stop() {
      child.stdin.end();
      return exited;
    },
  };
}

type Tally = Record<'inside' | 'outside' | 'missing' | 'other', number>;

function tallyAnswer(tally: Tally, answer: { ok: boolean; text?: string; error?: string }): void {
  const words = answer.ok ? answer.text! : answer.error!;
  expect(words).not.toContain(OUTSIDE_MARKER);
  if (answer.ok && words.includes(INSIDE_MARKER)) tally.inside++;
  else if (!answer.ok && words.includes('is outside the home')) tally.outside++;
  else if (!answer.ok && words.startsWith('no such file or folder')) tally.missing++;
  else {
    tally.other++;
    throw new Error(`an answer the race should not give: ${words}`);
  }
}

/** The op straight, in this process, with the real Node I/O: many more reads per second. */
async function readDirect(pathOp: PathOp, path: string): Promise<{ ok: boolean; text?: string; error?: string }> {
  const io = nodeIo(sandbox.home, sandbox.runDir, {});
  const request: Request = { op: pathOp.op, args: pathOp.args(path) as Request['args'], runId: 'r1', agentId: 'a1', callId: 'c1', defaultCwd: '', maxBytes: 8192, progress: null };
  try {
    const result = await runTool(CODE_TOOLS, checkedWith(request, resolveArgs), { io, request, cwd: sandbox.home, stop: NEVER_STOPPED, progress: NO_PROGRESS });
    return { ok: true, text: result.text };
  } catch (error) {
    return { ok: false, error: describeFailure(error).message };
  }
}

async function race(flipperArgs: string[], path: string, ops: readonly PathOp[] = PATH_OPS, states = 2): Promise<void> {
  for (const pathOp of ops) await raceOne(pathOp, flipperArgs, path, states);
}

const CODE_SEARCH = PATH_OPS.filter((pathOp) => pathOp.op === 'code_search');

/**
 * `states`: how many of the name's states (inside, outside, gone) the reads must have seen to prove
 * that they interleaved with the flips; 1 where the name flipped lies below the path searched and
 * every answer is the same search of the inside.
 */
async function raceOne(pathOp: PathOp, flipperArgs: string[], path: string, states: number): Promise<void> {
  const direct: Tally = { inside: 0, outside: 0, missing: 0, other: 0 };
  const bundle: Tally = { inside: 0, outside: 0, missing: 0, other: 0 };
  const searching = pathOp.op === 'code_search';
  const bundleReads = searching ? SEARCH_BUNDLE_READS : BUNDLE_READS;
  const flipper = await startFlipper(flipperArgs);
  let flips: number;
  try {
    const started = Date.now();
    const until = started + (searching ? SEARCH_DIRECT_MAX_MS : DIRECT_MAX_MS);
    const seenEnough = () => statesSeen(direct).length >= states;
    for (let i = 0; (i < DIRECT_MAX_READS && Date.now() < until) || (!seenEnough() && Date.now() < started + STATES_WAIT_MAX_MS); i++) {
      tallyAnswer(direct, await readDirect(pathOp, path));
    }
    for (let done = 0; done < bundleReads; done += BUNDLE_READS_AT_ONCE) {
      const runs = await Promise.all(
        Array.from({ length: BUNDLE_READS_AT_ONCE }, (_, k) =>
          spawnBundle(sandbox, base64Request({ op: pathOp.op, args: pathOp.args(path), run_id: 'r1', agent_id: 'a1', call_id: `c${done + k}` })),
        ),
      );
      for (const run of runs) tallyAnswer(bundle, expectOneEnvelope(run));
    }
  } finally {
    flips = await flipper.stop();
  }
  reportFigure(`race ${pathOp.op} ${flipperArgs[0]} '${path}'`, { flips, ...prefixed('direct', direct), ...prefixed('bundle', bundle) });
  expect(flips).toBeGreaterThan(MIN_FLIPS);
  // The race really interleaved: the reads saw the name in at least two of its states (inside,
  // outside, or gone for an instant while a swap is half done; which ones depends on the load).
  const seen = statesSeen(direct, bundle);
  expect(seen.length).toBeGreaterThanOrEqual(states);
  expect(direct.other + bundle.other).toBe(0);
  expect(bundle.inside + bundle.outside + bundle.missing).toBe(bundleReads);
  raceFigures.flips += flips;
  raceFigures.reads += direct.inside + direct.outside + direct.missing + bundleReads;
}

/** The name's states that the tallied reads saw. */
function statesSeen(...tallies: Tally[]): ('inside' | 'outside' | 'missing')[] {
  return (['inside', 'outside', 'missing'] as const).filter((state) => tallies.some((tally) => tally[state] > 0));
}

function prefixed(prefix: string, tally: Tally): Record<string, number> {
  return Object.fromEntries(Object.entries(tally).map(([key, value]) => [`${prefix}_${key}`, value]));
}

describe('a name flipped between inside and outside while file_read and code_search run', () => {
  it('a link to a folder, re-pointed between a folder inside and one outside', async () => {
    symlinkSync(join(sandbox.home, 'in'), join(sandbox.home, 'flip'));
    await race(['link', join(sandbox.home, 'flip'), join(sandbox.home, 'in'), join(sandbox.outside, 'in')], 'flip/f.txt');
  });

  it('a link to a file, re-pointed between a file inside and one outside', async () => {
    symlinkSync(join(sandbox.home, 'in.txt'), join(sandbox.home, 'flip.txt'));
    await race(['link', join(sandbox.home, 'flip.txt'), join(sandbox.home, 'in.txt'), join(sandbox.outside, 'secret.txt')], 'flip.txt');
  });

  it('a real folder swapped for a link outside (the path checked is then not the path opened)', async () => {
    renameSync(join(sandbox.home, 'in'), join(sandbox.home, 'flip'));
    await race(['swap', join(sandbox.home, 'flip'), join(sandbox.home, 'parked'), join(sandbox.outside, 'in')], 'flip/f.txt');
  });
});

describe('a name flipped between inside and outside while code_search searches a folder', () => {
  it('the search path is a link, re-pointed between a folder inside and one outside', async () => {
    symlinkSync(join(sandbox.home, 'in'), join(sandbox.home, 'flip'));
    await race(['link', join(sandbox.home, 'flip'), join(sandbox.home, 'in'), join(sandbox.outside, 'in')], 'flip', CODE_SEARCH);
  });

  it('the search path is a real folder swapped for a link outside (ripgrep must start in the folder checked)', async () => {
    renameSync(join(sandbox.home, 'in'), join(sandbox.home, 'flip'));
    await race(['swap', join(sandbox.home, 'flip'), join(sandbox.home, 'parked'), join(sandbox.outside, 'in')], 'flip', CODE_SEARCH);
  });

  it('a link below the search path, re-pointed while ripgrep walks (links are never followed)', async () => {
    mkdirSync(join(sandbox.home, 'tree'));
    writeFileSync(join(sandbox.home, 'tree', 'a.txt'), `${INSIDE_MARKER}\n`);
    symlinkSync(join(sandbox.home, 'in'), join(sandbox.home, 'tree', 'flip'));
    await race(['link', join(sandbox.home, 'tree', 'flip'), join(sandbox.home, 'in'), join(sandbox.outside, 'in')], 'tree', CODE_SEARCH, 1);
  });
});

describe('the open itself is checked, not only the path', () => {
  it('code_search: a folder swapped for a link outside between the check and the open is refused', async () => {
    mkdirSync(join(sandbox.home, 'dir'));
    writeFileSync(join(sandbox.home, 'dir', 'a.txt'), `${INSIDE_MARKER}\n`);
    const io = nodeIo(sandbox.home, sandbox.runDir, { PATH: process.env.PATH });
    let swapped = false;
    io.fs = hookedFileSystem(nodeFileSystem, (call) => {
      if (call !== 'openRead' || swapped) return;
      swapped = true;
      rmSync(join(sandbox.home, 'dir'), { recursive: true });
      symlinkSync(join(sandbox.outside, 'in'), join(sandbox.home, 'dir'));
    });
    const request: Request = { op: 'code_search', args: { pattern: 'SECRET|inside', path: 'dir' }, runId: 'r1', agentId: 'a1', callId: 'c1', defaultCwd: '', maxBytes: 8192, progress: null };
    const failure = await Promise.resolve()
      .then(() => runTool(CODE_TOOLS, checkedWith(request, resolveArgs), { io, request, cwd: sandbox.home, stop: NEVER_STOPPED, progress: NO_PROGRESS }))
      .then(() => null, (error: unknown) => error);
    expect(swapped).toBe(true);
    expect((failure as ToolError).message).toBe('dir is outside the home; only paths inside it can be read');
  });

  it('code_search: a folder swapped for a link outside after the open is still searched where it was opened', async () => {
    mkdirSync(join(sandbox.home, 'dir'));
    writeFileSync(join(sandbox.home, 'dir', 'a.txt'), `${INSIDE_MARKER}\n`);
    const io = nodeIo(sandbox.home, sandbox.runDir, { PATH: process.env.PATH });
    const realRun = io.search.run;
    io.search = {
      ...io.search,
      // Exactly the window that was open before: after the checks, before ripgrep starts.
      run: (run) => {
        renameSync(join(sandbox.home, 'dir'), join(sandbox.home, 'parked'));
        symlinkSync(join(sandbox.outside, 'in'), join(sandbox.home, 'dir'));
        return realRun(run);
      },
    };
    const request: Request = { op: 'code_search', args: { pattern: 'SECRET|inside', path: 'dir', mode: 'content' }, runId: 'r1', agentId: 'a1', callId: 'c1', defaultCwd: '', maxBytes: 8192, progress: null };
    const result = await runTool(CODE_TOOLS, checkedWith(request, resolveArgs), { io, request, cwd: sandbox.home, stop: NEVER_STOPPED, progress: NO_PROGRESS });
    expect(result.text).toBe(`dir/a.txt:1: ${INSIDE_MARKER}\n1 match in 1 file`);
  });

  it('code_search: a file swapped for a link outside after the open is still the file searched', async () => {
    writeFileSync(join(sandbox.home, 'one.txt'), `${INSIDE_MARKER}\n`);
    const io = nodeIo(sandbox.home, sandbox.runDir, { PATH: process.env.PATH });
    const realRun = io.search.run;
    io.search = {
      ...io.search,
      run: (run) => {
        renameSync(join(sandbox.home, 'one.txt'), join(sandbox.home, 'parked.txt'));
        symlinkSync(join(sandbox.outside, 'secret.txt'), join(sandbox.home, 'one.txt'));
        return realRun(run);
      },
    };
    const request: Request = { op: 'code_search', args: { pattern: 'SECRET|inside', path: 'one.txt', mode: 'content' }, runId: 'r1', agentId: 'a1', callId: 'c1', defaultCwd: '', maxBytes: 8192, progress: null };
    const result = await runTool(CODE_TOOLS, checkedWith(request, resolveArgs), { io, request, cwd: sandbox.home, stop: NEVER_STOPPED, progress: NO_PROGRESS });
    expect(result.text).toBe(`one.txt:1: ${INSIDE_MARKER}\n1 match in 1 file`);
  });


  it('file_read: a folder swapped for a link outside between the check and the open is refused', async () => {
    mkdirSync(join(sandbox.home, 'dir'));
    writeFileSync(join(sandbox.home, 'dir', 'f.txt'), `${INSIDE_MARKER}\n`);
    const io = nodeIo(sandbox.home, sandbox.runDir, {});
    let swapped = false;
    // Exactly the window an attacker aims at: after realPath approved the path, before the open.
    io.fs = hookedFileSystem(nodeFileSystem, (call) => {
      if (call !== 'openRead' || swapped) return;
      swapped = true;
      rmSync(join(sandbox.home, 'dir'), { recursive: true });
      symlinkSync(join(sandbox.outside, 'in'), join(sandbox.home, 'dir'));
    });
    const request: Request = { op: 'file_read', args: { path: 'dir/f.txt' }, runId: 'r1', agentId: 'a1', callId: 'c1', defaultCwd: '', maxBytes: 8192, progress: null };
    const failure = await Promise.resolve()
      .then(() => runTool(CODE_TOOLS, checkedWith(request, resolveArgs), { io, request, cwd: sandbox.home, stop: NEVER_STOPPED, progress: NO_PROGRESS }))
      .then(() => null, (error: unknown) => error);
    expect(swapped).toBe(true);
    expect(failure).toBeInstanceOf(ToolError);
    expect((failure as ToolError).message).toBe('dir/f.txt is outside the home; only paths inside it can be read');
  });
});

describe('the check for processes left behind', () => {
  it('finds a process left running with the sandbox in its environment', async () => {
    const child = spawn('sleep', ['30'], { env: { HOME: sandbox.home }, stdio: 'ignore' });
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      expect(processesMentioning(sandbox.root)).toEqual([`${child.pid} sleep 30 `]);
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('close', resolve));
    }
  });
});

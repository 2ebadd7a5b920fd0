// The warm stream's case of npm run bench (SPEC section 8): per call through the local sandbox, cold
// (one `node dist/guilds-code.js` per call, CodeToolRun's default) and warm (CodeToolRun's `warm`: one
// `--serve` helper for every call), each beside its floor measured in the same rotation: an exec of
// `true` through the same sandbox for cold, a one-line echo round trip over an opened exec of `cat`
// for warm. Times are from the caller's side; pointers never fold a read. bench/docker.ts runs the same
// cases through a container of the sandbox image (measureWarmThrough).
import { CodeToolRun } from '../src/orchestrator/code-tools.js';
import { LocalSandbox } from '../src/orchestrator/sandboxes/local/sandbox.js';
import { execRequest, type OpenedExec, type Sandbox } from '../src/orchestrator/sandbox.js';
import type { Env } from './measure.js';
import { median } from './measure.js';

export interface WarmCase {
  name: string;
  tool: string;
  args: Record<string, unknown>;
}

export interface WarmOutcome {
  testCase: WarmCase;
  /** The sandbox: local, or docker under a runtime. */
  where: string;
  pairs: number;
  coldMs: number;
  warmMs: number;
  execFloorMs: number;
  echoFloorMs: number;
  /** Medians of the per-round ratios. */
  coldOverFloor: number;
  warmOverEcho: number;
  warmOverCold: number;
}

export function warmCases(smallFile: string, tree: string, fewMatchesPattern: string): WarmCase[] {
  return [
    { name: 'file_read, 200 lines of a 2,000-line file', tool: 'file_read', args: { path: smallFile, offset: 901, limit: 200 } },
    { name: 'shell `true`', tool: 'shell', args: { command: 'true' } },
    { name: 'shell_status, no background commands', tool: 'shell_status', args: {} },
    { name: 'code_search files, few matches', tool: 'code_search', args: { pattern: fewMatchesPattern, path: tree, mode: 'files' } },
  ];
}

/** A one-line echo over an opened `cat`: the least a call over a stream can cost. */
function echoOver(sandbox: OpenableSandbox, env: Env): { roundTrip(): Promise<number>; close(): void } {
  let waiting: (() => void) | null = null;
  let held = '';
  const exec: OpenedExec = sandbox.open(['cat'], env, {
    stdout: (chunk) => {
      held += Buffer.from(chunk).toString('utf8');
      if (held.endsWith('\n') && waiting !== null) {
        held = '';
        const done = waiting;
        waiting = null;
        done();
      }
    },
    closed: () => undefined,
  });
  return {
    roundTrip: () =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        waiting = () => resolve(performance.now() - started);
        exec.write('{"echo":1}\n');
      }),
    close: () => exec.end(),
  };
}

export type OpenableSandbox = Sandbox & { open: NonNullable<Sandbox['open']> };

/**
 * The cases through `sandbox`, cold and warm, each beside its floor. Each side of a case is one run
 * of many calls, as an agent's is (its working directory and run folder made by the first call, which
 * the warm-up takes); a result seq of NaN keeps every read whole (no repeated-read pointers).
 */
export async function measureWarmThrough(
  sandbox: OpenableSandbox,
  where: string,
  options: { pairs: number; warmup: number; env: Env; cases: readonly WarmCase[] },
  onOutcome: (outcome: WarmOutcome) => void = () => undefined,
): Promise<WarmOutcome[]> {
  const echo = echoOver(sandbox, options.env);
  // An opened exec does not hold the process open by itself: this does, meanwhile.
  const keepAlive = setInterval(() => undefined, 60_000);
  let calls = 0;
  const outcomes: WarmOutcome[] = [];
  try {
    for (const [index, testCase] of options.cases.entries()) {
      const runs = {
        cold: new CodeToolRun({ sandbox, warm: false, runId: `bench-cold-${index}`, agentId: 'bench', env: options.env }),
        warm: new CodeToolRun({ sandbox, warm: true, runId: `bench-warm-${index}`, agentId: 'bench', env: options.env }),
      };
      const time = async (side: 'cold' | 'warm'): Promise<number> => {
        calls++;
        const started = performance.now();
        const result = await runs[side].call({ tool: testCase.tool, args: testCase.args, callId: `c${calls}`, resultSeq: Number.NaN });
        const ms = performance.now() - started;
        if (!result.ok) throw new Error(`${testCase.name}, ${side}, ${where}: ${result.text}`);
        return ms;
      };
      const execTrue = async (): Promise<number> => {
        const started = performance.now();
        const result = await sandbox.exec(execRequest(['true'], options.env, 30_000));
        if (result.exitCode !== 0) throw new Error(`the floor's true, ${where}: ${result.stderr}`);
        return performance.now() - started;
      };
      const cold: number[] = [];
      const warm: number[] = [];
      const execFloor: number[] = [];
      const echoFloor: number[] = [];
      const ratios = { coldOverFloor: [] as number[], warmOverEcho: [] as number[], warmOverCold: [] as number[] };
      for (let round = 0; round < options.warmup + options.pairs; round++) {
        // Which side goes first alternates, as in the other cases.
        const order = round % 2 === 0 ? ['cold', 'floor', 'warm', 'echo'] : ['echo', 'warm', 'floor', 'cold'];
        const times: Record<string, number> = {};
        for (const what of order) {
          times[what] = what === 'cold' ? await time('cold') : what === 'warm' ? await time('warm') : what === 'floor' ? await execTrue() : await echo.roundTrip();
        }
        if (round < options.warmup) continue;
        cold.push(times.cold!);
        warm.push(times.warm!);
        execFloor.push(times.floor!);
        echoFloor.push(times.echo!);
        ratios.coldOverFloor.push(times.cold! / times.floor!);
        ratios.warmOverEcho.push(times.warm! / times.echo!);
        ratios.warmOverCold.push(times.warm! / times.cold!);
      }
      const outcome: WarmOutcome = {
        testCase,
        where,
        pairs: options.pairs,
        coldMs: median(cold),
        warmMs: median(warm),
        execFloorMs: median(execFloor),
        echoFloorMs: median(echoFloor),
        coldOverFloor: median(ratios.coldOverFloor),
        warmOverEcho: median(ratios.warmOverEcho),
        warmOverCold: median(ratios.warmOverCold),
      };
      onOutcome(outcome);
      outcomes.push(outcome);
    }
  } finally {
    clearInterval(keepAlive);
    echo.close();
  }
  return outcomes;
}

export async function measureWarm(
  options: { pairs: number; warmup: number; home: string; runDir: string; env: Env; bundle: string; cases: WarmCase[] },
  onOutcome: (outcome: WarmOutcome) => void = () => undefined,
): Promise<WarmOutcome[]> {
  const sandbox = await LocalSandbox.start({ home: options.home, runDir: options.runDir, helperCommand: [process.execPath, options.bundle] });
  try {
    return await measureWarmThrough(sandbox, 'local', options, onOutcome);
  } finally {
    await sandbox.cleanup();
  }
}

export function warmLine(o: WarmOutcome): string {
  return (
    `warm ${o.testCase.name} (${o.where}): cold ${o.coldMs.toFixed(1)} ms (exec of true ${o.execFloorMs.toFixed(1)} ms, ${o.coldOverFloor.toFixed(2)}x); ` +
    `warm ${o.warmMs.toFixed(2)} ms (echo round trip ${o.echoFloorMs.toFixed(3)} ms, ${o.warmOverEcho.toFixed(1)}x); warm/cold ${(o.warmOverCold * 100).toFixed(1)} % over ${o.pairs} rounds`
  );
}

export function warmMarkdown(outcomes: WarmOutcome[]): string[] {
  return [
    '## The warm stream, per call',
    '',
    'Per call through CodeToolRun, cold (one helper process a call) and warm (one `--serve` helper over',
    "Sandbox.open), from the caller's side, in one rotation with their floors: an exec of `true` through",
    'the same sandbox (cold) and a one-line echo round trip over an opened `cat` (warm). Each side of a',
    "case is one run of many calls, as an agent's is. Ratios: medians of the per-round ratios. Through",
    'docker: one container of the sandbox image per runtime, its files made inside.',
    '',
    '| Case | Sandbox | Cold | Exec of `true` | Cold / floor | Warm | Echo round trip | Warm / echo | Warm / cold |',
    '|---|---|---|---|---|---|---|---|---|',
    ...outcomes.map(
      (o) =>
        `| ${o.testCase.name} | ${o.where} | ${o.coldMs.toFixed(1)} ms | ${o.execFloorMs.toFixed(1)} ms | ${o.coldOverFloor.toFixed(2)}x | ${o.warmMs.toFixed(2)} ms | ${o.echoFloorMs.toFixed(3)} ms | ${o.warmOverEcho.toFixed(1)}x | ${(o.warmOverCold * 100).toFixed(1)} % |`,
    ),
    '',
  ];
}

// Timing and memory of child processes, through bench/meter.py, and the statistics the report prints.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Env = Record<string, string>;

/** One process to run: what the orchestrator or the floor would start. */
export interface Command {
  argv: string[];
  env: Env;
  cwd?: string;
  /** Measure its peak memory, under GNU time. */
  peak?: boolean;
}

export interface Run {
  /** Wall time of the whole run, the first process's start to the last one's exit, in milliseconds. */
  wallMs: number;
  /** CPU time (user and system) of its processes, in milliseconds. */
  cpuMs: number;
  /** Peak resident memory of its largest measured process, in KiB (GNU time's %M); null when none was. */
  peakKiB: number | null;
  /** The first 64 KiB of the last process's output. */
  stdout: Buffer;
}

const METER = join(dirname(fileURLToPath(import.meta.url)), 'meter.py');
// The meter's own answer: a few hundred bytes per run.
const METER_OUTPUT_MAX_BYTES = 256 * 1_048_576;

/**
 * Run each entry of the plan (commands run back to back, timed together: a floor may be node's own
 * start followed by ripgrep) one after the other, in one meter process.
 */
export function runPlan(plan: Command[][]): Run[] {
  const folder = mkdtempSync(join(tmpdir(), 'guilds-code-bench-plan-'));
  try {
    const planFile = join(folder, 'plan.json');
    writeFileSync(planFile, JSON.stringify(plan));
    const meter = spawnSync('python3', [METER, planFile], { encoding: 'utf8', maxBuffer: METER_OUTPUT_MAX_BYTES });
    if (meter.status !== 0) throw new Error(`bench/meter.py failed: ${meter.error?.message ?? meter.stderr.slice(-500)}`);
    const results = JSON.parse(meter.stdout) as Array<Omit<Run, 'stdout'> & { stdout: string; error?: string }>;
    const failed = results.find((result) => result.error !== undefined);
    if (failed) throw new Error(failed.error);
    return results.map((result) => ({ ...result, stdout: Buffer.from(result.stdout, 'base64') }));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export function gnuTimeAvailable(): boolean {
  return existsSync('/usr/bin/time');
}

/**
 * Times `a` and `b` (each resolving to its milliseconds) one after the other, `warmup + pairs` times,
 * which goes first alternating so that a drift of the machine favours neither; the pairs after the
 * warm-up are kept: each side's median, and the median of the pairwise ratios a / b.
 */
export async function alternatingPairs(
  a: () => Promise<number>,
  b: () => Promise<number>,
  options: { pairs: number; warmup: number },
): Promise<{ aMs: number; bMs: number; ratio: number }> {
  const aTimes: number[] = [];
  const bTimes: number[] = [];
  const ratios: number[] = [];
  for (let pair = 0; pair < options.warmup + options.pairs; pair++) {
    const aFirst = pair % 2 === 0;
    const first = aFirst ? await a() : await b();
    const second = aFirst ? await b() : await a();
    if (pair < options.warmup) continue;
    const [aTime, bTime] = aFirst ? [first, second] : [second, first];
    aTimes.push(aTime);
    bTimes.push(bTime);
    ratios.push(aTime / bTime);
  }
  return { aMs: median(aTimes), bMs: median(bTimes), ratio: median(ratios) };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

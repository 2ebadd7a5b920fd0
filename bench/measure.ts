// Timing and memory of one child process at a time, and the statistics the report prints.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

export type Env = Record<string, string>;

/** One process to run: what the orchestrator or the floor would start. */
export interface Command {
  argv: string[];
  env: Env;
  cwd?: string;
}

export interface Run {
  /** Wall time of the whole run, process creation to exit, in milliseconds. */
  ms: number;
  /** Peak resident memory of the last command, in KiB (GNU time's %M), when measured. */
  peakKiB: number | null;
  stdout: Buffer;
}

const GNU_TIME = '/usr/bin/time';
// Enough for a content search with 100,000 matches run directly; the helper's own answer is tiny.
const OUTPUT_MAX_BYTES = 1024 * 1_048_576;

export function gnuTimeAvailable(): boolean {
  return existsSync(GNU_TIME);
}

/**
 * Run the commands one after the other and time them together (a floor may be two processes, as
 * node's own start followed by ripgrep). With `peakFile`, each runs under GNU time and the peak of
 * the largest is kept.
 */
export function runTimed(commands: Command[], peakFile: string | null): Run {
  let peakKiB: number | null = null;
  let stdout = Buffer.alloc(0);
  const start = process.hrtime.bigint();
  for (const command of commands) {
    const argv = peakFile ? [GNU_TIME, '-f', '%M', '-o', peakFile, ...command.argv] : command.argv;
    const result = spawnSync(argv[0]!, argv.slice(1), {
      env: command.env,
      cwd: command.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: OUTPUT_MAX_BYTES,
    });
    if (result.error) throw new Error(`${argv.join(' ').slice(0, 200)}: ${result.error.message}`);
    if (result.status !== 0) {
      throw new Error(`${argv.join(' ').slice(0, 200)} exited ${result.status}: ${result.stderr.toString().slice(0, 300)}`);
    }
    stdout = result.stdout;
    if (peakFile) peakKiB = Math.max(peakKiB ?? 0, readPeak(peakFile));
  }
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { ms, peakKiB, stdout };
}

function readPeak(file: string): number {
  // GNU time writes "Command exited with non-zero status" first when it did; the figure is last.
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  rmSync(file, { force: true });
  const kib = Number(lines[lines.length - 1]);
  if (!Number.isFinite(kib)) throw new Error(`GNU time wrote no peak: ${lines.join(' ')}`);
  return kib;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// What every sandbox does alike with one exec, free of node: modules so that the docker sandbox loads
// no child_process: what it keeps of a helper's output, how long it waits on pipes a left process
// holds, the environment it gives, and the result of a command that never started.
import type { ExecResult } from '../sandbox.js';
import { countedStart } from '../telemetry/instruments.js';

/** Past this much stdout the rest is dropped: an envelope is far smaller, and memory stays bounded. */
export const EXEC_STDOUT_MAX_BYTES = 16 * 1_048_576;
/** Only the end of stderr is ever shown. */
export const EXEC_STDERR_KEEP_BYTES = 65_536;
/**
 * Once the helper has exited, how long its pipes may stay open: a process it left behind holding
 * them must not hold the call.
 */
export const EXEC_PIPE_DRAIN_MS = 1_000;

/** What a shell answers for a command it could not start; a sandbox that could not start one says the same. */
export const NEVER_STARTED_EXIT_CODE = 127;

/** The result of a command the sandbox could not start, `why` its stderr. */
export function neverStarted(why: string): ExecResult {
  return { stdout: '', stderr: `${why}\n`, exitCode: NEVER_STARTED_EXIT_CODE, timedOut: false };
}

/** The environment an exec gets: the sandbox's PATH under the caller's, the home and state folder always the sandbox's. */
export function execEnvironment(path: string, env: Readonly<Record<string, string>>, home: string, runDir: string): Record<string, string> {
  return { PATH: path, ...env, HOME: home, GUILDS_RUN_DIR: runDir };
}

/** Keeps the last `limit` bytes written. */
export class Tail {
  private chunks: Buffer[] = [];
  private size = 0;
  constructor(private readonly limit: number) {}
  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size - this.chunks[0]!.length >= this.limit) this.size -= this.chunks.shift()!.length;
  }
  text(): string {
    const all = Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, all.length - this.limit)).toString('utf8');
  }
}

/** An exec's output as a sandbox keeps it: stdout up to `stdoutMaxBytes`, the last `stderrKeepBytes` of stderr. */
export class ExecOutput {
  private readonly stdout: Buffer[] = [];
  private stdoutBytes = 0;
  private readonly stderr: Tail;
  constructor(
    private readonly stdoutMaxBytes: number,
    stderrKeepBytes: number,
  ) {
    this.stderr = new Tail(stderrKeepBytes);
  }
  addStdout(chunk: Buffer): void {
    if (this.stdoutBytes >= this.stdoutMaxBytes) return;
    this.stdout.push(chunk);
    this.stdoutBytes += chunk.length;
  }
  addStderr(chunk: Buffer): void {
    this.stderr.push(chunk);
  }
  /** The result, `note` (a line the sandbox adds) after the command's own stderr. */
  result(exitCode: number | null, timedOut: boolean, note = ''): ExecResult {
    return { stdout: Buffer.concat(this.stdout).toString('utf8'), stderr: this.stderr.text() + note, exitCode, timedOut };
  }
}

/**
 * One start at a time: the calls that find the container stopped share the start under way, which
 * the telemetry counts as the sandbox's start `again` (guilds_code.sandbox.starts).
 */
export class RestartGuard {
  private pending: Promise<void> | undefined;
  constructor(private readonly sandbox: { kind: string; runtime?: string | undefined } = { kind: 'other' }) {}
  /** Runs `start` unless one is under way, and waits for whichever runs. */
  restart(start: () => Promise<void>): Promise<void> {
    this.pending ??= countedStart(this.sandbox.kind, this.sandbox.runtime, 'again', start).finally(() => (this.pending = undefined));
    return this.pending;
  }
}

/**
 * Where `path` lies below one of `roots` (the path as the helper names it, and the host folder it is
 * in): that folder and the names below it; undefined outside them all, or through an empty name, `.`
 * or `..`.
 */
export function locationUnder(
  path: string,
  roots: readonly (readonly [inside: string, base: string])[],
): { base: string; names: string[] } | undefined {
  for (const [inside, base] of roots) {
    if (!path.startsWith(`${inside}/`)) continue;
    const names = path.slice(inside.length + 1).split('/');
    if (names.some((name) => name === '' || name === '.' || name === '..')) return undefined;
    return { base, names };
  }
  return undefined;
}

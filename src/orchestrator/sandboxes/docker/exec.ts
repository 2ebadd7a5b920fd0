// One exec followed to its end for the docker sandbox: its output split into the two streams (the
// wrapper's pid line taken off stderr), its end from its inspects, raced against one expiration (the
// timeout, or the caller's abort) that sends a stop inside. The stream alone does not say when to stop
// waiting: a process the command left may hold its pipes, and a container that died leaves the exec
// "running"; the inspects do.
import { EngineError, engineAddressText, engineUnreachable, type EngineClient, type ExecStream } from './engine.js';
import type { ExecExpiration } from '../../expiration.js';
import { EXEC_PIPE_DRAIN_MS, EXEC_STDERR_KEEP_BYTES, EXEC_STDOUT_MAX_BYTES, ExecOutput } from '../shared.js';
import type { ExecResult } from '../../sandbox.js';

/** While an exec's output is still open, how often its state is asked: a process it left may hold the pipes. */
export const DOCKER_EXEC_POLL_MS = 250;
/**
 * How long an inspect may go unanswered before the Engine counts as gone: dockerd answers one from
 * memory in milliseconds, and one that does not answer at all (frozen, or wedged on its containerd)
 * must not hold the call past its wait.
 */
export const DOCKER_INSPECT_TIMEOUT_MS = 10_000;
/** runc and runsc report a process ended by signal N as 128 + N. */
const SIGNAL_EXIT_BASE = 128;
const HIGHEST_SIGNAL = 64;

export interface ExecInspect {
  Running: boolean;
  ExitCode: number | null;
}

interface ContainerInspect {
  State: { Running: boolean; Status: string };
}

export type StopHow = 'TERM' | 'KILL';

/** An exec's exit code as the Sandbox reports it: null for a process ended by a signal. */
export function execExitCode(code: number | null): number | null {
  if (code === null) return null;
  return code > SIGNAL_EXIT_BASE && code <= SIGNAL_EXIT_BASE + HIGHEST_SIGNAL ? null : code;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const NOT_FOUND_STATUS = 404;

/** How an exec ended, as its inspects tell: its exit code, and a line the sandbox adds when they could not tell. */
interface Ending {
  exitCode: number | null;
  note: string;
}

/** Waits `ms`, or less when `cutShortBy` settles first. */
function pause(ms: number, cutShortBy?: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void cutShortBy?.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Follows the created exec `execId` to its end: a timeout sends SIGKILL to the command's whole group,
 * an abort SIGTERM to the helper alone (it stops its command and still answers), then the timeout
 * still holds.
 */
export async function followExec(
  engine: EngineClient,
  containerId: string,
  execId: string,
  /** Sends `kill -<how> <target>` inside. */
  signalInside: (how: StopHow, target: string) => Promise<void>,
  expiration: ExecExpiration,
): Promise<ExecResult> {
  const exec = new FollowedExec(engine, containerId, execId, signalInside);
  const ending = exec.ending();
  try {
    const timedOut = await expiration.follow(ending, { timeout: () => exec.stop('KILL'), abort: () => exec.stop('TERM') });
    const { exitCode, note } = await ending;
    return exec.result(timedOut ? null : execExitCode(exitCode), timedOut, note);
  } finally {
    exec.close();
  }
}

/** One exec's stream and what it said, its stops, and the inspects that tell its end. */
class FollowedExec {
  private readonly output = new ExecOutput(EXEC_STDOUT_MAX_BYTES, EXEC_STDERR_KEEP_BYTES);
  private pidLine = '';
  /** The command's pid inside; 0 until the wrapper said it, -1 when it said something else. */
  private pid = 0;
  private wanted: StopHow | undefined;
  private sent: StopHow | undefined;
  private streamEnded = false;
  /** The stream broke (it did not close): the output may be short whatever the exec says. */
  private streamBroke: Error | undefined;
  private readonly streamClosed: Promise<void>;
  private readonly stream: ExecStream;

  constructor(
    private readonly engine: EngineClient,
    private readonly containerId: string,
    private readonly execId: string,
    private readonly signalInside: (how: StopHow, target: string) => Promise<void>,
  ) {
    let closed: () => void = () => undefined;
    this.streamClosed = new Promise((resolve) => (closed = resolve));
    this.stream = engine.startExec(execId, {
      stdout: (chunk) => this.output.addStdout(chunk),
      stderr: (chunk) => this.onStderr(chunk),
      end: (error) => {
        this.streamEnded = true;
        this.streamBroke = error;
        closed();
      },
    });
    this.stream.end();
  }

  result(exitCode: number | null, timedOut: boolean, note: string): ExecResult {
    return this.output.result(exitCode, timedOut, note);
  }

  close(): void {
    this.stream.destroy();
  }

  private onStderr(chunk: Buffer): void {
    if (this.pid !== 0) {
      this.output.addStderr(chunk);
      return;
    }
    // The wrapper's first line is the command's pid; everything after it is the command's.
    this.pidLine += chunk.toString('latin1');
    const newline = this.pidLine.indexOf('\n');
    if (newline < 0) return;
    this.pid = Number(this.pidLine.slice(0, newline)) || -1;
    const rest = Buffer.from(this.pidLine.slice(newline + 1), 'latin1');
    if (rest.length > 0) this.output.addStderr(rest);
    if (this.wanted !== undefined) this.stop(this.wanted);
  }

  /** A KILL stops the command's whole group, a TERM the helper alone; sent once the pid is known, a KILL never followed by a TERM. */
  stop(how: StopHow): void {
    this.wanted = how === 'KILL' || this.wanted === undefined ? how : this.wanted;
    if (this.pid <= 0 || this.sent === 'KILL' || this.sent === this.wanted) return;
    this.sent = this.wanted;
    void this.signalInside(this.wanted, this.wanted === 'KILL' ? `-${this.pid}` : String(this.pid));
  }

  /**
   * Asks the exec's state at each poll, and at once when the stream ends: its exit code once it has
   * ended (its pipes given a moment if a process it left holds them), or why it cannot be known. A
   * stream that ended while the exec still runs gets one more poll.
   */
  async ending(): Promise<Ending> {
    let final = false;
    await this.nextLook();
    for (;;) {
      let state: ExecInspect;
      try {
        state = await this.engine.call<ExecInspect>('GET', `/exec/${this.execId}/json`, undefined, DOCKER_INSPECT_TIMEOUT_MS);
      } catch (error) {
        return this.lost(error);
      }
      if (this.streamBroke !== undefined) return this.lost(this.streamBroke);
      if (!state.Running) {
        // Exited, its pipes perhaps held by a process it left: they get a moment, not the call.
        if (!this.streamEnded) await pause(EXEC_PIPE_DRAIN_MS, this.streamClosed);
        return this.streamBroke !== undefined ? this.lost(this.streamBroke) : { exitCode: state.ExitCode, note: '' };
      }
      const stopped = await this.containerStopped();
      if (stopped !== undefined) return stopped;
      if (final && this.streamEnded) return { exitCode: null, note: "the sandbox's container did not say how the command ended\n" };
      final = this.streamEnded;
      await this.nextLook();
    }
  }

  /** The poll's pause, cut short by the stream's end while it is open. */
  private nextLook(): Promise<void> {
    return pause(DOCKER_EXEC_POLL_MS, this.streamEnded ? undefined : this.streamClosed);
  }

  /** Why the exec's end cannot be known when its container is gone or stopped; undefined while it runs. */
  private async containerStopped(): Promise<Ending | undefined> {
    let container: ContainerInspect | undefined;
    try {
      container = await this.engine.call<ContainerInspect>('GET', `/containers/${this.containerId}/json`, undefined, DOCKER_INSPECT_TIMEOUT_MS);
    } catch (error) {
      if (!(error instanceof EngineError) || error.status !== NOT_FOUND_STATUS) return this.lost(error);
    }
    if (container !== undefined && container.State.Running) return undefined;
    return { exitCode: null, note: `the sandbox's container stopped during the call (${container?.State.Status ?? 'removed'})\n` };
  }

  /**
   * Why the command is out of reach when the Engine is: it stopped answering (a dockerd stopped or
   * restarted), whose end this side cannot know (with live-restore the command runs on).
   */
  private lost(error: unknown): Ending {
    const why = engineUnreachable(error)
      ? `the Docker Engine (${engineAddressText(this.engine.address)}) stopped answering during the call; the command may still be running`
      : message(error);
    return { exitCode: null, note: `the sandbox's container lost the command: ${why}\n` };
  }
}

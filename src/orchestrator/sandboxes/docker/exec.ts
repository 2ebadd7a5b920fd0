// One exec followed to its end for the docker sandbox: its output split into the two streams (the
// wrapper's pid line taken off stderr), a stop sent inside at the timeout or the abort, and its exit
// code from its inspect. The stream alone does not say when to stop waiting: a process the command
// left may hold its pipes, and a container that died leaves the exec "running"; the inspects do.
import { EngineError, engineAddressText, engineUnreachable, type EngineClient, type ExecStream } from './engine.js';
import { EXEC_PIPE_DRAIN_MS, EXEC_STDERR_KEEP_BYTES, EXEC_STDOUT_MAX_BYTES, ExecOutput } from '../shared.js';
import type { ExecResult } from '../../sandbox.js';

/** While an exec's output is still open, how often its state is asked: a process it left may hold the pipes. */
export const DOCKER_EXEC_POLL_MS = 250;
/** After a stop was sent, how long the exec may take to end before its state is asked again. */
export const DOCKER_STOP_GRACE_MS = 5_000;
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

export class ExecFollower {
  private readonly output = new ExecOutput(EXEC_STDOUT_MAX_BYTES, EXEC_STDERR_KEEP_BYTES);
  private pidLine = '';
  /** The command's pid inside; 0 until the wrapper said it, -1 when it said something else. */
  private pid = 0;
  private timedOut = false;
  private stopSent: StopHow | undefined;
  private wanted: StopHow | undefined;
  private settled = false;
  private streamEnded = false;
  /** The stream broke (it did not close): the output may be short whatever the exec says. */
  private streamBroke: Error | undefined;
  private draining = false;
  private readonly timers: ReturnType<typeof setTimeout>[] = [];
  private stream: ExecStream | undefined;
  private resolve: (result: ExecResult) => void = () => {};
  private signal: AbortSignal | undefined;
  private readonly onAbort = (): void => this.stop('TERM');

  constructor(
    private readonly engine: EngineClient,
    private readonly containerId: string,
    private readonly execId: string,
    /** Sends `kill -<how> <target>` inside. */
    private readonly signalInside: (how: StopHow, target: string) => Promise<void>,
  ) {}

  follow(timeoutMs: number, signal: AbortSignal | undefined): Promise<ExecResult> {
    return new Promise((resolve) => {
      this.resolve = resolve;
      this.signal = signal;
      this.stream = this.engine.startExec(this.execId, {
        stdout: (chunk) => this.output.addStdout(chunk),
        stderr: (chunk) => this.onStderr(chunk),
        end: (error) => {
          this.streamEnded = true;
          this.streamBroke = error;
          void this.check(false);
        },
      });
      this.stream.end();
      this.later(timeoutMs, () => {
        this.timedOut = true;
        this.stop('KILL');
      });
      this.later(DOCKER_EXEC_POLL_MS, () => void this.check(false));
      if (signal?.aborted) this.onAbort();
      else signal?.addEventListener('abort', this.onAbort, { once: true });
    });
  }

  private later(ms: number, action: () => void): void {
    this.timers.push(setTimeout(action, ms));
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

  private settle(exitCode: number | null, note = ''): void {
    if (this.settled) return;
    this.settled = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.signal?.removeEventListener('abort', this.onAbort);
    this.stream?.destroy();
    this.resolve(this.output.result(this.timedOut ? null : execExitCode(exitCode), this.timedOut, note));
  }

  /** A timeout stops the command's whole group; an abort asks the helper alone (it stops its command and still answers). */
  private stop(how: StopHow): void {
    this.wanted = how === 'KILL' || this.wanted === undefined ? how : this.wanted;
    if (this.pid <= 0 || this.stopSent === 'KILL' || this.stopSent === this.wanted) return;
    this.stopSent = this.wanted;
    void this.signalInside(this.wanted, this.wanted === 'KILL' ? `-${this.pid}` : String(this.pid));
    this.later(DOCKER_STOP_GRACE_MS, () => void this.check(true));
  }

  /**
   * Why the command is out of reach when the Engine is: it stopped answering (a dockerd stopped or
   * restarted), whose end this side cannot know (with live-restore the command runs on).
   */
  private lost(error: unknown): void {
    const why = engineUnreachable(error)
      ? `the Docker Engine (${engineAddressText(this.engine.address)}) stopped answering during the call; the command may still be running`
      : message(error);
    this.settle(null, `the sandbox's container lost the command: ${why}\n`);
  }

  private async check(final: boolean): Promise<void> {
    if (this.settled) return;
    let state: ExecInspect;
    try {
      state = await this.engine.call<ExecInspect>('GET', `/exec/${this.execId}/json`, undefined, DOCKER_INSPECT_TIMEOUT_MS);
    } catch (error) {
      this.lost(error);
      return;
    }
    if (this.streamBroke !== undefined) {
      this.lost(this.streamBroke);
      return;
    }
    if (!state.Running) {
      if (this.streamEnded) this.settle(state.ExitCode);
      else if (!this.draining) {
        // Exited, its pipes still held by a process it left: they get a moment, not the call.
        this.draining = true;
        this.later(EXEC_PIPE_DRAIN_MS, () => this.settle(state.ExitCode));
      }
      return;
    }
    let container: ContainerInspect | undefined;
    try {
      container = await this.engine.call<ContainerInspect>('GET', `/containers/${this.containerId}/json`, undefined, DOCKER_INSPECT_TIMEOUT_MS);
    } catch (error) {
      if (!(error instanceof EngineError) || error.status !== NOT_FOUND_STATUS) {
        this.lost(error);
        return;
      }
    }
    if (container === undefined || !container.State.Running) {
      this.settle(null, `the sandbox's container stopped during the call (${container?.State.Status ?? 'removed'})\n`);
      return;
    }
    if (final && this.streamEnded) this.settle(null, "the sandbox's container did not say how the command ended\n");
    else this.later(DOCKER_EXEC_POLL_MS, () => void this.check(this.streamEnded));
  }
}

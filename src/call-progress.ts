// A hosted call's progress (SPEC section 9): each report stamped with the milliseconds since the call
// began and handed on; a heartbeat once nothing was reported for the asked time; nothing at all once
// the call has answered (no progress ever follows an answer). The warm stream (src/serve.ts) writes
// its events as lines, the MCP server's runner hands them to the client's callback.
import type { ProgressAsk, ProgressEvent, ProgressReport } from './contract/progress.js';
import type { Progress } from './io/progress.js';

/** The time a call's progress reads, and the timer it waits on. */
export interface ProgressClock {
  /** Milliseconds on a clock that never steps back. */
  now(): number;
  /** Calls `run` after about `ms` milliseconds; the returned function cancels it. */
  after(ms: number, run: () => void): () => void;
}

/**
 * Node's monotonic clock and its timers. A timer may fire up to a millisecond before `now` says its
 * time has come (libuv counts from the loop's cached time, not the moment it was armed), so what
 * waits on it checks `now` again.
 */
export const nodeProgressClock: ProgressClock = {
  now: () => performance.now(),
  after(ms, run) {
    const timer = setTimeout(run, ms);
    // A call keeps its process alive by what it runs; its heartbeat alone does not.
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};

export class CallProgress implements Progress {
  readonly wanted = true;
  private closed = false;
  private cancelHeartbeat: () => void = () => {};
  private readonly startedAt: number;
  private lastReportAt: number;

  constructor(
    private readonly ask: ProgressAsk,
    private readonly emit: (event: ProgressEvent) => void,
    private readonly clock: ProgressClock = nodeProgressClock,
  ) {
    this.startedAt = clock.now();
    this.lastReportAt = this.startedAt;
    this.armHeartbeat(ask.heartbeatMs);
  }

  report(report: ProgressReport): void {
    if (this.closed) return;
    this.lastReportAt = this.clock.now();
    const event = { ...report, elapsed_ms: Math.max(0, Math.round(this.lastReportAt - this.startedAt)) } as ProgressEvent;
    this.armHeartbeat(this.ask.heartbeatMs);
    this.emit(event);
  }

  /** The call answers: nothing is reported after this. */
  close(): void {
    this.closed = true;
    this.cancelHeartbeat();
  }

  private armHeartbeat(ms: number): void {
    this.cancelHeartbeat();
    this.cancelHeartbeat = this.clock.after(ms, () => this.heartbeatDue());
  }

  /** A heartbeat goes only when the call was quiet for the whole asked time by its own clock. */
  private heartbeatDue(): void {
    const quietMs = this.clock.now() - this.lastReportAt;
    if (quietMs < this.ask.heartbeatMs) this.armHeartbeat(Math.ceil(this.ask.heartbeatMs - quietMs));
    else this.report({ type: 'heartbeat' });
  }
}

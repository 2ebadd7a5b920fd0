// A hosted call's progress (SPEC section 9): each report stamped with the milliseconds since the call
// began and handed on; a heartbeat once nothing was reported for the asked time; nothing at all once
// the call has answered (no progress ever follows an answer). The warm stream (src/serve.ts) writes
// its events as lines, the MCP server's runner hands them to the client's callback.
import type { ProgressAsk, ProgressEvent, ProgressReport } from '../contract/live-calls.js';
import { timersOn, whenDue, type ProgressClock } from '../io/due-timer.js';
import type { Progress } from '../io/progress-sink.js';

/** The call's clock: monotonic, so that a change of the wall clock moves no `elapsed_ms`. */
const callClock: ProgressClock = timersOn(() => performance.now());

export class CallProgress implements Progress {
  readonly wanted = true;
  private closed = false;
  private cancelHeartbeat: () => void = () => {};
  private readonly startedAt: number;
  private lastReportAt: number;

  constructor(
    private readonly ask: ProgressAsk,
    private readonly emit: (event: ProgressEvent) => void,
    private readonly clock: ProgressClock = callClock,
  ) {
    this.startedAt = clock.now();
    this.lastReportAt = this.startedAt;
    this.armHeartbeat();
  }

  elapsedMs(): number {
    return Math.max(0, this.clock.now() - this.startedAt);
  }

  report(report: ProgressReport): number {
    const at = this.clock.now();
    const elapsedMs = Math.max(0, Math.round(at - this.startedAt));
    if (this.closed) return elapsedMs;
    this.lastReportAt = at;
    const event = { ...report, elapsed_ms: elapsedMs } as ProgressEvent;
    this.armHeartbeat();
    this.emit(event);
    return elapsedMs;
  }

  /** The call answers: nothing is reported after this. */
  close(): void {
    this.closed = true;
    this.cancelHeartbeat();
  }

  /** A heartbeat goes only when the call was quiet for the whole asked time by its own clock. */
  private armHeartbeat(): void {
    this.cancelHeartbeat();
    this.cancelHeartbeat = whenDue(this.clock, this.lastReportAt + this.ask.heartbeatMs, () => this.report({ type: 'heartbeat' }));
  }
}

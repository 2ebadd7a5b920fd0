// A hosted call's progress (SPEC section 9): each report stamped with the milliseconds since the call
// began and handed on; a heartbeat after the asked time with nothing reported; nothing at all once
// the call has answered (no progress ever follows an answer). The warm stream (src/serve.ts) writes
// its events as lines, the MCP server's runner hands them to the client's callback.
import type { ProgressAsk, ProgressEvent, ProgressReport } from './contract/progress.js';
import type { Progress } from './io/progress.js';

export class CallProgress implements Progress {
  readonly wanted = true;
  private closed = false;
  private heartbeatTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly startedAt: number;

  constructor(
    private readonly ask: ProgressAsk,
    private readonly emit: (event: ProgressEvent) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.startedAt = now();
    this.armHeartbeat();
  }

  report(report: ProgressReport): void {
    if (this.closed) return;
    const event = { ...report, elapsed_ms: Math.max(0, Math.round(this.now() - this.startedAt)) } as ProgressEvent;
    this.armHeartbeat();
    this.emit(event);
  }

  /** The call answers: nothing is reported after this. */
  close(): void {
    this.closed = true;
    clearTimeout(this.heartbeatTimer);
  }

  private armHeartbeat(): void {
    clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = setTimeout(() => this.report({ type: 'heartbeat' }), this.ask.heartbeatMs);
    // A call keeps its process alive by what it runs; its heartbeat alone does not.
    this.heartbeatTimer.unref?.();
  }
}

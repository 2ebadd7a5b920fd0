// The web page's run: the calls made so far, in order, one new call at a time, and the one running
// now as it goes, told to every page listening (/api/live).
import { isPlainObject } from '../../src/contract/encoding.js';
import { flowItem, rowSummary, type CodeToolResult, type CodeToolRun, type FlowItem } from '../../src/orchestrator/index.js';
import { descriptorNamed } from '../../src/tools/descriptors.js';
import { nextLiveCall, startLiveCall, type LiveCall } from './live.js';
import type { LiveMessage } from './page-state.js';

export type LiveListener = (message: LiveMessage) => void;

interface Running {
  call: LiveCall;
  startedAt: number;
}

export class WebRun {
  private readonly items: FlowItem[] = [];
  private readonly results: CodeToolResult[] = [];
  private readonly runningCalls = new Map<number, Running>();
  private readonly listeners = new Set<LiveListener>();
  private queue: Promise<unknown> = Promise.resolve();

  /** `callPrefix` keeps call ids (and so log names) apart from those of earlier sessions in a kept home. */
  constructor(
    private readonly run: CodeToolRun,
    private readonly callPrefix: string,
    private readonly now: () => number = Date.now,
  ) {}

  get flow(): FlowItem[] {
    return [...this.items];
  }

  /** The calls running now, each with the time it has run. */
  get running(): LiveCall[] {
    return [...this.runningCalls.values()].map((running) => this.asOfNow(running));
  }

  /** Tells `listener` of every running call's change and every answer, until the returned function is called. */
  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** What the call of step `seq` (from 1) answered, as CodeToolRun gave it. */
  resultOf(seq: number): CodeToolResult | undefined {
    return this.results[seq - 1];
  }

  /**
   * Runs one call after those already asked for: a model's calls come one at a time, and each
   * step's number is the order the flow shows.
   */
  call(tool: string, args: unknown): Promise<FlowItem> {
    const next = this.queue.then(async () => {
      const seq = this.items.length + 1;
      const callId = `${this.callPrefix}${seq}`;
      const row = rowSummary(tool, isPlainObject(args) ? args : {});
      const running: Running = { call: startLiveCall(seq, tool, row, descriptorNamed(tool)?.view?.block !== undefined), startedAt: this.now() };
      this.runningCalls.set(seq, running);
      this.tell({ type: 'live', call: this.asOfNow(running) });
      let result: CodeToolResult;
      try {
        result = await this.run.call({
          tool,
          args,
          callId,
          resultSeq: seq,
          // The Metadata view shows where the call's time went.
          timings: true,
          onProgress: (update) => {
            running.call = nextLiveCall(running.call, update);
            this.tell({ type: 'live', call: this.asOfNow(running) });
          },
        });
      } finally {
        this.runningCalls.delete(seq);
      }
      const item = flowItem({ seq, callId, tool, args, result });
      this.items.push(item);
      this.results.push(result);
      this.tell({ type: 'item', item });
      return item;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  private asOfNow(running: Running): LiveCall {
    return { ...running.call, elapsedMs: Math.max(0, this.now() - running.startedAt) };
  }

  private tell(message: LiveMessage): void {
    // A page gone meanwhile is its stream's to notice; the run goes on.
    for (const listener of this.listeners) {
      try {
        listener(message);
      } catch {
        this.listeners.delete(listener);
      }
    }
  }
}

// The web page's run: the calls made so far, in order, and one new call at a time.
import { flowItem, type CodeToolResult, type CodeToolRun, type FlowItem } from '../../src/orchestrator/index.js';

export class WebRun {
  private readonly items: FlowItem[] = [];
  private readonly results: CodeToolResult[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  /** `callPrefix` keeps call ids (and so log names) apart from those of earlier sessions in a kept home. */
  constructor(
    private readonly run: CodeToolRun,
    private readonly callPrefix: string,
  ) {}

  get flow(): FlowItem[] {
    return [...this.items];
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
      const result = await this.run.call({ tool, args, callId, resultSeq: seq });
      const item = flowItem({ seq, callId, tool, args, result });
      this.items.push(item);
      this.results.push(result);
      return item;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}

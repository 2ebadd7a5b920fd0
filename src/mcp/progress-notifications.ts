// A call's progress as MCP notifications (SPEC section 9): one `notifications/progress` for each
// event the call reports, `progress` counting them, `message` the event's latest line (a command's
// last output line, a code task's step) or, at a heartbeat, the time it has run. A call whose runner
// cannot stream its events gets the time it has run each second instead, as before live calls, so
// that a client still sees it alive and resets its request timeout.
import type { ProgressToken, ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import { MCP_PROGRESS_INTERVAL_MS } from '../limits.js';
import type { OpName } from '../contract/tools/index.js';
import type { LiveUpdate } from '../orchestrator/code-tools.js';
import { progressMessage } from './format.js';

const SECOND_MS = 1000;

export type SendNotification = (notification: ServerNotification) => Promise<void>;

/** What a notification says of an update; null for one that says nothing (the note that none will come). */
export function progressNotice(tool: OpName, update: LiveUpdate): string | null {
  const { event, view } = update;
  if (event === null) return null;
  if (event.type === 'heartbeat' || view.latestLine === null) return progressMessage(tool, Math.round(event.elapsed_ms / SECOND_MS));
  return view.latestLine;
}

/** How a call reports progress to its client; `stop` when it has answered. */
export interface CallNotifier {
  /** For CodeToolRun.call: present when the call's events are to be sent. */
  onProgress?: (update: LiveUpdate) => void;
  stop(): void;
}

const NO_NOTIFIER: CallNotifier = { stop: () => {} };

export interface NotifierOptions {
  tool: OpName;
  /** The client's token; none, no notification. */
  progressToken: ProgressToken | undefined;
  /** The tool's descriptor says its calls run long enough to report progress. */
  reports: boolean;
  /** The runner hands on this call's events as they come. */
  streams: boolean;
  send: SendNotification;
}

export function callNotifier(options: NotifierOptions): CallNotifier {
  const { tool, progressToken, send } = options;
  if (progressToken === undefined || !options.reports) return NO_NOTIFIER;
  let progress = 0;
  const notify = (message: string): void => {
    progress += 1;
    // A client gone meanwhile is the transport's to see; a notification it missed changes nothing.
    send({ method: 'notifications/progress', params: { progressToken, progress, message } }).catch(() => undefined);
  };
  if (options.streams) {
    let stopped = false;
    return {
      onProgress: (update) => {
        const message = stopped ? null : progressNotice(tool, update);
        if (message !== null) notify(message);
      },
      stop: () => {
        stopped = true;
      },
    };
  }
  const startedAt = Date.now();
  const ticker = setInterval(() => notify(progressMessage(tool, Math.round((Date.now() - startedAt) / SECOND_MS))), MCP_PROGRESS_INTERVAL_MS);
  return { stop: () => clearInterval(ticker) };
}

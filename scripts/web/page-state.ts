// What the page asks the server for, and what it gets back: plain JSON, shared by both sides.
import type { FlowItem, ToolDeclaration } from '../../src/orchestrator/index.js';
import type { LiveCall } from './live.js';

export type { LiveCall } from './live.js';

export interface PageState {
  /** The sandbox the calls run in, as chooseSandbox names it. */
  sandbox: string;
  home: string;
  runId: string;
  /** Where the run starts: `repos/<name>` or `the home`. */
  startsIn: string;
  /** The tools as a model sees them: the form is made from their JSON Schemas. */
  declarations: readonly ToolDeclaration[];
  flow: FlowItem[];
  /** The calls running now (one at a time, as a model makes them). */
  running: LiveCall[];
}

/**
 * What /api/live streams as Server-Sent Events after the page's state (`state`): a running call's
 * new view (`live`), and its item once it answered (`item`).
 */
export type LiveMessage = { type: 'live'; call: LiveCall } | { type: 'item'; item: FlowItem };

/** A new call from the form. */
export interface CallRequest {
  tool: string;
  args: Record<string, unknown>;
}

/** The answer to a call: the flow's new item, or why nothing ran. */
export type CallResponse = { item: FlowItem } | { error: string };

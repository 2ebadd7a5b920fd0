// What the app shows of a run's code tool calls, for a platform's own UI to draw: the flow of rows
// and code_task blocks, and for each call the three views a row opens (Arguments, Result, Metadata),
// with the Result decided as Markdown (and Raw, the text as returned) or a JSON tree, and the Markdown
// view's parts decided as code or Markdown (result-parts.ts). Pure.
import { VIEW_JSON_TREE_MAX_NODES, VIEW_RESULT_MAX_BYTES } from '../../limits.js';
import type { ErrorKind } from '../../contract/errors.js';
import { capText } from '../../text/utf8.js';
import type { CodeTaskBlock } from '../../tools/code_task/block.js';
import type { CodeToolResult } from '../code-tools.js';
import type { MetadataField } from '../summary.js';
import { jsonTree, parseJsonDocument, type JsonNode } from './json-tree.js';
import { resultParts, type ResultPart } from './result-parts.js';
import { timingBars, type TimingBar } from './timing.js';

export { VIEW_JSON_TREE_MAX_NODES, VIEW_RESULT_MAX_BYTES } from '../../limits.js';

/** One call of a run, as the platform keeps it: what the model asked and what CodeToolRun answered. */
export interface RecordedCall {
  /** The seq of the message carrying the result: the step a later pointer names. */
  seq: number;
  callId: string;
  tool: string;
  /** The arguments as the model gave them: an object, or its JSON text. */
  args: unknown;
  result: CodeToolResult;
}

export interface ArgumentsView {
  /** The arguments as one line of JSON (JSON text the model gave stays as given). */
  json: string;
  tree: JsonNode;
}

export interface ResultView {
  /** How the app draws it: Markdown (with Raw beside it), or a JSON tree (with Raw beside it). */
  kind: 'markdown' | 'json';
  /** The text as returned, which Raw shows exactly; cut only past the view's cap. */
  text: string;
  /**
   * What the Markdown view draws, in order: `code` as preformatted text, every character kept;
   * `markdown` rendered with raw HTML off. Joined by line ends, their texts are `text` (a note's
   * Markdown escaped aside).
   */
  parts: ResultPart[];
  /** The tree of a JSON result. */
  tree?: JsonNode;
  /** The platform's cap or the view's cut the text. */
  cut: boolean;
}

export interface CallView {
  seq: number;
  callId: string;
  tool: string;
  /** False for a failed call: the row is marked and the Result is the error the model read. */
  ok: boolean;
  kind?: ErrorKind;
  /** The row. */
  summary: string;
  arguments: ArgumentsView;
  result: ResultView;
  /** The Metadata view: the call and the tool, a failure's kind, then what the tool recorded (and the Timing field, when asked). */
  metadata: MetadataField[];
  /** The waterfall of where the call's time went, when the call asked for its timings. */
  timing?: TimingBar[];
}

/** The Metadata field that says what kind of failure a failed call was (src/contract/errors.ts). */
export const FAILURE_LABEL = 'Failure';

/** The run's flow: a row per call, or a block of its own for a call whose tool shows one (an answered code_task). */
export type FlowItem = { type: 'row'; call: CallView } | { type: 'block'; call: CallView; block: CodeTaskBlock };

export interface ViewLimits {
  resultMaxBytes: number;
  jsonTreeMaxNodes: number;
}

export const VIEW_LIMITS: ViewLimits = { resultMaxBytes: VIEW_RESULT_MAX_BYTES, jsonTreeMaxNodes: VIEW_JSON_TREE_MAX_NODES };

export function argumentsView(args: unknown, limits: ViewLimits = VIEW_LIMITS): ArgumentsView {
  if (typeof args === 'string') {
    const parsed = parseJsonDocument(args);
    return parsed === undefined
      ? { json: args, tree: jsonTree(args, limits.jsonTreeMaxNodes) }
      : { json: args.trim(), tree: jsonTree(parsed, limits.jsonTreeMaxNodes) };
  }
  const value = args === undefined ? {} : args;
  return { json: JSON.stringify(value) ?? 'null', tree: jsonTree(value, limits.jsonTreeMaxNodes) };
}

/**
 * A result that is a JSON object or array is a tree; any other text, a failure's line included, is
 * Markdown, made of code and Markdown parts. Either way Raw is the text as returned.
 */
export function resultView(
  tool: string,
  result: Pick<CodeToolResult, 'ok' | 'text' | 'cut' | 'meta'>,
  limits: ViewLimits = VIEW_LIMITS,
): ResultView {
  const text = capText(result.text, limits.resultMaxBytes);
  const cut = result.cut || text !== result.text;
  const parts = resultParts({ tool, ok: result.ok, meta: result.meta, text });
  const document = result.ok && !cut ? parseJsonDocument(text) : undefined;
  if (document === undefined) return { kind: 'markdown', text, parts, cut };
  return { kind: 'json', text, parts, tree: jsonTree(document, limits.jsonTreeMaxNodes), cut };
}

/** The call's Metadata fields, with a failure's kind after the call and the tool. */
function metadataWithKind(result: CodeToolResult): MetadataField[] {
  if (result.ok || result.kind === undefined) return result.metadata;
  const fields = [...result.metadata];
  const tool = fields.findIndex((field) => field.label === 'Tool');
  fields.splice(tool + 1, 0, { label: FAILURE_LABEL, value: result.kind });
  return fields;
}

export function callView(call: RecordedCall, limits: ViewLimits = VIEW_LIMITS): CallView {
  const view: CallView = {
    seq: call.seq,
    callId: call.callId,
    tool: call.tool,
    ok: call.result.ok,
    summary: call.result.summary,
    arguments: argumentsView(call.args, limits),
    result: resultView(call.tool, call.result, limits),
    metadata: metadataWithKind(call.result),
  };
  if (call.result.kind !== undefined) view.kind = call.result.kind;
  if (call.result.timings !== undefined) view.timing = timingBars(call.result.timings);
  return view;
}

export function flowItem(call: RecordedCall, limits: ViewLimits = VIEW_LIMITS): FlowItem {
  const view = callView(call, limits);
  return call.result.block ? { type: 'block', call: view, block: call.result.block } : { type: 'row', call: view };
}

/** The run's flow, in the order of the calls given. */
export function flowView(calls: readonly RecordedCall[], limits: ViewLimits = VIEW_LIMITS): FlowItem[] {
  return calls.map((call) => flowItem(call, limits));
}

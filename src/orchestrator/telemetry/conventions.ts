// What the operator's telemetry emits for a call, pinned to one version of OpenTelemetry's GenAI
// semantic conventions: the span's name and attributes, the metrics' names and units, which outcome
// maps to which error.type, the span events a call's progress makes. Pure: the thin layer that calls
// OpenTelemetry (call-telemetry.ts, instruments.ts) takes every name and value from here, and
// docs/telemetry.md lists the same.
import { SPAN_ARGUMENTS_MAX_BYTES, TRACESTATE_MAX_CHARS } from '../../limits.js';
import type { Meta } from '../../contract/envelope.js';
import type { ProgressEvent } from '../../contract/live-calls.js';
import { isTraceparent, type TraceContext } from '../../contract/telemetry.js';
import { isPlainObject } from '../../contract/encoding.js';
import { capText, utf8Bytes } from '../../text/utf8.js';
import { isCodeTool } from '../declarations.js';
import { redact } from '../pipeline.js';

/**
 * The conventions followed: the first standalone release of the GenAI semantic conventions
 * (open-telemetry/semantic-conventions-genai), whose execute_tool span is semantic-conventions
 * v1.41.0's and which adds the gen_ai.execute_tool.duration metric. Its status is Development.
 */
export const GENAI_CONVENTIONS = 'OpenTelemetry GenAI semantic conventions v0.1.0';
/** The instrumentation scope of every span and instrument. */
export const INSTRUMENTATION_SCOPE = 'guilds-code';
/** gen_ai.operation.name of every call. */
export const EXECUTE_TOOL = 'execute_tool';
/** The code tools are run by the platform for the model, as a function tool is (gen_ai.tool.type). */
export const TOOL_TYPE = 'function';
/** gen_ai.tool.name and error.type of what the conventions leave open: a tool that is none of the five. */
export const OTHER = '_OTHER';

export const ATTRIBUTES = {
  operationName: 'gen_ai.operation.name',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  toolCallArguments: 'gen_ai.tool.call.arguments',
  errorType: 'error.type',
  runId: 'guilds_code.run.id',
  agentId: 'guilds_code.agent.id',
  sandboxKind: 'guilds_code.sandbox.kind',
  sandboxRuntime: 'guilds_code.sandbox.runtime',
  callMode: 'guilds_code.call.mode',
  outcome: 'guilds_code.outcome',
  exitCode: 'guilds_code.exit_code',
  timedOut: 'guilds_code.timed_out',
  elidedBytes: 'guilds_code.elided_bytes',
  repeatOf: 'guilds_code.repeat_of',
  taskStatus: 'guilds_code.task.status',
  resultBytes: 'guilds_code.result.bytes',
  resultCut: 'guilds_code.result.cut',
  helper: 'guilds_code.helper',
  fallbackReason: 'guilds_code.fallback.reason',
  sandboxStart: 'guilds_code.sandbox.start',
  elapsedMs: 'guilds_code.elapsed_ms',
  outputBytes: 'guilds_code.output.bytes',
  outputSkippedBytes: 'guilds_code.output.skipped_bytes',
  stepKind: 'guilds_code.step.kind',
} as const;

/** The spans under a call's: its parts, in the order they happen. */
export const SPAN_NAMES = {
  requestFile: 'guilds_code.request_file',
  exec: 'guilds_code.exec',
  stream: 'guilds_code.stream',
  helperStart: 'guilds_code.helper.start',
  helperRun: 'guilds_code.helper.run',
  helperShape: 'guilds_code.helper.shape',
} as const;

/** The span events a call's progress makes (SPEC section 9): one per event, as the helper throttles them. */
export const EVENT_NAMES = {
  output: 'guilds_code.output',
  step: 'guilds_code.step',
  heartbeat: 'guilds_code.heartbeat',
} as const;

export interface MetricDefinition {
  name: string;
  unit: string;
  description: string;
}

export const METRICS = {
  duration: { name: 'gen_ai.execute_tool.duration', unit: 's', description: 'Duration of a code tool call, from the model\'s call to its result.' },
  helperFailures: { name: 'guilds_code.helper.failures', unit: '{failure}', description: 'Calls that ended "code helper failed": the helper gave no envelope.' },
  streamRestarts: { name: 'guilds_code.warm_stream.restarts', unit: '{stream}', description: 'Warm streams opened again after the last one of their helper ended.' },
  coldFallbacks: { name: 'guilds_code.warm_stream.cold_fallbacks', unit: '{call}', description: 'Calls a warm runner ran cold.' },
  sandboxStarts: { name: 'guilds_code.sandbox.starts', unit: '{start}', description: 'Sandbox containers started, first or again.' },
  sandboxStartFailures: { name: 'guilds_code.sandbox.start_failures', unit: '{start}', description: 'Sandbox starts that failed.' },
  activeCalls: { name: 'guilds_code.execute_tool.active_calls', unit: '{call}', description: 'Code tool calls in flight.' },
} as const satisfies Record<string, MetricDefinition>;

/**
 * The duration histogram's bucket bounds, in seconds: a warm read takes milliseconds, a shell
 * command up to ten minutes, a code_task up to two hours.
 */
export const DURATION_BUCKETS_SECONDS: readonly number[] = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 7200,
];

/** What a call came to, for the metric's outcome: bounded, so that a dashboard can group by it. */
export type CallOutcome = 'ok' | 'exit_nonzero' | 'timed_out' | 'stopped' | 'task_failed' | 'error';

/** Why a warm runner ran a call cold: no stream could open, the call's environment is not its stream's, its stream ended before it answered. */
export type FallbackReason = 'no_stream' | 'stream_ended';

/** The part of a result that the outcome is read from. */
export interface ResultFacts {
  ok: boolean;
  kind?: string | undefined;
  meta: Meta;
  /** The caller's signal had aborted by the time the call answered. */
  cancelled: boolean;
}

/**
 * A failed call is `error`, whatever it is; an answered one that was stopped (its caller's signal, a
 * code_task's `stopped`) `stopped`; past its time limit `timed_out`; a command or harness that ended
 * badly `exit_nonzero` or `task_failed`; anything else `ok`. A non-zero exit is no failure of the
 * call: the model reads the output.
 */
export function callOutcome(facts: ResultFacts): CallOutcome {
  if (!facts.ok) return 'error';
  const { meta } = facts;
  if (facts.cancelled || meta.status === 'stopped') return 'stopped';
  if (meta.timed_out === true || meta.status === 'timed_out') return 'timed_out';
  if (meta.status === 'failed') return 'task_failed';
  if (typeof meta.exit_code === 'number' && meta.exit_code !== 0) return 'exit_nonzero';
  return 'ok';
}

/** error.type of a failed call: its kind (docs/contract.md, "The envelope"), or _OTHER when it has none. */
export function errorType(facts: Pick<ResultFacts, 'ok' | 'kind'>): string | undefined {
  if (facts.ok) return undefined;
  return facts.kind ?? OTHER;
}

/** gen_ai.tool.name: the tool's name when it is a code tool, else _OTHER (a model's made-up name is no dimension). */
export function toolNameAttribute(tool: unknown): string {
  return typeof tool === 'string' && isCodeTool(tool) ? tool : OTHER;
}

export type AttributeValue = string | number | boolean;
export type Attributes = Record<string, AttributeValue>;

/** What the sandbox is, for the attributes: its kind (local, bubblewrap, docker, a platform's own) and runtime. */
export interface SandboxLabels {
  kind: string;
  runtime?: string | undefined;
}

/** The call's span attributes known at its start. */
export function startAttributes(call: { tool: unknown; callId: string; runId: string; agentId: string }, sandbox: SandboxLabels): Attributes {
  const attributes: Attributes = {
    [ATTRIBUTES.operationName]: EXECUTE_TOOL,
    [ATTRIBUTES.toolName]: toolNameAttribute(call.tool),
    [ATTRIBUTES.toolCallId]: call.callId,
    [ATTRIBUTES.toolType]: TOOL_TYPE,
    [ATTRIBUTES.runId]: call.runId,
    [ATTRIBUTES.agentId]: call.agentId,
    [ATTRIBUTES.sandboxKind]: sandbox.kind,
  };
  if (sandbox.runtime !== undefined) attributes[ATTRIBUTES.sandboxRuntime] = sandbox.runtime;
  return attributes;
}

/** What the call's span learns at its end: how it ran, how it came out, the result's size. */
export interface EndFacts extends ResultFacts {
  mode: 'warm' | 'cold' | undefined;
  /** The text the model reads, after the pipeline. */
  text: string;
  cut: boolean;
  /** A shell output's elided bytes, from the helper's telemetry fields. */
  elidedBytes: number | undefined;
}

/** The call's span attributes known at its end. */
export function endAttributes(facts: EndFacts): Attributes {
  const { meta } = facts;
  const attributes: Attributes = { [ATTRIBUTES.outcome]: callOutcome(facts) };
  const error = errorType(facts);
  if (error !== undefined) attributes[ATTRIBUTES.errorType] = error;
  if (facts.mode !== undefined) attributes[ATTRIBUTES.callMode] = facts.mode;
  if (typeof meta.exit_code === 'number') attributes[ATTRIBUTES.exitCode] = meta.exit_code;
  if (typeof meta.timed_out === 'boolean') attributes[ATTRIBUTES.timedOut] = meta.timed_out;
  if (facts.elidedBytes !== undefined) attributes[ATTRIBUTES.elidedBytes] = facts.elidedBytes;
  if (typeof meta.repeat_of === 'number') attributes[ATTRIBUTES.repeatOf] = meta.repeat_of;
  if (typeof meta.status === 'string') attributes[ATTRIBUTES.taskStatus] = meta.status;
  attributes[ATTRIBUTES.resultBytes] = utf8Bytes(facts.text);
  attributes[ATTRIBUTES.resultCut] = facts.cut;
  return attributes;
}

/** The duration histogram's point attributes: the tool and the outcome, how it ran, where. */
export function durationAttributes(tool: unknown, facts: ResultFacts & { mode: 'warm' | 'cold' | undefined }, sandbox: SandboxLabels): Attributes {
  const attributes: Attributes = {
    [ATTRIBUTES.operationName]: EXECUTE_TOOL,
    [ATTRIBUTES.toolName]: toolNameAttribute(tool),
    [ATTRIBUTES.toolType]: TOOL_TYPE,
    [ATTRIBUTES.outcome]: callOutcome(facts),
    [ATTRIBUTES.sandboxKind]: sandbox.kind,
  };
  const error = errorType(facts);
  if (error !== undefined) attributes[ATTRIBUTES.errorType] = error;
  if (facts.mode !== undefined) attributes[ATTRIBUTES.callMode] = facts.mode;
  return attributes;
}

/** A progress event as a span event: its name and attributes; no text of the output or of a step. */
export function progressSpanEvent(event: ProgressEvent): { name: string; attributes: Attributes } {
  const attributes: Attributes = { [ATTRIBUTES.elapsedMs]: event.elapsed_ms };
  switch (event.type) {
    case 'output':
      attributes[ATTRIBUTES.outputBytes] = event.bytes;
      if (event.skipped_bytes !== undefined) attributes[ATTRIBUTES.outputSkippedBytes] = event.skipped_bytes;
      return { name: EVENT_NAMES.output, attributes };
    case 'step':
      attributes[ATTRIBUTES.stepKind] = event.kind;
      return { name: EVENT_NAMES.step, attributes };
    case 'heartbeat':
      return { name: EVENT_NAMES.heartbeat, attributes };
  }
}

/** A span's context as W3C Trace Context's headers carry it; null when it is no valid one. */
export function traceContextFor(context: { traceId: string; spanId: string; traceFlags: number; traceState?: { serialize(): string } | undefined }): TraceContext | null {
  const flags = (context.traceFlags & 0xff).toString(16).padStart(2, '0');
  const traceparent = `00-${context.traceId}-${context.spanId}-${flags}`;
  if (!isTraceparent(traceparent)) return null;
  const tracestate = tracestateWithin(context.traceState?.serialize() ?? '', TRACESTATE_MAX_CHARS);
  return tracestate === '' ? { traceparent } : { traceparent, tracestate };
}

/**
 * A tracestate cut to `maxChars` as W3C Trace Context lets a carrier cut it: whole list members,
 * the first ones (the most recently updated), the rest dropped.
 */
export function tracestateWithin(tracestate: string, maxChars: number): string {
  if (tracestate.length <= maxChars) return tracestate;
  let kept = '';
  for (const member of tracestate.split(',')) {
    const next = kept === '' ? member : `${kept},${member}`;
    if (next.length > maxChars) break;
    kept = next;
  }
  return kept;
}

/** Every string of a JSON value (keys too) with the secret values masked, as results are. */
function masked(value: unknown, secretValues: readonly string[]): unknown {
  if (typeof value === 'string') return redact(value, secretValues);
  if (Array.isArray(value)) return value.map((item) => masked(item, secretValues));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [redact(key, secretValues), masked(item, secretValues)]));
  return value;
}

/**
 * The opt-in gen_ai.tool.call.arguments: the arguments as JSON, each string masked as a result is
 * before it is written (a secret spelt with JSON escapes is still masked), cut at
 * SPAN_ARGUMENTS_MAX_BYTES.
 */
export function recordedArguments(args: unknown, secretValues: readonly string[]): string {
  let value = args;
  if (typeof args === 'string') {
    try {
      value = JSON.parse(args);
    } catch {
      // Not JSON: recorded as the text it is, masked.
    }
  }
  return capText(JSON.stringify(masked(value, secretValues)) ?? 'null', SPAN_ARGUMENTS_MAX_BYTES);
}

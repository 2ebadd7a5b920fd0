// One call as the operator's telemetry sees it: its span under the caller's active context, what the
// request asks of the helper because of it (the helper's telemetry fields, the trace context for its
// commands, its progress as span events), the child spans of its parts, and its metrics. The thin
// layer over @opentelemetry/api: every name, attribute and mapping comes from conventions.ts, every
// time from the call's timeline (timeline.ts).
import type { Envelope, Meta } from '../../contract/envelope.js';
import type { ProgressEvent } from '../../contract/live-calls.js';
import { ELIDED_BYTES_META_FIELD, helperTimingsOf, TIMINGS_META_FIELD, type HelperTimings, type TraceContext } from '../../contract/telemetry.js';
import { HELPER_OF_TOOL } from '../../contract/registry.js';
import { isCodeTool } from '../declarations.js';
import { HELPER_FAILED } from '../transport.js';
import { otelApi, type OtelApi, type OtelContext, type OtelSpan, type OtelTracer } from './api.js';
import {
  ATTRIBUTES,
  durationAttributes,
  endAttributes,
  INSTRUMENTATION_SCOPE,
  progressSpanEvent,
  recordedArguments,
  SPAN_NAMES,
  startAttributes,
  toolNameAttribute,
  traceContextFor,
  type SandboxLabels,
} from './conventions.js';
import { instrumentsOf } from './instruments.js';
import { callTimings, CallTimeline, helperPhases, type CallTimings, type HelperPhaseName, type RunnerPartName } from './timeline.js';

/** CodeToolsConfig.telemetry: what the calls' spans record beyond the default. */
export interface TelemetryOptions {
  /**
   * Record each call's arguments on its span as `gen_ai.tool.call.arguments`, every string masked as
   * results are (the run's secret values and tokens), at most SPAN_ARGUMENTS_MAX_BYTES. Off by
   * default: a command or a path may hold a secret no one listed.
   */
  recordArguments?: boolean | undefined;
}

/** What a call's telemetry needs to know of it and of its run. */
export interface CallSetup {
  tool: unknown;
  callId: string;
  args: unknown;
  runId: string;
  agentId: string;
  sandbox: SandboxLabels;
  secretValues: readonly string[];
  options: TelemetryOptions;
  /** The caller asked for the breakdown in its result (CodeToolCall.timings). */
  timings: boolean;
}

/** What the request asks of the helper for this call's telemetry. */
export interface TelemetryAsk {
  telemetry?: boolean;
  traceContext?: TraceContext | undefined;
}

const RUNNER_SPANS: Readonly<Record<RunnerPartName, string>> = {
  request_file: SPAN_NAMES.requestFile,
  exec: SPAN_NAMES.exec,
  stream: SPAN_NAMES.stream,
};
const PHASE_SPANS: Readonly<Record<HelperPhaseName, string>> = {
  helper_start: SPAN_NAMES.helperStart,
  helper_run: SPAN_NAMES.helperRun,
  helper_shape: SPAN_NAMES.helperShape,
};

/** A reading of performance.now() as the API's epoch milliseconds. */
function epochMs(clockMs: number): number {
  return performance.timeOrigin + clockMs;
}

interface Traced {
  api: OtelApi;
  tracer: OtelTracer;
  span: OtelSpan;
  /** The caller's context with this call's span in it: the parent of its parts. */
  context: OtelContext;
}

export class CallObservation {
  readonly timeline = new CallTimeline();
  private readonly traced: Traced | undefined;
  private helper: HelperTimings | null = null;
  private elidedBytes: number | undefined;
  private helperFailed = false;

  constructor(
    private readonly setup: CallSetup,
    api: OtelApi | null,
  ) {
    if (api === null) return;
    const tracer = api.trace.getTracer(INSTRUMENTATION_SCOPE);
    const parent = api.context.active();
    const attributes = startAttributes({ tool: setup.tool, callId: setup.callId, runId: setup.runId, agentId: setup.agentId }, setup.sandbox);
    if (setup.options.recordArguments === true) attributes[ATTRIBUTES.toolCallArguments] = recordedArguments(setup.args, setup.secretValues);
    const span = tracer.startSpan(`execute_tool ${toolNameAttribute(setup.tool)}`, { kind: api.SpanKind.INTERNAL, attributes, startTime: epochMs(this.timeline.startMs) }, parent);
    this.traced = { api, tracer, span, context: api.trace.setSpan(parent, span) };
    instrumentsOf(api).activeCalls.add(1, this.activeAttributes());
  }

  /** A span that is recorded (sampled, with a tracer provider): then the call asks the helper for more. */
  get recording(): boolean {
    return this.traced?.span.isRecording() === true;
  }

  /**
   * Whether the span alone asks for the call's progress: a code_task's, whose steps are the story of
   * minutes. Any other call's events reach the span when the app asks for them: asked for the span
   * alone, a short command would pay the watching of its log for events nobody shows.
   */
  get asksProgress(): boolean {
    return this.recording && isCodeTool(String(this.setup.tool)) && HELPER_OF_TOOL[this.setup.tool as keyof typeof HELPER_OF_TOOL] === 'guilds-harness';
  }

  /** The request's asks: the telemetry fields for a recorded span or a caller who wants timings, the trace context of a valid span. */
  get ask(): TelemetryAsk {
    const traceContext = this.traced === undefined ? null : traceContextFor(this.traced.span.spanContext());
    return { telemetry: this.recording || this.setup.timings, traceContext: traceContext ?? undefined };
  }

  /** Runs `work` with the call's span as the active context, so that a sandbox's own spans sit under it. */
  within<T>(work: () => T): T {
    return this.traced === undefined ? work() : this.traced.api.context.with(this.traced.context, work);
  }

  /** The runner's progress handler: each event a span event, then the app's handler, if any. */
  progressHandler(live: ((event: ProgressEvent) => void) | undefined): (event: ProgressEvent) => void {
    return (event) => {
      const { name, attributes } = progressSpanEvent(event);
      this.traced?.span.addEvent(name, attributes);
      live?.(event);
    };
  }

  /** The envelope without the helper's telemetry fields, which stay here: the app's meta is as without them. */
  take(envelope: Envelope): Envelope {
    if (!envelope.ok) {
      this.helperFailed = envelope.error.startsWith(HELPER_FAILED);
      return envelope;
    }
    if (!(TIMINGS_META_FIELD in envelope.meta) && !(ELIDED_BYTES_META_FIELD in envelope.meta)) return envelope;
    this.helper = helperTimingsOf(envelope.meta);
    const elided = envelope.meta[ELIDED_BYTES_META_FIELD];
    if (typeof elided === 'number') this.elidedBytes = elided;
    const meta: Meta = { ...envelope.meta };
    delete meta[TIMINGS_META_FIELD];
    delete meta[ELIDED_BYTES_META_FIELD];
    return { ...envelope, meta };
  }

  /** Ends the span and records the metrics; the breakdown when the caller asked for it. */
  end(result: { ok: boolean; kind?: string | undefined; meta: Meta; text: string; cut: boolean }, cancelled: boolean): CallTimings | undefined {
    const endMs = this.timeline.now();
    try {
      if (this.traced !== undefined) this.endTraced(this.traced, { ...result, cancelled }, endMs);
    } catch {
      // A provider that throws costs the call its telemetry, never its answer.
    }
    return this.setup.timings ? callTimings(this.timeline, endMs, this.helper) : undefined;
  }

  private endTraced(traced: Traced, facts: { ok: boolean; kind?: string | undefined; meta: Meta; text: string; cut: boolean; cancelled: boolean }, endMs: number): void {
    const { span, api } = traced;
    const mode = this.timeline.mode;
    span.setAttributes(endAttributes({ ...facts, mode, elidedBytes: this.elidedBytes }));
    if (!facts.ok) span.setStatus({ code: api.SpanStatusCode.ERROR });
    if (span.isRecording()) this.partSpans(traced);
    span.end(epochMs(endMs));
    const instruments = instrumentsOf(api);
    const { sandbox, tool } = this.setup;
    instruments.duration.record((endMs - this.timeline.startMs) / 1000, durationAttributes(tool, { ...facts, mode }, sandbox));
    instruments.activeCalls.add(-1, this.activeAttributes());
    const toolName = toolNameAttribute(tool);
    if (this.helperFailed) instruments.helperFailures.add(1, { [ATTRIBUTES.toolName]: toolName, [ATTRIBUTES.sandboxKind]: sandbox.kind });
    for (const reason of this.timeline.fallbacks) {
      instruments.coldFallbacks.add(1, { [ATTRIBUTES.toolName]: toolName, [ATTRIBUTES.fallbackReason]: reason, [ATTRIBUTES.sandboxKind]: sandbox.kind });
    }
    for (const helper of this.timeline.restarts) instruments.streamRestarts.add(1, { [ATTRIBUTES.helper]: helper, [ATTRIBUTES.sandboxKind]: sandbox.kind });
  }

  /** The call's parts as child spans, the helper's phases under the round trip that carried them. */
  private partSpans({ tracer, api, context }: Traced): void {
    const helper = isCodeTool(String(this.setup.tool)) ? HELPER_OF_TOOL[this.setup.tool as keyof typeof HELPER_OF_TOOL] : undefined;
    const parts = this.timeline.parts;
    const last = [...parts].reverse().find((part) => part.name !== 'request_file');
    for (const part of parts) {
      const attributes: Record<string, string> = helper === undefined || part.name === 'request_file' ? {} : { [ATTRIBUTES.helper]: helper };
      const span = tracer.startSpan(RUNNER_SPANS[part.name], { kind: api.SpanKind.INTERNAL, attributes, startTime: epochMs(part.startMs) }, context);
      if (part === last && this.helper !== null) {
        const inside = api.trace.setSpan(context, span);
        for (const phase of helperPhases(part, this.helper)) {
          tracer.startSpan(PHASE_SPANS[phase.name], { kind: api.SpanKind.INTERNAL, startTime: epochMs(phase.startMs) }, inside).end(epochMs(phase.endMs));
        }
      }
      span.end(epochMs(part.endMs));
    }
  }

  private activeAttributes(): Record<string, string> {
    return { [ATTRIBUTES.toolName]: toolNameAttribute(this.setup.tool), [ATTRIBUTES.sandboxKind]: this.setup.sandbox.kind };
  }
}

/**
 * The call's observation: none when no provider is registered and the caller wants no timings (the
 * call then costs one look at a global), a promise only while the API is first loaded.
 */
export function observeCall(setup: CallSetup): CallObservation | undefined | Promise<CallObservation | undefined> {
  const api = otelApi();
  if (api instanceof Promise) return api.then((loaded) => observed(setup, loaded));
  return observed(setup, api);
}

function observed(setup: CallSetup, api: OtelApi | null): CallObservation | undefined {
  if (api === null && !setup.timings) return undefined;
  try {
    return new CallObservation(setup, api);
  } catch {
    // A provider that throws costs the call its telemetry, never its answer.
    return setup.timings ? new CallObservation(setup, null) : undefined;
  }
}

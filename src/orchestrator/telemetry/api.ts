// @opentelemetry/api, loaded only when a platform has registered an SDK with it. The library depends on
// the API alone, as an optional peer: without it installed, or with no tracer or meter provider
// registered, nothing is imported and a call costs one look at a global. The types below are the
// few parts of the API this library calls, written out so that its declarations name no package a
// consumer may not have.

export type OtelAttributes = Record<string, string | number | boolean>;
/** Milliseconds since the epoch, as the API takes a time. */
export type OtelTime = number;

export interface OtelSpanContext {
  traceId: string;
  spanId: string;
  traceFlags: number;
  traceState?: { serialize(): string } | undefined;
}

export interface OtelSpan {
  spanContext(): OtelSpanContext;
  isRecording(): boolean;
  setAttributes(attributes: OtelAttributes): unknown;
  addEvent(name: string, attributes?: OtelAttributes): unknown;
  setStatus(status: { code: number }): unknown;
  end(endTime?: OtelTime): void;
}

/** A context of the API's: opaque here. */
export type OtelContext = object;

export interface OtelTracer {
  startSpan(name: string, options?: { kind?: number; attributes?: OtelAttributes; startTime?: OtelTime }, context?: OtelContext): OtelSpan;
}

export interface OtelInstrument {
  add(value: number, attributes?: OtelAttributes): void;
}
export interface OtelHistogram {
  record(value: number, attributes?: OtelAttributes): void;
}
export interface OtelMeter {
  createHistogram(name: string, options?: { unit?: string; description?: string; advice?: { explicitBucketBoundaries?: number[] } }): OtelHistogram;
  createCounter(name: string, options?: { unit?: string; description?: string }): OtelInstrument;
  createUpDownCounter(name: string, options?: { unit?: string; description?: string }): OtelInstrument;
}

export interface OtelApi {
  trace: {
    getTracer(name: string, version?: string): OtelTracer;
    setSpan(context: OtelContext, span: OtelSpan): OtelContext;
  };
  context: {
    active(): OtelContext;
    with<T>(context: OtelContext, work: () => T): T;
  };
  metrics: {
    getMeter(name: string, version?: string): OtelMeter;
    getMeterProvider(): object;
  };
  SpanKind: { INTERNAL: number };
  SpanStatusCode: { ERROR: number };
}

/** Where the API keeps what is registered with it (its major version's key on globalThis). */
const API_GLOBAL_KEY = Symbol.for('opentelemetry.js.api.1');

/** Whether a tracer or meter provider is registered with @opentelemetry/api 1.x in this process. */
export function otelRegistered(): boolean {
  const registered = (globalThis as Record<symbol, unknown>)[API_GLOBAL_KEY];
  if (typeof registered !== 'object' || registered === null) return false;
  return 'trace' in registered || 'metrics' in registered;
}

let api: OtelApi | null | undefined;
let loading: Promise<OtelApi | null> | undefined;

/**
 * The API when a provider is registered: at once once it is loaded, a promise the first time; null
 * when none is registered, or the API cannot be imported from here (a copy only the SDK can see).
 */
export function otelApi(): OtelApi | null | Promise<OtelApi | null> {
  if (!otelRegistered()) return null;
  if (api !== undefined) return api;
  loading ??= import('@opentelemetry/api').then(
    (module) => (api = module as unknown as OtelApi),
    () => (api = null),
  );
  return loading;
}

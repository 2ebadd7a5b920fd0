// The metrics' instruments, made once per meter provider (a platform may register its provider after
// the first call), and the counter of sandbox starts the sandboxes call. The names, units and
// attributes are conventions.ts's.
import { ATTRIBUTES, DURATION_BUCKETS_SECONDS, INSTRUMENTATION_SCOPE, METRICS } from './conventions.js';
import { otelApi, type OtelApi, type OtelHistogram, type OtelInstrument } from './api.js';

export interface Instruments {
  duration: OtelHistogram;
  helperFailures: OtelInstrument;
  streamRestarts: OtelInstrument;
  coldFallbacks: OtelInstrument;
  sandboxStarts: OtelInstrument;
  sandboxStartFailures: OtelInstrument;
  activeCalls: OtelInstrument;
}

const made = new WeakMap<object, Instruments>();

export function instrumentsOf(api: OtelApi): Instruments {
  const provider = api.metrics.getMeterProvider();
  let instruments = made.get(provider);
  if (instruments !== undefined) return instruments;
  const meter = api.metrics.getMeter(INSTRUMENTATION_SCOPE);
  const options = (metric: { unit: string; description: string }) => ({ unit: metric.unit, description: metric.description });
  instruments = {
    duration: meter.createHistogram(METRICS.duration.name, { ...options(METRICS.duration), advice: { explicitBucketBoundaries: [...DURATION_BUCKETS_SECONDS] } }),
    helperFailures: meter.createCounter(METRICS.helperFailures.name, options(METRICS.helperFailures)),
    streamRestarts: meter.createCounter(METRICS.streamRestarts.name, options(METRICS.streamRestarts)),
    coldFallbacks: meter.createCounter(METRICS.coldFallbacks.name, options(METRICS.coldFallbacks)),
    sandboxStarts: meter.createCounter(METRICS.sandboxStarts.name, options(METRICS.sandboxStarts)),
    sandboxStartFailures: meter.createCounter(METRICS.sandboxStartFailures.name, options(METRICS.sandboxStartFailures)),
    activeCalls: meter.createUpDownCounter(METRICS.activeCalls.name, options(METRICS.activeCalls)),
  };
  made.set(provider, instruments);
  return instruments;
}

/**
 * Counts a sandbox's start (`first`, or `again` for a container started anew under the same sandbox)
 * and, when it failed, a start failure. Costs nothing without a registered provider; the first
 * count of a process waits for the API's import.
 */
async function countSandboxStart(kind: string, runtime: string | undefined, start: 'first' | 'again', failed: boolean): Promise<void> {
  const api = await otelApi();
  if (api === null) return;
  const attributes: Record<string, string> = { [ATTRIBUTES.sandboxKind]: kind, [ATTRIBUTES.sandboxStart]: start };
  if (runtime !== undefined) attributes[ATTRIBUTES.sandboxRuntime] = runtime;
  const instruments = instrumentsOf(api);
  instruments.sandboxStarts.add(1, attributes);
  if (failed) instruments.sandboxStartFailures.add(1, attributes);
}

/** `work`, a sandbox's start, counted as it settles: a rejection is a failed start, and rejects as it did. */
export async function countedStart<T>(kind: string, runtime: string | undefined, start: 'first' | 'again', work: () => Promise<T>): Promise<T> {
  let value: T;
  try {
    value = await work();
  } catch (error) {
    await countSandboxStart(kind, runtime, start, true).catch(() => undefined);
    throw error;
  }
  // A provider that throws costs the sandbox its count, never its start.
  await countSandboxStart(kind, runtime, start, false).catch(() => undefined);
  return value;
}

// The real OpenTelemetry SDK as a platform registers it, for the telemetry tests: a tracer provider
// whose spans land in memory (or go to an exporter given), a meter provider read on demand, and the
// context manager a Node platform uses, so that a call's span sits under the caller's.
import { context, metrics, trace, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { MeterProvider, MetricReader, type DataPoint, type Histogram } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan, type SpanProcessor } from '@opentelemetry/sdk-trace-base';

/** A reader collected when the test asks, not on a timer. */
class OnDemandReader extends MetricReader {
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

export interface Sdk {
  spans: InMemorySpanExporter;
  tracerProvider: BasicTracerProvider;
  /** Every point of the metric `name`: its attributes and its value (a histogram's count and sum). */
  points(name: string): Promise<{ attributes: Record<string, unknown>; value: unknown }[]>;
  /** A fresh meter provider: the points start from nothing. */
  resetMetrics(): void;
  uninstall(): Promise<void>;
}

export function installSdk(processor?: SpanProcessor): Sdk {
  const spans = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [processor ?? new SimpleSpanProcessor(spans)] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(tracerProvider);
  let reader = new OnDemandReader();
  const resetMetrics = (): void => {
    metrics.disable();
    reader = new OnDemandReader();
    metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
  };
  resetMetrics();
  return {
    spans,
    tracerProvider,
    resetMetrics,
    async points(name) {
      const { resourceMetrics } = await reader.collect();
      const found = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics).filter((metric) => metric.descriptor.name === name);
      return found.flatMap((metric) =>
        (metric.dataPoints as DataPoint<unknown>[]).map((point) => {
          const value = point.value as number | Histogram;
          return { attributes: { ...point.attributes }, value: typeof value === 'number' ? value : { count: value.count, sum: value.sum } };
        }),
      );
    },
    async uninstall() {
      await tracerProvider.shutdown();
      trace.disable();
      metrics.disable();
      context.disable();
    },
  };
}

/** `work` with a span of its own as the active context: the platform's agent turn the call sits under. */
export async function underTurn<T>(name: string, work: () => Promise<T>): Promise<{ value: T; turn: Span }> {
  const turn = trace.getTracer('platform').startSpan(name);
  try {
    const value = await context.with(trace.setSpan(context.active(), turn), work);
    return { value, turn };
  } finally {
    turn.end();
  }
}

export function spanId(span: ReadableSpan | Span): string {
  return span.spanContext().spanId;
}

/** The spans whose parent is `parent`, in the order they started. */
export function childrenOf(spans: readonly ReadableSpan[], parent: ReadableSpan | Span): ReadableSpan[] {
  return spans
    .filter((span) => span.parentSpanContext?.spanId === spanId(parent))
    .sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]);
}

/** The execute_tool span of the call `callId`. */
export function callSpan(spans: readonly ReadableSpan[], callId: string): ReadableSpan {
  const found = spans.filter((span) => span.attributes['gen_ai.tool.call.id'] === callId);
  if (found.length !== 1) throw new Error(`${found.length} spans of call ${callId}`);
  return found[0]!;
}

/** A span's children as a tree of names: `name` or `name > [children]`. */
export function shapeOf(spans: readonly ReadableSpan[], parent: ReadableSpan): unknown[] {
  return childrenOf(spans, parent).map((child) => {
    const below = shapeOf(spans, child);
    return below.length === 0 ? child.name : { [child.name]: below };
  });
}

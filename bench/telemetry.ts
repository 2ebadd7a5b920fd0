// The telemetry's cost per warm call (npm run bench -- --telemetry-base REV): the warm local cases
// through three sides in one rotation, each a run of many calls over the local sandbox's warm stream:
//   base     the orchestrator and the bundle of commit REV (git archive of its src/ and dist/, loaded
//            by tsx from a folder under .tmp/, as this checkout's sources are for the other sides),
//            as the code was before the telemetry;
//   no SDK   this checkout, @opentelemetry/api installed and no provider registered: the library
//            looks at one global and imports nothing;
//   SDK      this checkout with the SDK registered as a platform registers it: a tracer provider
//            whose batch processor hands spans to an exporter that drops them (the wire is the
//            platform's), a meter provider whose reader is never collected, AsyncLocalStorage context.
// The SDK is registered only around its side's calls. Ratios: medians of the per-round ratios.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { context, metrics, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { CodeToolRun } from '../src/orchestrator/code-tools.js';
import type { LocalSandbox } from '../src/orchestrator/sandboxes/local/sandbox.js';
import type { Env } from './measure.js';
import { median } from './measure.js';
import type { WarmCase } from './warm.js';

type Side = 'base' | 'noSdk' | 'sdk';
const ORDERS: readonly (readonly Side[])[] = [
  ['base', 'noSdk', 'sdk'],
  ['noSdk', 'sdk', 'base'],
  ['sdk', 'base', 'noSdk'],
  ['sdk', 'noSdk', 'base'],
  ['noSdk', 'base', 'sdk'],
  ['base', 'sdk', 'noSdk'],
];

export interface TelemetryOutcome {
  testCase: WarmCase;
  baseRevision: string;
  pairs: number;
  medianMs: Record<Side, number>;
  /** Medians of the per-round ratios over the base side. */
  noSdkOverBase: number;
  sdkOverBase: number;
}

/** An exporter that takes every batch and keeps nothing: the SDK's own cost without a wire. */
class DroppingExporter implements SpanExporter {
  export(_spans: ReadableSpan[], done: (result: { code: 0 }) => void): void {
    done({ code: 0 });
  }
  async shutdown(): Promise<void> {}
}

class UncollectedReader extends MetricReader {
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

/** One SDK for the whole run, as a platform has one: registered around the SDK side's calls, unregistered after. */
const sdk = {
  tracerProvider: new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(new DroppingExporter())] }),
  meterProvider: new MeterProvider({ readers: [new UncollectedReader()] }),
  contextManager: new AsyncLocalStorageContextManager().enable(),
};

function registerSdk(): () => void {
  context.setGlobalContextManager(sdk.contextManager.enable());
  trace.setGlobalTracerProvider(sdk.tracerProvider);
  metrics.setGlobalMeterProvider(sdk.meterProvider);
  return () => {
    trace.disable();
    metrics.disable();
    context.disable();
  };
}

interface Modules {
  CodeToolRun: typeof CodeToolRun;
  LocalSandbox: typeof LocalSandbox;
}

/**
 * The orchestrator of a copy of the sources in `folder`: both sides are copies under the checkout's
 * .tmp/, so that tsx compiles them alike and the current one finds @opentelemetry/api.
 */
async function modulesIn(folder: string): Promise<Modules> {
  const codeTools = (await import(join(folder, 'src/orchestrator/code-tools.ts'))) as { CodeToolRun: typeof CodeToolRun };
  const local = (await import(join(folder, 'src/orchestrator/sandboxes/local/sandbox.ts'))) as { LocalSandbox: typeof LocalSandbox };
  return { CodeToolRun: codeTools.CodeToolRun, LocalSandbox: local.LocalSandbox };
}

/** The sources and bundle of commit `revision`, and those of this checkout, each in a folder of `root`. */
async function bothSides(repoRoot: string, revision: string, root: string): Promise<{ base: Modules; current: Modules }> {
  mkdirSync(join(root, 'base'));
  execFileSync('bash', ['-c', `git -C '${repoRoot}' archive '${revision}' src dist | tar -x -C '${join(root, 'base')}'`]);
  for (const part of ['src', 'dist']) cpSync(join(repoRoot, part), join(root, 'current', part), { recursive: true });
  return { base: await modulesIn(join(root, 'base')), current: await modulesIn(join(root, 'current')) };
}

export async function measureTelemetry(
  options: { repoRoot: string; baseRevision: string; pairs: number; warmup: number; home: string; runDir: string; env: Env; bundle: string; cases: readonly WarmCase[] },
  onOutcome: (outcome: TelemetryOutcome) => void = () => undefined,
): Promise<TelemetryOutcome[]> {
  mkdirSync(join(options.repoRoot, '.tmp'), { recursive: true });
  const folder = mkdtempSync(join(options.repoRoot, '.tmp', 'bench-telemetry-'));
  const { base, current } = await bothSides(options.repoRoot, options.baseRevision, folder);
  const baseSandbox = await base.LocalSandbox.start({ home: options.home, runDir: options.runDir, helperCommand: [process.execPath, join(folder, 'base/dist/guilds-code.js')] });
  // A sandbox, and so a warm helper, per side: a helper serving two sides' calls would be the warmer.
  const sandbox = await current.LocalSandbox.start({ home: options.home, runDir: options.runDir, helperCommand: [process.execPath, resolve(options.bundle)] });
  const sdkSandbox = await current.LocalSandbox.start({ home: options.home, runDir: options.runDir, helperCommand: [process.execPath, resolve(options.bundle)] });
  const keepAlive = setInterval(() => undefined, 60_000);
  const outcomes: TelemetryOutcome[] = [];
  let calls = 0;
  try {
    for (const [index, testCase] of options.cases.entries()) {
      const config = { warm: true, agentId: 'bench', env: options.env };
      const runs: Record<Side, Pick<CodeToolRun, 'call'>> = {
        base: new base.CodeToolRun({ ...config, sandbox: baseSandbox, runId: `bench-base-${index}` }),
        noSdk: new current.CodeToolRun({ ...config, sandbox, runId: `bench-nosdk-${index}` }),
        sdk: new current.CodeToolRun({ ...config, sandbox: sdkSandbox, runId: `bench-sdk-${index}` }),
      };
      const time = async (side: Side): Promise<number> => {
        const unregister = side === 'sdk' ? registerSdk() : () => undefined;
        try {
          calls++;
          const started = performance.now();
          const result = await runs[side].call({ tool: testCase.tool, args: testCase.args, callId: `t${calls}`, resultSeq: Number.NaN });
          const ms = performance.now() - started;
          if (!result.ok) throw new Error(`${testCase.name}, ${side}: ${result.text}`);
          return ms;
        } finally {
          unregister();
        }
      };
      const times: Record<Side, number[]> = { base: [], noSdk: [], sdk: [] };
      const ratios = { noSdk: [] as number[], sdk: [] as number[] };
      for (let round = 0; round < options.warmup + options.pairs; round++) {
        // Every order in turn, so that no side always follows the SDK's side (its batch and its garbage).
        const order = ORDERS[round % ORDERS.length]!;
        const took: Partial<Record<Side, number>> = {};
        for (const side of order) took[side] = await time(side);
        if (round < options.warmup) continue;
        for (const side of order) times[side].push(took[side]!);
        ratios.noSdk.push(took.noSdk! / took.base!);
        ratios.sdk.push(took.sdk! / took.base!);
      }
      const outcome: TelemetryOutcome = {
        testCase,
        baseRevision: options.baseRevision,
        pairs: options.pairs,
        medianMs: { base: median(times.base), noSdk: median(times.noSdk), sdk: median(times.sdk) },
        noSdkOverBase: median(ratios.noSdk),
        sdkOverBase: median(ratios.sdk),
      };
      onOutcome(outcome);
      outcomes.push(outcome);
    }
  } finally {
    clearInterval(keepAlive);
    await sdk.tracerProvider.shutdown();
    await sdk.meterProvider.shutdown();
    await sandbox.cleanup();
    await sdkSandbox.cleanup();
    await baseSandbox.cleanup();
    rmSync(folder, { recursive: true, force: true });
  }
  return outcomes;
}

export function telemetryLine(o: TelemetryOutcome): string {
  const percent = (ratio: number): string => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;
  return (
    `telemetry ${o.testCase.name} (local, warm): base ${o.baseRevision.slice(0, 7)} ${o.medianMs.base.toFixed(2)} ms; ` +
    `no SDK ${o.medianMs.noSdk.toFixed(2)} ms (${percent(o.noSdkOverBase)}); SDK ${o.medianMs.sdk.toFixed(2)} ms (${percent(o.sdkOverBase)}) over ${o.pairs} rounds`
  );
}

// A run's code tools: a model's call in, what the model reads and what the app shows out. Every
// rule of the orchestrator side meets here; the parts are pure and live beside this file.
import { UNKNOWN_TOOL_SHOWN_CHARS } from '../limits.js';
import { isPlainObject } from '../contract/encoding.js';
import { oneLine, type Envelope, type Meta } from '../contract/envelope.js';
import { ToolError, type ErrorKind } from '../contract/errors.js';
import { checkRequest, OP_NAMES, type CheckedRequest } from '../contract/tools/index.js';
import { firstCodePoints } from '../text/utf8.js';
import { isCodeTool } from './declarations.js';
import type { CodeTaskBlock } from '../tools/code_task/block.js';
import { descriptorNamed } from '../tools/descriptors.js';
import { applyPipeline, redact, redactCut, redactProgressEvent } from './pipeline.js';
import { argumentsNotJson, argumentsNotObject, pointerText, PROGRESS_NOT_STREAMED, unknownTool } from './format.js';
import type { ProgressEvent } from '../contract/live-calls.js';
import { nextLiveView, startLiveView, type LiveView } from './view/live.js';
import { ReadHistory, readFacts } from './reads.js';
import {
  checkRepositoryName,
  defaultCwdFor,
  helperEnvironment,
  helperTimeoutMs,
  resultMaxBytes,
  type Repository,
} from './request.js';
import { SandboxRunner, type HelperRunner } from './runner.js';
import type { Sandbox } from './sandbox.js';
import { warmRunnerOf } from './warm-runner.js';
import { metadataView, rowSummary, type MetadataField } from './summary.js';
import { otelRegistered } from './telemetry/api.js';
import { observeCall, type CallObservation, type TelemetryAsk, type TelemetryOptions } from './telemetry/call-telemetry.js';
import type { SandboxLabels } from './telemetry/conventions.js';
import type { CallTimings } from './telemetry/timeline.js';
import { timingField } from './view/timing.js';

export { UNKNOWN_TOOL_SHOWN_CHARS } from '../limits.js';

export interface CodeToolsConfig {
  /** Where the calls are answered: the cold helper in this sandbox, through a SandboxRunner. */
  sandbox?: Sandbox;
  /**
   * Serve the sandbox's calls over its warm streams (SPEC sections 8 and 9, warm-runner.ts): one
   * `--serve` helper per helper (guilds-code, guilds-harness) and sandbox, shared by every CodeToolRun
   * over it, each closed after WARM_STREAM_IDLE_MS without a call. The default wherever the sandbox has `open`; `false` runs one
   * cold helper per call (docs/orchestrator.md, "Decisions", "The warm stream").
   */
  warm?: boolean;
  /** Or a runner of the platform's (src/orchestrator/runner.ts), which `sandbox` then must not be given with. */
  runner?: HelperRunner;
  runId: string;
  agentId: string;
  /** The guild's repositories, cloned under repos/ in the home; a run starts in the only one. */
  repositories?: readonly Repository[] | undefined;
  /** The agent's environment, as every command it runs gets it: port block, secrets. */
  env?: Readonly<Record<string, string>> | undefined;
  /** Values to mask in every result; the repositories' tokens are masked too. */
  secretValues?: readonly string[] | undefined;
  /** CODE_RESULT_MAX_BYTES as configured (text or number); invalid or absent means 8192; at most 65536. */
  resultMaxBytes?: string | number | undefined;
  /** The run's earlier reads, when the platform keeps them across restarts. */
  history?: ReadHistory | undefined;
  /**
   * Tokens by folder, as GUILD_REPO_TOKENS names them (relative to the home, `~/…` or absolute), for
   * folders that are not the guild's repositories: added to theirs, and masked like theirs.
   */
  folderTokens?: Readonly<Record<string, string>> | undefined;
  /**
   * What each call's span records beyond the default, when a platform has registered an
   * OpenTelemetry SDK (docs/telemetry.md); without one there is no span and this is not read.
   */
  telemetry?: TelemetryOptions | undefined;
}

export interface CodeToolCall {
  /** The tool the model named. */
  tool: string;
  /** The arguments as the model gave them: an object, or its JSON text. */
  args: unknown;
  callId: string;
  /**
   * The seq of the message that carries this call's result, in the run's message order: what a
   * later pointer calls "step N", the result to read.
   */
  resultSeq: number;
  /** The run's remaining tool calls, for the trailer; no trailer when absent. */
  remainingToolCalls?: number | undefined;
  /** Aborted when the call is no longer wanted: the helper stops the command and answers with what it had. */
  signal?: AbortSignal | undefined;
  /**
   * What the call is doing while it runs (SPEC section 9): each event, redacted as results are, with
   * what the app shows now. Given, the call asks for progress; absent, it asks for none.
   */
  onProgress?: ((update: LiveUpdate) => void) | undefined;
  /**
   * Where the call's time went, in the result (CodeToolResult.timings) and its Metadata view: the
   * request file, the exec or the stream's round trip, the helper's own phases. Off by default.
   */
  timings?: boolean | undefined;
}

/** One step of a running call for the app: the event (redacted) and the view it makes. */
export interface LiveUpdate {
  /** The event as the helper sent it, its text redacted; null for the note that none will come. */
  event: ProgressEvent | null;
  /** The row, the elapsed time, the latest line, a code_task's steps so far. */
  view: LiveView;
  /** Said once a run when its sandbox runs calls cold (PROGRESS_NOT_STREAMED): no event will come. */
  note?: string;
}

export interface CodeToolResult {
  /** False for a failed call: the app marks the row, the model reads `text` as the error. */
  ok: boolean;
  /** A failed call's kind (src/contract/errors.ts), when the helper or this side named one. */
  kind?: ErrorKind;
  /** What the model reads: the result or the error, through the platform pipeline. */
  text: string;
  /** The row in the run's flow. */
  summary: string;
  /** The tool's metadata fields (snake_case, as the helper sent them), repeat_of on a pointer. */
  meta: Meta;
  /** The Metadata view: the call, the tool, then the fields above, labelled. */
  metadata: MetadataField[];
  /** The 64 KiB cap cut the text. */
  cut: boolean;
  /** An answered code_task: the block the app shows instead of a row. */
  block?: CodeTaskBlock;
  /** Where the call's time went, when the call asked for it (CodeToolCall.timings). */
  timings?: CallTimings;
}

/** The model's arguments as an object: JSON text is parsed, absent arguments are none. */
export function argumentObject(tool: string, args: unknown): Record<string, unknown> {
  let value = args;
  if (typeof value === 'string') {
    if (value.trim() === '') return {};
    try {
      value = JSON.parse(value);
    } catch {
      throw argumentsNotJson(tool);
    }
  }
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) throw argumentsNotObject(tool);
  return value;
}

/** What the telemetry calls the sandbox the calls run in: its kind and runtime, `other` when it names none. */
function sandboxLabelsOf(config: CodeToolsConfig, runner: HelperRunner): SandboxLabels {
  const sandbox = config.sandbox ?? (runner as { sandbox?: Sandbox }).sandbox;
  return { kind: sandbox?.kind ?? 'other', runtime: sandbox?.runtime };
}

function runnerOf(config: CodeToolsConfig): HelperRunner {
  if (config.runner !== undefined && config.sandbox !== undefined) throw new TypeError('give CodeToolRun a sandbox or a runner, not both');
  if (config.runner !== undefined) return config.runner;
  if (config.sandbox !== undefined) return config.warm === false || config.sandbox.open === undefined ? new SandboxRunner(config.sandbox) : warmRunnerOf(config.sandbox);
  throw new TypeError('CodeToolRun needs a sandbox or a runner');
}

export class CodeToolRun {
  readonly history: ReadHistory;
  private readonly runner: HelperRunner;
  private readonly runId: string;
  private readonly agentId: string;
  private readonly defaultCwd: string;
  private readonly maxBytes: number;
  private readonly env: Record<string, string>;
  private readonly secretValues: string[];
  /** PROGRESS_NOT_STREAMED was said to this run's app. */
  private saidNotStreamed = false;
  private readonly sandboxLabels: SandboxLabels;
  private readonly telemetry: TelemetryOptions;

  constructor(config: CodeToolsConfig) {
    const repositories = config.repositories ?? [];
    for (const repository of repositories) checkRepositoryName(repository.name);
    this.runner = runnerOf(config);
    this.runId = config.runId;
    this.agentId = config.agentId;
    this.defaultCwd = defaultCwdFor(repositories);
    this.maxBytes = resultMaxBytes(config.resultMaxBytes);
    this.env = helperEnvironment(config.env ?? {}, repositories, config.folderTokens);
    this.secretValues = [
      ...(config.secretValues ?? []),
      ...repositories.flatMap((repository) => (repository.token ? [repository.token] : [])),
      ...Object.values(config.folderTokens ?? {}),
    ];
    this.history = config.history ?? new ReadHistory();
    this.sandboxLabels = sandboxLabelsOf(config, this.runner);
    this.telemetry = config.telemetry ?? {};
  }

  /**
   * The request for a call, checked as the helper checks it and its arguments resolved, once; a
   * ToolError says what is wrong, and the call is refused without running anything.
   */
  checkCall(tool: string, args: unknown, callId: string, progress = false, ask: TelemetryAsk = {}): CheckedRequest {
    if (!isCodeTool(tool)) {
      const shown = firstCodePoints(oneLine(String(tool)), UNKNOWN_TOOL_SHOWN_CHARS);
      throw unknownTool(shown, OP_NAMES);
    }
    return checkRequest({
      op: tool,
      args: argumentObject(tool, args),
      run_id: this.runId,
      agent_id: this.agentId,
      call_id: callId,
      default_cwd: this.defaultCwd,
      max_bytes: this.maxBytes,
      ...(progress ? { progress: true } : {}),
      ...(ask.telemetry === true ? { telemetry: true } : {}),
      ...ask.traceContext,
    });
  }

  /** The call's onProgress as the runner takes it: redacted, folded into the live view. */
  private liveProgress(call: CodeToolCall, checked: CheckedRequest, args: Record<string, unknown>): ((event: ProgressEvent) => void) | undefined {
    const onProgress = call.onProgress;
    if (onProgress === undefined) return undefined;
    let view = startLiveView(redactCut(rowSummary(String(call.tool), args), this.secretValues));
    if (this.runner.streamsProgress?.(checked) !== true) {
      if (!this.saidNotStreamed) onProgress({ event: null, view, note: PROGRESS_NOT_STREAMED });
      this.saidNotStreamed = true;
      return undefined;
    }
    return (raw) => {
      const event = redactProgressEvent(raw, this.secretValues);
      view = nextLiveView(view, event);
      onProgress({ event, view });
    };
  }

  /** The call's telemetry, when a provider is registered or the call asks for its timings (telemetry/). */
  private observe(call: CodeToolCall): ReturnType<typeof observeCall> {
    const { tool, callId, args } = call;
    const setup = { runId: this.runId, agentId: this.agentId, sandbox: this.sandboxLabels, secretValues: this.secretValues, options: this.telemetry };
    return observeCall({ ...setup, tool, callId, args, timings: call.timings === true });
  }

  /** Run one call. Never throws: whatever goes wrong is a failed call the model can read. */
  async call(call: CodeToolCall): Promise<CodeToolResult> {
    // Without a provider and without timings the call builds nothing for its telemetry.
    const observing = call.timings === true || otelRegistered() ? this.observe(call) : undefined;
    const observation = observing instanceof Promise ? await observing : observing;
    let args: Record<string, unknown> = {};
    try {
      args = isPlainObject(call.args) ? call.args : argumentObject(String(call.tool), call.args);
    } catch {
      // Reported by checkCall below; the row makes do without arguments.
    }
    let envelope: Envelope;
    try {
      const progress = call.onProgress !== undefined || observation?.asksProgress === true;
      const checked = this.checkCall(call.tool, call.args, call.callId, progress, observation?.ask);
      const live = this.liveProgress(call, checked, args);
      const onProgress = observation?.recording === true ? observation.progressHandler(live) : live;
      const helperCall = { checked, env: this.env, timeoutMs: helperTimeoutMs(checked), signal: call.signal, onProgress, timeline: observation?.timeline };
      envelope = await (observation === undefined ? this.runner.answer(helperCall) : observation.within(() => this.runner.answer(helperCall)));
    } catch (error) {
      envelope =
        error instanceof ToolError
          ? { ok: false, error: error.message, kind: error.kind }
          : { ok: false, error: `code tools: ${String(error)}`, kind: 'internal' };
    }
    return observation === undefined ? this.finished(call, args, envelope) : this.observed(observation, call, args, envelope);
  }

  private finished(call: CodeToolCall, args: Record<string, unknown>, envelope: Envelope): CodeToolResult {
    try {
      return this.finish(call, args, envelope);
    } catch (error) {
      return this.finish(call, args, { ok: false, error: `code tools: ${String(error)}`, kind: 'internal' });
    }
  }

  /** The result of an observed call: its envelope without the helper's telemetry fields, its span ended, its timings when asked. */
  private observed(observation: CallObservation, call: CodeToolCall, args: Record<string, unknown>, envelope: Envelope): CodeToolResult {
    const result = this.finished(call, args, observation.take(envelope));
    const timings = observation.end(result, call.signal?.aborted === true);
    if (timings !== undefined) {
      result.timings = timings;
      result.metadata = [...result.metadata, timingField(timings)];
    }
    return result;
  }

  private finish(call: CodeToolCall, args: Record<string, unknown>, envelope: Envelope): CodeToolResult {
    const tool = String(call.tool);
    const pipeline = { secretValues: this.secretValues, remainingToolCalls: call.remainingToolCalls };
    if (!envelope.ok) {
      const { text, cut } = applyPipeline(envelope.error, pipeline);
      const failed: CodeToolResult = { ok: false, text, summary: rowSummary(tool, args), meta: {}, metadata: metadataView(call.callId, tool, {}), cut };
      if (envelope.kind !== undefined) failed.kind = envelope.kind;
      return failed;
    }
    const view = descriptorNamed(tool)?.view;
    const meta: Meta = { ...envelope.meta };
    let text = envelope.text;
    let repeatOf: number | undefined;
    // Without a usable result seq no step can be named, and no later read could tell what came before it.
    const facts = view?.foldsRepeatedReads === true && Number.isSafeInteger(call.resultSeq) ? readFacts(meta) : null;
    if (facts?.range) {
      const earlier = this.history.findRepeat(call.resultSeq, facts.path, facts.contentHash, facts.range);
      if (earlier) {
        repeatOf = earlier.seq;
        text = pointerText(facts.displayPath, facts.range, earlier.seq);
        meta.repeat_of = earlier.seq;
      }
    }
    const shaped = applyPipeline(text, pipeline);
    if (facts?.range && repeatOf === undefined && !shaped.cut) {
      this.history.record({ seq: call.resultSeq, path: facts.path, contentHash: facts.contentHash, range: facts.range });
    }
    const result: CodeToolResult = {
      ok: true,
      text: shaped.text,
      summary: rowSummary(tool, args, { meta, repeatOf }),
      meta,
      metadata: metadataView(call.callId, tool, meta),
      cut: shaped.cut,
    };
    if (view?.block !== undefined) result.block = view.block(args, meta, redact(text, this.secretValues));
    return result;
  }
}

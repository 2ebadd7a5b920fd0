// The orchestrator side of the code tools, as a platform imports it. The local sandbox is exported
// from ./sandboxes/local/sandbox.js on its own, being the one part that needs node: modules.
export { SandboxRunner, type HelperCall, type HelperRunner } from './runner.js';
export { WarmRunner, warmRunnerOf, isReadOnly } from './warm-runner.js';
export { CodeToolRun, argumentObject, type CodeToolCall, type CodeToolResult, type CodeToolsConfig, type LiveUpdate } from './code-tools.js';
export { LIVE_LIMITS, nextLiveView, startLiveView, type LiveLimits, type LiveStep, type LiveView } from './view/live.js';
export { STEP_KINDS, type ProgressEvent, type StepKind } from '../contract/live-calls.js';
export {
  CODE_TOOL_DECLARATIONS,
  codeToolDeclarations,
  isCodeTool,
  type ArgumentSchema,
  type ParametersSchema,
  type ToolDeclaration,
} from './declarations.js';
export { applyPipeline, PLATFORM_RESULT_MAX_BYTES, REDACTION_MASK, redact, redactCut, redactProgressEvent } from './pipeline.js';
export { argumentsNotJson, argumentsNotObject, pointerText, PROGRESS_NOT_STREAMED, remainingToolCallsTrailer, unknownTool } from './format.js';
export { ReadHistory, type ReadRecord } from './reads.js';
export {
  defaultCwdFor,
  helperEnvironment,
  helperTimeoutMs,
  OP_TIMEOUT_SECONDS,
  RESULT_MAX_BYTES_SETTING,
  resultMaxBytes,
  SHELL_TIMEOUT_MARGIN_SECONDS,
  wireRequest,
  type HelperRequest,
  type Repository,
} from './request.js';
export { codeTaskBlock, renderCodeTaskBlock, type CodeTaskBlock } from '../tools/code_task/block.js';
export {
  DEFAULT_HARNESS_COMMAND,
  DEFAULT_HELPER_COMMAND,
  DEFAULT_RUN_DIR,
  ExecExpiration,
  execRequest,
  type ExecRequest,
  type ExecResult,
  type Expired,
  type ExpirationActions,
  type OpenedExec,
  type OpenHandlers,
  type Sandbox,
  WARM_STREAM_NODE_FLAGS,
  warmStreamArgv,
} from './sandbox.js';
export { metadataView, rowSummary, type MetadataField } from './summary.js';
export { HELPER_FAILED, helperCommandFor, REQUEST_ARGUMENT_MAX_BYTES, runHelper } from './transport.js';
export * from './view/index.js';
export type { TelemetryOptions } from './telemetry/call-telemetry.js';
export { GENAI_CONVENTIONS, type CallOutcome, type FallbackReason } from './telemetry/conventions.js';
export { CallTimeline, type CallTimings, type TimingPart, type TimingPartName } from './telemetry/timeline.js';

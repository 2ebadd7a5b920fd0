// Everything the orchestrator decides before the helper runs: the request, its byte cap, where a
// run starts, how long to wait, and the environment. Pure.
import { PLATFORM_RESULT_MAX_BYTES, RESULT_DEFAULT_MAX_BYTES, RESULT_MIN_MAX_BYTES } from '../limits.js';
import type { ToolDescriptor } from '../tools/descriptor.js';
import { TOOL_DESCRIPTORS } from '../tools/descriptors.js';
import type { Request } from '../contract/request.js';
import { progressField } from '../contract/live-calls.js';
import type { CheckedRequest, OpName, ValidatedArgs } from '../contract/tools/index.js';
import {
  HANDED_ON_EXTRA_CA_CERTS_VARIABLE,
  NODE_EXTRA_CA_CERTS_VARIABLE,
  REPO_TOKENS_VARIABLE,
} from '../contract/environment.js';

export { OP_TIMEOUT_SECONDS, SHELL_TIMEOUT_MARGIN_SECONDS } from '../limits.js';

/** The platform setting that sets the helper's result cap. */
export const RESULT_MAX_BYTES_SETTING = 'CODE_RESULT_MAX_BYTES';
/** Where repositories live in the agent's home. */
export const REPOSITORIES_FOLDER = 'repos';

/** The request as it travels (section 2 of the spec). */
export interface HelperRequest {
  op: OpName;
  args: ValidatedArgs;
  run_id: string;
  agent_id: string;
  call_id: string;
  default_cwd: string;
  max_bytes: number;
  /** Only when the caller asked for progress (SPEC section 9): without it the line is as before. */
  progress?: true | { heartbeat_ms: number };
  /** Only when a span records the call, or the app asked for timings: meta.timings_us and meta.elided_bytes. */
  telemetry?: true;
  /** The call's W3C trace context, only while a span records the call: its commands get TRACEPARENT and TRACESTATE. */
  traceparent?: string;
  tracestate?: string;
}

/** A checked request as it travels to a helper process: snake_case, as the helper parses it. */
export function wireRequest(request: Request): HelperRequest {
  return {
    op: request.op,
    args: request.args,
    run_id: request.runId,
    agent_id: request.agentId,
    call_id: request.callId,
    default_cwd: request.defaultCwd,
    max_bytes: request.maxBytes,
    ...(request.progress === null ? {} : { progress: progressField(request.progress) }),
    ...(request.telemetry === true ? { telemetry: true } : {}),
    ...(request.traceContext === undefined ? {} : { ...request.traceContext }),
  };
}

export interface Repository {
  /** The repository's folder name under repos/ in the agent's home. */
  name: string;
  /** The token that gh and git pushes use inside this repository (GH_TOKEN), if any. */
  token?: string | undefined;
}

/**
 * The result cap from CODE_RESULT_MAX_BYTES as configured: a whole number of bytes, raised to the
 * minimum when below it, lowered to the platform's cap when above it; anything else (absent, empty,
 * "8k", "1e4", negative) is the default. Above the platform's cap the helper would shape a text that
 * the platform's blunt cut then clips mid-line, losing a command's last lines and exit code, or a
 * read's continue line; at the platform's cap the helper's own shaping decides what is kept.
 */
export function resultMaxBytes(setting: string | number | undefined): number {
  let value: number;
  if (typeof setting === 'number') value = setting;
  else if (typeof setting === 'string' && /^\s*\d+\s*$/.test(setting)) value = Number(setting);
  else return RESULT_DEFAULT_MAX_BYTES;
  if (!Number.isSafeInteger(value) || value < 0) return RESULT_DEFAULT_MAX_BYTES;
  return Math.min(PLATFORM_RESULT_MAX_BYTES, Math.max(RESULT_MIN_MAX_BYTES, value));
}

/** The folder of a repository, relative to the home. */
export function repositoryFolder(name: string): string {
  return `${REPOSITORIES_FOLDER}/${name}`;
}

/** A run starts in the repository when the guild has exactly one, else in the home (""). */
export function defaultCwdFor(repositories: readonly Repository[]): string {
  return repositories.length === 1 ? repositoryFolder(repositories[0]!.name) : '';
}

/** A repository name must stay one folder below repos/: it becomes a path in the home. */
export function checkRepositoryName(name: string): void {
  if (name === '' || name === '.' || name === '..' || /[/\0]/.test(name)) {
    throw new TypeError(`invalid repository name ${JSON.stringify(name)}: it must be one folder name`);
  }
}


/**
 * How long to wait for the helper, as the tool's descriptor says from the resolved arguments: 120 s
 * for an op; for shell its own timeout plus the margin in which the helper stops the command and
 * answers; for code_task its minutes plus a minute.
 */
export function helperTimeoutMs(checked: CheckedRequest): number {
  const descriptor = TOOL_DESCRIPTORS[checked.op] as ToolDescriptor<OpName>;
  return descriptor.timeoutMs(checked.args);
}

/**
 * The helper's environment: the agent's own (its port block, its secrets: every command it runs
 * gets them), the repository tokens as JSON, and NODE_EXTRA_CA_CERTS moved aside. Node parses the
 * whole CA bundle at start when that variable is set, which costs every cold helper start; an empty
 * value makes Node skip it, and the helper hands the real value back to the commands it runs.
 */
export function helperEnvironment(
  agentEnv: Readonly<Record<string, string>>,
  repositories: readonly Repository[],
  folderTokens: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const env: Record<string, string> = { ...agentEnv };
  delete env[REPO_TOKENS_VARIABLE];
  const tokens: Record<string, string> = { ...folderTokens };
  for (const repository of repositories) {
    if (repository.token) tokens[repositoryFolder(repository.name)] = repository.token;
  }
  if (Object.keys(tokens).length > 0) env[REPO_TOKENS_VARIABLE] = JSON.stringify(tokens);
  const extraCaCerts = env[NODE_EXTRA_CA_CERTS_VARIABLE];
  if (extraCaCerts) {
    env[HANDED_ON_EXTRA_CA_CERTS_VARIABLE] = extraCaCerts;
    env[NODE_EXTRA_CA_CERTS_VARIABLE] = '';
  }
  return env;
}

// Decoding and validating a request before anything runs. Pure: bytes in, a request or a ToolError out.
import {
  RESULT_CEILING_MAX_BYTES,
  RESULT_DEFAULT_MAX_BYTES,
  RESULT_MIN_MAX_BYTES,
} from '../limits.js';
import { isPlainObject, STRICT_BASE64 } from './encoding.js';
import { isValidId } from './ids.js';
import { invalidArgument, invalidRequest, requestReasons as reasons } from './errors.js';
import { HELPER_OF_TOOL, OP_NAMES, type OpName } from './registry.js';
import { progressAskOf, type ProgressAsk } from './live-calls.js';
import { telemetryAskOf, traceContextOf, type TraceContext } from './telemetry.js';
import { envChangeOf, type EnvChange } from './call-env.js';
import type { ToolSpec, ValidatedArgs } from './tools/spec.js';

export interface Request {
  op: OpName;
  /** Checked against the tool's spec; each tool's contract (src/tools/<tool>/contract.ts) resolves defaults and bounds. */
  args: ValidatedArgs;
  runId: string;
  agentId: string;
  callId: string;
  defaultCwd: string;
  maxBytes: number;
  /** What progress the call reports while it runs (SPEC section 9); null: none. A cold call reports none. */
  progress: ProgressAsk | null;
  /** The call asks for the meta's telemetry fields: the helper's phases, an elision's size (src/contract/telemetry.ts); absent: none. */
  telemetry?: true;
  /** The call's trace context, which every command it starts gets as TRACEPARENT and TRACESTATE; absent: none. */
  traceContext?: TraceContext;
  /** A warm call's environment, as the change from its stream helper's own (src/contract/call-env.ts); absent: the helper's own. */
  env?: EnvChange;
}

/** Strict standard base64 with padding: a stray character is refused, never skipped. */
export function decodeBase64Strict(text: string): Uint8Array {
  if (text.length === 0) throw invalidRequest(reasons.emptyArgument);
  if (!STRICT_BASE64.test(text)) throw invalidRequest(reasons.notBase64);
  return Buffer.from(text, 'base64');
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true });

/** The specs of the tools a helper runs, by name: a bundle validates against its own tools only. */
export type SpecTable = { readonly [Name in OpName]?: ToolSpec };

/**
 * The request of these bytes, checked. `parsed` is the JSON the loader already parsed (when it read
 * exactly this text, its value is taken rather than parsed again).
 */
export function parseRequestBytes(bytes: Uint8Array, specs: SpecTable, parsed?: { text: string; value: unknown }): Request {
  let text: string;
  try {
    text = utf8Strict.decode(bytes);
  } catch {
    throw invalidRequest(reasons.notUtf8);
  }
  if (parsed !== undefined && parsed.text === text) return validateRequestWith(parsed.value, specs);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidRequest(reasons.notJson);
  }
  return validateRequestWith(value, specs);
}

function validId(value: unknown, field: string): string {
  if (typeof value !== 'string') throw invalidRequest(reasons.notString(field));
  if (!isValidId(value)) throw invalidRequest(reasons.notId(field));
  return value;
}

/** The tools of each table, in the contract's order (the order an error lists them); a table never changes. */
const knownOfTable = new WeakMap<SpecTable, readonly OpName[]>();

function knownOf(specs: SpecTable): readonly OpName[] {
  let known = knownOfTable.get(specs);
  if (known === undefined) {
    known = OP_NAMES.filter((name) => specs[name] !== undefined);
    knownOfTable.set(specs, known);
  }
  return known;
}

/** Check a request against the specs of the tools the answering helper runs. */
export function validateRequestWith(value: unknown, specs: SpecTable): Request {
  const known = knownOf(specs);
  if (!isPlainObject(value)) throw invalidRequest(reasons.notObject);
  const op = value.op;
  if (typeof op !== 'string') throw invalidRequest(reasons.notString('op'));
  if (!(known as readonly string[]).includes(op)) {
    if (Object.hasOwn(HELPER_OF_TOOL, op)) throw invalidRequest(reasons.runByOtherHelper(op, HELPER_OF_TOOL[op as OpName], known));
    throw invalidRequest(reasons.unknownOp(op, known));
  }
  const runId = validId(value.run_id, 'run_id');
  const agentId = validId(value.agent_id, 'agent_id');
  const callId = validId(value.call_id, 'call_id');

  let defaultCwd = '';
  if (value.default_cwd !== undefined && value.default_cwd !== null) {
    if (typeof value.default_cwd !== 'string') throw invalidRequest(reasons.notString('default_cwd'));
    if (value.default_cwd.includes('\0')) throw invalidRequest(reasons.hasNul('default_cwd'));
    defaultCwd = value.default_cwd;
  }

  let maxBytes = RESULT_DEFAULT_MAX_BYTES;
  if (value.max_bytes !== undefined && value.max_bytes !== null) {
    if (typeof value.max_bytes !== 'number' || !Number.isInteger(value.max_bytes)) throw invalidRequest(reasons.notWholeNumber('max_bytes'));
    maxBytes = Math.min(RESULT_CEILING_MAX_BYTES, Math.max(RESULT_MIN_MAX_BYTES, value.max_bytes));
  }

  const progress = progressAskOf(value.progress);
  const telemetry = telemetryAskOf(value.telemetry);
  const traceContext = traceContextOf(value.traceparent, value.tracestate);
  const env = envChangeOf(value.env);

  const rawArgs = value.args ?? {};
  if (!isPlainObject(rawArgs)) throw invalidRequest(reasons.notJsonObject('args'));
  const args = checkArgs(op as OpName, specs[op as OpName]!, rawArgs);
  const request: Request = { op: op as OpName, args, runId, agentId, callId, defaultCwd, maxBytes, progress };
  if (telemetry) request.telemetry = true;
  if (traceContext !== null) request.traceContext = traceContext;
  if (env !== undefined) request.env = env;
  return request;
}

/** Check a tool's arguments against its spec; null counts as absent, as models often send it. */
export function checkArgs(op: OpName, spec: ToolSpec, raw: Record<string, unknown>): ValidatedArgs {
  const args: ValidatedArgs = {};
  for (const key of Object.keys(raw)) {
    // Own keys only: `constructor` or `__proto__` must not pass as known arguments.
    if (!Object.hasOwn(spec.args, key)) throw invalidArgument(op, reasons.unknownArgument(key, Object.keys(spec.args)));
  }
  for (const [name, arg] of Object.entries(spec.args)) {
    const value = raw[name];
    if (value === undefined || value === null) {
      if (arg.required) throw invalidArgument(op, reasons.required(name));
      continue;
    }
    switch (arg.type) {
      case 'string':
        if (typeof value !== 'string') throw invalidArgument(op, reasons.notString(name));
        if (arg.values && !arg.values.includes(value)) throw invalidArgument(op, reasons.notOneOf(name, arg.values));
        break;
      case 'integer':
        if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw invalidArgument(op, reasons.notWholeNumber(name));
        break;
      case 'boolean':
        if (typeof value !== 'boolean') throw invalidArgument(op, reasons.notBoolean(name));
        break;
    }
    args[name] = value;
  }
  return args;
}

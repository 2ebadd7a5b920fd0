// From the command-line argument to the envelope: decode, validate, resolve the tool's arguments, run
// it, cap the text. Shared by every bundle; each passes the table of the tools it runs.
import { REQUEST_FILE_MAX_BYTES } from './limits.js';
import type { Io } from './io/types.js';
import { invalidRequest, requestReasons as reasons, type ToolError } from './contract/errors.js';
import { failureEnvelope, okEnvelope, type Envelope, type Meta } from './contract/envelope.js';
import { decodeBase64Strict, parseRequestBytes, validateRequestWith, type Request } from './contract/request.js';
import { NOT_ROOTS_CODE, requestFilePlace, requestsFolderOf, type TakenRequestFile } from './contract/request-file.js';
import type { HandedOnRequest } from './boot/handoff.js';
import type { OpName } from './contract/tool-names.js';
import { checkedWith, type CheckedRequest } from './contract/tools/checked.js';
import { errorCode } from './text/errno.js';
import { capText } from './text/utf8.js';
import { specsOf, type Context, type OpResult, type OpTable, type ToolEntry } from './tools/context.js';
import { loadWorkingDirectory } from './workspace/workdir.js';
import { noteRunUse } from './workspace/runs.js';
import type { Stop } from './io/stop.js';
import { NO_PROGRESS, type Progress } from './io/progress.js';

/**
 * The request file's bytes: the file placed (src/contract/request-file.ts), then taken, read once
 * and deleted, without following a link (src/io/node/request-file.ts). The loader takes it before a
 * helper started as root acts as the agent and hands on what it found (`taken`); a body run without
 * the loader takes it here.
 */
export function readRequestFile(io: Io, path: string, taken?: TakenRequestFile): Uint8Array {
  const place = requestFilePlace(io.runDir, path);
  if ('refused' in place) {
    throw invalidRequest(place.refused === 'outside' ? reasons.requestFileOutside(requestsFolderOf(io.runDir)) : reasons.requestFileMisnamed(path));
  }
  if (taken !== undefined && taken.path === path) {
    if ('bytes' in taken) return taken.bytes;
    throw requestFileFailure(path, taken.code);
  }
  try {
    return io.fs.takeFile(place.folder, place.name, REQUEST_FILE_MAX_BYTES);
  } catch (error) {
    throw requestFileFailure(path, errorCode(error));
  }
}

function requestFileFailure(path: string, code: string | undefined): ToolError {
  switch (code) {
    case 'ENOENT':
      return invalidRequest(reasons.noRequestFile(path));
    case 'EFBIG':
      return invalidRequest(reasons.requestFileTooLarge(REQUEST_FILE_MAX_BYTES));
    case 'EISDIR':
    case 'EFTYPE':
    case 'ELOOP':
      return invalidRequest(reasons.requestFileNotRegular(path));
    case NOT_ROOTS_CODE:
      return invalidRequest(reasons.requestFileNotRoots(path));
    default:
      return invalidRequest(reasons.requestFileUnreadable(path, code));
  }
}

/** A request, checked against the bundle's tools and its arguments resolved. */
export function checkedOf(request: Request, ops: OpTable): CheckedRequest {
  return checkedWith(request, (op, args) => (ops[op] as ToolEntry<OpName>).resolve(args));
}

/**
 * A request's JSON bytes, checked and resolved. `parsed`: a warm stream's line already parsed (its
 * `value`), or the JSON text the loader parsed for a cold call (taken when the bytes hold that text).
 */
export function checkedRequest(bytes: Uint8Array, ops: OpTable, parsed?: { value: unknown } | { text: string; value: unknown }): CheckedRequest {
  let request: Request;
  if (parsed === undefined || 'text' in parsed) request = parseRequestBytes(bytes, specsOf(ops), parsed);
  else request = validateRequestWith(parsed.value, specsOf(ops));
  return checkedOf(request, ops);
}

/** The command-line argument's request, checked against the bundle's tools and its arguments resolved. */
export function decodeArgument(io: Io, argument: string | undefined, ops: OpTable, handedOn?: HandedOnRequest): CheckedRequest {
  if (argument === undefined) throw invalidRequest(reasons.noArgument);
  const bytes = argument.startsWith('/') ? readRequestFile(io, argument, handedOn?.file) : decodeBase64Strict(argument);
  return checkedRequest(bytes, ops, handedOn?.parsed ?? undefined);
}

/** The tool's run step on the checked request's resolved arguments. */
export function runTool(ops: OpTable, checked: CheckedRequest, context: Context): OpResult<object> | Promise<OpResult<object>> {
  const tool = ops[checked.op] as ToolEntry<OpName>;
  return tool.run(context, checked.args as never);
}

/** From the command-line argument to the envelope, in one step, as a cold helper takes its call. */
export async function handle(io: Io, argument: string | undefined, ops: OpTable, stop: Stop): Promise<Envelope> {
  try {
    return await runCheckedCall(io, decodeArgument(io, argument, ops), ops, stop);
  } catch (error) {
    return failureEnvelope(error);
  }
}

/**
 * A call's run, for a request checked and resolved: the run noted, its working directory, the tool,
 * the text capped. Never throws. Every host runs it through src/call-host.ts; the MCP server's calls
 * reach it with no argument, JSON or base64 between.
 */
export async function runCheckedCall(io: Io, checked: CheckedRequest, ops: OpTable, stop: Stop, progress: Progress = NO_PROGRESS): Promise<Envelope> {
  const { request } = checked;
  try {
    noteRunUse(io, request.runId, request.agentId);
    const cwd = loadWorkingDirectory(io, request.runId, request.defaultCwd);
    const result = await runTool(ops, checked, { io, request, cwd, stop, progress });
    return okEnvelope(capText(result.text, request.maxBytes), result.meta as Meta);
  } catch (error) {
    return failureEnvelope(error);
  }
}

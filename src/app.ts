// From the command-line argument to the envelope: decode, validate, resolve the tool's arguments, run
// it, cap the text. Shared by every bundle; each passes the table of the tools it runs.
import { REQUEST_FILE_MAX_BYTES } from './limits.js';
import type { Io } from './io/types.js';
import { invalidRequest, requestReasons as reasons } from './contract/errors.js';
import { failureEnvelope, okEnvelope, type Envelope, type Meta } from './contract/envelope.js';
import { decodeBase64Strict, isRequestFileName, parseRequestBytes, validateRequestWith, type Request } from './contract/request.js';
import type { OpName } from './contract/tool-names.js';
import { checkedWith, type CheckedRequest } from './contract/tools/checked.js';
import { errorCode } from './text/errno.js';
import { baseName, dirName, joinPath, normalizeAbsolute } from './text/paths.js';
import { capText } from './text/utf8.js';
import { specsOf, type Context, type OpResult, type OpTable, type ToolEntry } from './tools/context.js';
import { loadWorkingDirectory } from './workspace/workdir.js';
import { noteRunUse } from './workspace/runs.js';
import type { Stop } from './io/stop.js';
import { NO_PROGRESS, type Progress } from './io/progress.js';
import { helperTimings, TIMINGS_META_FIELD } from './contract/telemetry.js';

export function requestsFolder(io: Io): string {
  return joinPath(io.runDir, 'requests');
}

/**
 * A request file is read and then deleted, so only a plain file directly inside the requests folder,
 * named as a request is (`<run_id>-<call_id>.json`), is accepted: any other path would let a caller
 * make the helper delete that file, and any other name may be a writer's temporary file.
 */
export function readRequestFile(io: Io, path: string): Uint8Array {
  if (
    path.includes('\0') ||
    normalizeAbsolute(path) !== path ||
    dirName(path) !== requestsFolder(io)
  ) {
    throw invalidRequest(reasons.requestFileOutside(requestsFolder(io)));
  }
  if (!isRequestFileName(baseName(path))) {
    throw invalidRequest(reasons.requestFileMisnamed(path));
  }
  const info = io.fs.lstat(path);
  if (info === null) throw invalidRequest(reasons.noRequestFile(path));
  if (info.kind !== 'file') throw invalidRequest(reasons.requestFileNotRegular(path));
  try {
    // Read bounded and without blocking: the file may be swapped for a FIFO or a link to a device
    // after the check above.
    return io.fs.readFile(path, REQUEST_FILE_MAX_BYTES);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EFBIG') throw invalidRequest(reasons.requestFileTooLarge(REQUEST_FILE_MAX_BYTES));
    if (code === 'EISDIR' || code === 'EFTYPE') throw invalidRequest(reasons.requestFileNotRegular(path));
    throw invalidRequest(reasons.requestFileUnreadable(path, code));
  } finally {
    removeRequestFile(io, path);
  }
}

/**
 * A request file that cannot be deleted (it became a folder, the file system is read-only) is left
 * where it is: the call's own answer matters more, and an error here would hide why the read failed.
 */
function removeRequestFile(io: Io, path: string): void {
  try {
    io.fs.removeFile(path);
  } catch {
    // Left in place; the next request has its own name.
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
export function decodeArgument(io: Io, argument: string | undefined, ops: OpTable, parsed?: { text: string; value: unknown }): CheckedRequest {
  if (argument === undefined) throw invalidRequest(reasons.noArgument);
  return checkedRequest(argument.startsWith('/') ? readRequestFile(io, argument) : decodeBase64Strict(argument), ops, parsed);
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
 * reach it with no argument, JSON or base64 between. `origin`: when the helper began on this call, on
 * performance.now()'s clock (0, a cold helper's process start), for the phases a request may ask for.
 */
export async function runCheckedCall(
  io: Io,
  checked: CheckedRequest,
  ops: OpTable,
  stop: Stop,
  progress: Progress = NO_PROGRESS,
  origin?: number,
): Promise<Envelope> {
  const { request } = checked;
  // Read only when asked: a call that does not ask costs one test.
  const runStart = request.telemetry === true ? performance.now() : 0;
  try {
    noteRunUse(io, request.runId, request.agentId);
    const cwd = loadWorkingDirectory(io, request.runId, request.defaultCwd);
    const result = await runTool(ops, checked, { io, request, cwd, stop, progress });
    if (request.telemetry !== true) return okEnvelope(capText(result.text, request.maxBytes), result.meta as Meta);
    const runEnd = performance.now();
    const text = capText(result.text, request.maxBytes);
    const meta: Meta = { ...(result.meta as Meta) };
    meta[TIMINGS_META_FIELD] = helperTimings(origin ?? runStart, runStart, runEnd, performance.now());
    return okEnvelope(text, meta);
  } catch (error) {
    return failureEnvelope(error);
  }
}

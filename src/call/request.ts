// A call's request, from the command-line argument (base64 JSON, or a request file) or a warm stream's
// line to a checked request: decoded, validated against the bundle's own tools, its arguments
// resolved. Shared by every bundle; each passes the table of the tools it runs. Its host runs it
// (src/call/host.ts).
import { REQUEST_FILE_MAX_BYTES } from '../limits.js';
import type { Io } from '../io/types.js';
import { invalidRequest, requestReasons as reasons, type ToolError } from '../contract/errors.js';
import { decodeBase64Strict, parseRequestBytes, validateRequestWith, type Request } from '../contract/request.js';
import { NOT_ROOTS_CODE, requestFilePlace, requestsFolderOf, type TakenRequestFile } from '../contract/request-file.js';
import type { HandedOnRequest } from '../boot/handoff.js';
import type { OpName } from '../contract/registry.js';
import { checkedWith, type CheckedRequest } from '../contract/tools/checked.js';
import { errorCode } from '../text/errno.js';
import { specsOf, type OpTable, type ToolEntry } from '../tools/context.js';

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
  const checked = checkedRequest(bytes, ops, handedOn?.parsed ?? undefined);
  if (checked.request.env !== undefined) throw invalidRequest(reasons.envOnlyOverStream);
  return checked;
}

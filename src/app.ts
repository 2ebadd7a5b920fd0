// From the command-line argument to the envelope: decode, validate, run the op, cap the text.
import { REQUEST_FILE_MAX_BYTES } from './limits.js';
import { errorCode, type Io } from './io/types.js';
import { describeFailure, errorEnvelope, okEnvelope, ToolError, type Envelope } from './protocol/envelope.js';
import { decodeBase64Strict, parseRequestBytes, type Request } from './protocol/request.js';
import { baseName, dirName, joinPath, normalizeAbsolute } from './paths.js';
import { capText } from './shape/utf8.js';
import { OPS } from './ops/index.js';
import { loadWorkingDirectory } from './ops/workdir.js';
import { noteRunUse } from './ops/runs.js';

export function requestsFolder(io: Io): string {
  return joinPath(io.runDir, 'requests');
}

/**
 * A request file is read and then deleted, so only a plain file directly inside the requests folder
 * is accepted: any other path would let a caller make the helper delete that file.
 */
export function readRequestFile(io: Io, path: string): Uint8Array {
  const name = baseName(path);
  if (
    path.includes('\0') ||
    normalizeAbsolute(path) !== path ||
    dirName(path) !== requestsFolder(io) ||
    name === '' ||
    name.startsWith('.')
  ) {
    throw new ToolError(`invalid request: a request file must lie directly in ${requestsFolder(io)}/`);
  }
  const info = io.fs.lstat(path);
  if (info === null) throw new ToolError(`invalid request: no request file at ${path}`);
  if (info.kind !== 'file') throw new ToolError(`invalid request: ${path} is not a regular file`);
  try {
    // Read bounded and without blocking: the file may be swapped for a FIFO or a link to a device
    // after the check above.
    return io.fs.readFile(path, REQUEST_FILE_MAX_BYTES);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EFBIG') throw new ToolError(`invalid request: the request file passes ${REQUEST_FILE_MAX_BYTES} bytes`);
    if (code === 'EISDIR' || code === 'EFTYPE') throw new ToolError(`invalid request: ${path} is not a regular file`);
    throw new ToolError(`invalid request: cannot read ${path}: ${code ?? 'unknown error'}`);
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

export function decodeArgument(io: Io, argument: string | undefined): Request {
  if (argument === undefined) throw new ToolError('invalid request: no argument (expected base64 JSON or a request file)');
  const bytes = argument.startsWith('/') ? readRequestFile(io, argument) : decodeBase64Strict(argument);
  return parseRequestBytes(bytes);
}

export async function handle(io: Io, argument: string | undefined): Promise<Envelope> {
  try {
    const request = decodeArgument(io, argument);
    noteRunUse(io, request.runId, request.agentId);
    const cwd = loadWorkingDirectory(io, request.runId, request.defaultCwd);
    const result = await OPS[request.op]({ io, request, cwd });
    return okEnvelope(capText(result.text, request.maxBytes), result.meta);
  } catch (error) {
    return errorEnvelope(describeFailure(error));
  }
}

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
    if (info.size > REQUEST_FILE_MAX_BYTES) {
      throw new ToolError(`invalid request: the request file passes ${REQUEST_FILE_MAX_BYTES} bytes`);
    }
    return io.fs.readFile(path);
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw new ToolError(`invalid request: cannot read ${path}: ${errorCode(error) ?? 'unknown error'}`);
  } finally {
    io.fs.removeFile(path);
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

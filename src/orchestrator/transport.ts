// One helper run: the request on the command line (or in a request file when too long), the
// envelope back. Whatever the helper or the sandbox does, the answer is an envelope.
import {
  HELPER_STDERR_LINE_MAX_CHARS,
  HELPER_STDERR_TAIL_LINES,
  REQUEST_ARGUMENT_MAX_BYTES,
  SANDBOX_GRACE_MS,
  SWEEP_EXEC_TIMEOUT_MS,
} from '../limits.js';
import { callKey } from '../io/call-mark.js';
import { RUN_DIR_VARIABLE } from '../contract/environment.js';
import { isPlainObject, STRICT_BASE64 } from '../contract/encoding.js';
import type { Envelope, Meta } from '../contract/envelope.js';
import { ERROR_KINDS, type ErrorKind } from '../contract/errors.js';
import { clipChars } from '../text/clip.js';
import { HELPER_OF_TOOL } from '../contract/registry.js';
import { DEFAULT_HARNESS_COMMAND, DEFAULT_HELPER_COMMAND, DEFAULT_RUN_DIR, SWEEP_ARGUMENT, execRequest, type ExecResult, type Sandbox } from './sandbox.js';
import type { HelperRequest } from './request.js';
import type { CallTimeline } from './telemetry/timeline.js';

export { HELPER_STDERR_LINE_MAX_CHARS, HELPER_STDERR_TAIL_LINES, REQUEST_ARGUMENT_MAX_BYTES, SANDBOX_GRACE_MS } from '../limits.js';
export const HELPER_FAILED = 'code helper failed';

export function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

export function requestFilePath(runDir: string, runId: string, callId: string): string {
  return `${runDir.replace(/\/+$/, '')}/requests/${runId}-${callId}.json`;
}

/** The helper's argument: base64 while it fits, else the path of a request file to write first. */
export function requestArgument(
  request: HelperRequest,
  runDir: string,
): { argument: string; file?: { path: string; bytes: Uint8Array } } {
  const bytes = new TextEncoder().encode(JSON.stringify(request));
  const base64 = encodeBase64(bytes);
  if (base64.length <= REQUEST_ARGUMENT_MAX_BYTES) return { argument: base64 };
  const path = requestFilePath(runDir, request.run_id, request.call_id);
  return { argument: path, file: { path, bytes } };
}

/** The last lines of stderr that say anything, each clipped. */
export function stderrTail(stderr: string): string[] {
  const lines = stderr.replace(/\r\n?/g, '\n').split('\n').map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines
    .slice(-HELPER_STDERR_TAIL_LINES)
    .map((line) => clipChars(line, HELPER_STDERR_LINE_MAX_CHARS));
}

/** `code helper failed: <why>`, then the last lines of the helper's stderr. */
export function helperFailure(reason: string, stderr = ''): Envelope {
  const tail = stderrTail(stderr);
  return { ok: false, error: [`${HELPER_FAILED}: ${reason}`, ...tail].join('\n'), kind: 'unavailable' };
}

/** The envelope in one line of stdout, or null when there is none whole. */
export function parseEnvelopeLine(line: string): Envelope | null {
  if (line === '' || !STRICT_BASE64.test(line)) return null;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(line, 'base64')));
  } catch {
    return null;
  }
  return envelopeOf(value);
}

/** A JSON value read as an envelope, or null when it is none (the warm stream's lines carry the object). */
export function envelopeOf(value: unknown): Envelope | null {
  if (!isPlainObject(value)) return null;
  if (value.ok === true && typeof value.text === 'string') {
    if (value.meta !== undefined && !isPlainObject(value.meta)) return null;
    return { ok: true, text: value.text, meta: (value.meta as Meta | undefined) ?? {} };
  }
  if (value.ok === false && typeof value.error === 'string') {
    // A helper from before kinds, or one with a kind this side does not know yet, still fails plainly.
    const kind = (ERROR_KINDS as readonly unknown[]).includes(value.kind) ? (value.kind as ErrorKind) : undefined;
    return kind === undefined ? { ok: false, error: value.error } : { ok: false, error: value.error, kind };
  }
  return null;
}

function exitDescription(result: ExecResult): string {
  return result.exitCode === null ? 'it was stopped by a signal' : `exit status ${result.exitCode}`;
}

/** stdout's lines, the empty ones at its end dropped. */
function outputLines(result: ExecResult): string[] {
  const lines = result.stdout.split('\n').map((line) => line.replace(/\r$/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The helper's answer: the envelope in the last line of stdout, as the spec prints it; null when there is none. */
function answerOf(result: ExecResult): Envelope | null {
  if (result.timedOut) return null;
  const lines = outputLines(result);
  return lines.length === 0 ? null : parseEnvelopeLine(lines[lines.length - 1]!.trim());
}

/** What the helper's run comes to: its answer, or why there is none. */
export function envelopeFromExec(result: ExecResult, timeoutMs: number): Envelope {
  if (result.timedOut) return helperFailure(`no answer within ${timeoutMs / 1000} s`, result.stderr);
  if (outputLines(result).length === 0) return helperFailure(`no envelope (${exitDescription(result)})`, result.stderr);
  return answerOf(result) ?? helperFailure(`the answer is not an envelope (${exitDescription(result)})`, result.stderr);
}

/** What a sweep's helper needs of the call's environment: the home whose owner it acts as, and the state folder. */
function sweepEnvironment(env: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of ['HOME', RUN_DIR_VARIABLE]) if (env[name] !== undefined) kept[name] = env[name]!;
  return kept;
}

/**
 * A cold helper that gave no answer (stopped at its deadline, killed by the OOM killer) may have left
 * its command running: the helper keeps no watcher of its own (a shell call starts one process
 * besides the command's own), so its call is swept here, by the call's key, before the failure is
 * answered (src/sweep-main.ts). A sweep that fails or hangs is let go at SWEEP_EXEC_TIMEOUT_MS.
 */
export async function sweepCallOf(sandbox: Sandbox, request: HelperRequest, env: Readonly<Record<string, string>>): Promise<void> {
  const argv = [...(sandbox.helperCommand ?? DEFAULT_HELPER_COMMAND), SWEEP_ARGUMENT, callKey(request.agent_id, request.run_id, request.call_id)];
  const exec = execRequest(argv, sweepEnvironment(env), SWEEP_EXEC_TIMEOUT_MS);
  try {
    await within(sandbox.exec(exec).catch(() => undefined), SWEEP_EXEC_TIMEOUT_MS + SANDBOX_GRACE_MS, () => undefined);
  } finally {
    exec.expiration.dispose();
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A promise that settles as `work` does, or with `fallback` once `ms` pass. */
function within<T>(work: Promise<T>, ms: number, fallback: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => resolve(fallback()), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The command of the helper that runs the request's tool: guilds-harness for code_task, else guilds-code. */
export function helperCommandFor(sandbox: Sandbox, request: HelperRequest): readonly string[] {
  if (HELPER_OF_TOOL[request.op] === 'guilds-harness') return sandbox.harnessCommand ?? DEFAULT_HARNESS_COMMAND;
  return sandbox.helperCommand ?? DEFAULT_HELPER_COMMAND;
}

/**
 * Run the helper once and return its envelope. Never throws: a sandbox that fails, a helper that
 * dies, hangs, or prints anything but an envelope all come back as a `code helper failed` envelope.
 */
export async function runHelper(
  sandbox: Sandbox,
  request: HelperRequest,
  env: Readonly<Record<string, string>>,
  timeoutMs: number,
  graceMs: number = SANDBOX_GRACE_MS,
  signal?: AbortSignal,
  timeline?: CallTimeline,
): Promise<Envelope> {
  const { argument, file } = requestArgument(request, sandbox.runDir ?? DEFAULT_RUN_DIR);
  if (file) {
    const writing = timeline?.now();
    try {
      await sandbox.writeFile(file.path, file.bytes);
    } catch (error) {
      return helperFailure(`cannot write the request file ${file.path}: ${describe(error)}`);
    } finally {
      if (writing !== undefined) timeline?.part('request_file', writing);
    }
  }
  const exec = execRequest([...helperCommandFor(sandbox, request), argument], env, timeoutMs, signal);
  let result: ExecResult;
  const executing = timeline?.now();
  try {
    // The sandbox stops the helper at timeoutMs; a sandbox that does not answer either is not waited on.
    result = await within(sandbox.exec(exec), timeoutMs + graceMs, () => ({
      stdout: '',
      stderr: '',
      exitCode: null,
      timedOut: true,
    }));
  } catch (error) {
    return helperFailure(`the sandbox could not run it: ${describe(error)}`);
  } finally {
    exec.expiration.dispose();
    if (executing !== undefined) timeline?.part('exec', executing);
  }
  if (answerOf(result) === null) await sweepCallOf(sandbox, request, env);
  return envelopeFromExec(result, timeoutMs);
}

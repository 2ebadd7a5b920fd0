// The warm stream as a test drives it: `node guilds-code.js --serve` with stdin and stdout as pipes,
// request lines in, each answer line read back by its call_id. Every line it prints is checked to be
// an answer line; nothing may reach stderr.
import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import { sandboxEnv, type AnyEnvelope, type BundleSandbox } from './bundle.js';
import { BUNDLE } from './paths.js';

export interface AnswerLine {
  call_id: string | null;
  envelope: AnyEnvelope;
}

export interface ProgressLine {
  call_id: string;
  progress: Record<string, unknown> & { type: string; elapsed_ms: number };
}

export interface ServeProcess {
  child: ChildProcess;
  /** Write raw text to stdin (a request line is `JSON.stringify(request) + '\n'`). */
  write(text: string | Buffer): void;
  /** Send one request and wait for its answer. */
  call(request: Record<string, unknown>): Promise<AnyEnvelope>;
  /** The next answer line with this call_id (null: the next with call_id null). */
  answerOf(callId: string | null): Promise<AnyEnvelope>;
  /** Every answer line so far, in order. */
  lines: AnswerLine[];
  /** Every progress line so far, in order (SPEC section 9); none ever follows its call's answer. */
  progress: ProgressLine[];
  /** The progress events of one call so far, in order. */
  progressOf(callId: string): ProgressLine['progress'][];
  /** Every line so far, answers and progress, in order. */
  all: (AnswerLine | ProgressLine)[];
  /** Close stdin. */
  end(): void;
  /** The process's end: its status, its signal, and all of stderr. */
  done: Promise<{ status: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

/** `wrapper`: a program and its words that start the stream for the test (`unshare ...`), node's argv after them. */
export function startServe(sandbox: BundleSandbox, env: Record<string, string | undefined> = {}, bundle = BUNDLE, wrapper: readonly string[] = []): ServeProcess {
  const argv = [...wrapper, process.execPath, bundle, '--serve'];
  const child = spawn(argv[0]!, argv.slice(1), { env: sandboxEnv(sandbox, env), stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: AnswerLine[] = [];
  const progress: ProgressLine[] = [];
  const answered = new Set<string | null>();
  const all: (AnswerLine | ProgressLine)[] = [];
  // Answers not yet asked for, and askers not yet answered, by call_id, first come first served.
  const unclaimed = new Map<string | null, AnyEnvelope[]>();
  const waiting = new Map<string | null, ((envelope: AnyEnvelope) => void)[]>();
  let held = '';
  const deliver = (callId: string | null, envelope: AnyEnvelope): void => {
    const asker = waiting.get(callId)?.shift();
    if (asker !== undefined) asker(envelope);
    else unclaimed.set(callId, [...(unclaimed.get(callId) ?? []), envelope]);
  };
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    held += chunk;
    let newline: number;
    while ((newline = held.indexOf('\n')) !== -1) {
      const text = held.slice(0, newline);
      held = held.slice(newline + 1);
      const parsed = JSON.parse(text) as AnswerLine | ProgressLine;
      all.push(parsed);
      if ('progress' in parsed) {
        expect(Object.keys(parsed)).toEqual(['call_id', 'progress']);
        expect(answered.has(parsed.call_id), `a progress line after the answer of ${parsed.call_id}`).toBe(false);
        progress.push(parsed);
        continue;
      }
      const value = parsed;
      expect(Object.keys(value)).toEqual(['call_id', 'envelope']);
      lines.push(value);
      answered.add(value.call_id);
      deliver(value.call_id, value.envelope);
    }
  });
  const stderr: Buffer[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
  child.stdin!.on('error', () => undefined);
  const done = new Promise<{ status: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => {
    child.on('close', (status, signal) => resolve({ status, signal, stderr: Buffer.concat(stderr).toString('utf8') }));
  });
  const answerOf = (callId: string | null): Promise<AnyEnvelope> =>
    new Promise((resolve) => {
      const ready = unclaimed.get(callId)?.shift();
      if (ready !== undefined) resolve(ready);
      else waiting.set(callId, [...(waiting.get(callId) ?? []), resolve]);
    });
  const write = (text: string | Buffer): void => void child.stdin!.write(text);
  return {
    child,
    write,
    lines,
    progress,
    all,
    progressOf: (callId) => progress.filter((line) => line.call_id === callId).map((line) => line.progress),
    answerOf,
    call: (request) => {
      write(`${JSON.stringify(request)}\n`);
      return answerOf(request.call_id as string);
    },
    end: () => child.stdin!.end(),
    done,
  };
}

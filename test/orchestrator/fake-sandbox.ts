// A sandbox that answers from a script instead of running anything: a test double of the
// orchestrator's own Sandbox interface.
import type { ExecRequest, ExecResult, Sandbox } from '../../src/orchestrator/sandbox.js';

export interface ExecCall {
  argv: readonly string[];
  env: Readonly<Record<string, string>>;
  timeoutMs: number;
}

export type Answer = (call: ExecCall, index: number) => ExecResult | Promise<ExecResult>;

export class FakeSandbox implements Sandbox {
  readonly execs: ExecCall[] = [];
  readonly files = new Map<string, Uint8Array>();
  readonly runDir = '/run/guilds';
  writeError: Error | undefined;

  constructor(private readonly answer: Answer) {}

  async exec({ argv, env, expiration }: ExecRequest): Promise<ExecResult> {
    const call = { argv: [...argv], env: { ...env }, timeoutMs: expiration.timeoutMs };
    this.execs.push(call);
    return this.answer(call, this.execs.length - 1);
  }

  async cleanup(): Promise<void> {}

  async writeFile(path: string, bytes: Uint8Array): Promise<void> {
    if (this.writeError) throw this.writeError;
    this.files.set(path, bytes);
  }

  /** The request the helper was given, decoded from argv or from the request file. */
  request(index = this.execs.length - 1): Record<string, unknown> {
    const argument = this.execs[index]!.argv.at(-1)!;
    const bytes = argument.startsWith('/') ? this.files.get(argument)! : Buffer.from(argument, 'base64');
    return JSON.parse(Buffer.from(bytes).toString('utf8')) as Record<string, unknown>;
  }
}

export function stdoutOf(envelope: unknown): string {
  return Buffer.from(JSON.stringify(envelope), 'utf8').toString('base64') + '\n';
}

export function printed(stdout: string, extra: Partial<ExecResult> = {}): ExecResult {
  return { stdout, stderr: '', exitCode: 0, timedOut: false, ...extra };
}

export function answering(envelope: unknown): Answer {
  return () => printed(stdoutOf(envelope));
}

/** A file_read answer as the helper gives it, for a file of `lines` lines. */
export function fileReadEnvelope(options: {
  display: string;
  path: string;
  hash: string;
  range: [number, number];
  lines: number;
}): unknown {
  const { display, path, hash, range, lines } = options;
  const body: string[] = [];
  for (let n = range[0]; n <= range[1]; n++) body.push(`${n}\tline ${n}`);
  return {
    ok: true,
    text: [`${display} · lines ${range[0]}–${range[1]} of ${lines}`, ...body].join('\n'),
    meta: { path, display_path: display, range, content_hash: hash, lines },
  };
}

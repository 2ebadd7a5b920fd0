// What the orchestrator needs from a sandbox: run one command, write one file, and end it all. A
// container runtime's exec and file APIs plug in here; sandboxes/local/ runs the helper on a
// developer's machine.
import { ExecExpiration } from './expiration.js';

export { ExecExpiration, type Expired, type ExpirationActions } from './expiration.js';

export interface ExecResult {
  stdout: string;
  stderr: string;
  /** The exit status; null when the process ended by a signal or was stopped. */
  exitCode: number | null;
  /** True when the sandbox stopped the process because `timeoutMs` passed. */
  timedOut: boolean;
}

/** What a long-lived exec reports: its stdout as it comes, and its end. */
export interface OpenHandlers {
  stdout(chunk: Uint8Array): void;
  /** The process ended or its connection dropped; `started` is false when it never ran at all. */
  closed(started: boolean): void;
}

/** A long-lived exec (Sandbox.open): its stdin to write to. */
export interface OpenedExec {
  /**
   * The environment its process started with, where that is not the one `open` was asked for (a
   * helper's stream opened ahead, before a run's environment was known); absent: the one asked for.
   */
  readonly env?: Readonly<Record<string, string>>;
  /** Write to the process's stdin; a write after its end is dropped (the close reports it). */
  write(text: string): void;
  /** Close its stdin: the warm helper finishes the calls in flight and exits. */
  end(): void;
}

/** One command for a sandbox to run. */
export interface ExecRequest {
  /** Run without a shell, stdin closed. */
  argv: readonly string[];
  /** Set on top of the sandbox's own environment. Secrets travel here because argv is readable by every process. */
  env: Readonly<Record<string, string>>;
  /**
   * When to stop it (src/orchestrator/expiration.ts, `follow`): at its deadline the sandbox stops the
   * command's whole group and reports `timedOut`; once its caller aborts (an MCP client cancelled the
   * call, or went away), the helper alone is told to stop as SIGTERM tells it (it stops its command's
   * group and still answers), and the deadline still holds. The caller disposes of it.
   */
  expiration: ExecExpiration;
}

/** A request to run `argv` with `env`, stopped after `timeoutMs` or once `signal` aborts. */
export function execRequest(argv: readonly string[], env: Readonly<Record<string, string>>, timeoutMs: number, signal?: AbortSignal): ExecRequest {
  return { argv, env, expiration: ExecExpiration.after(timeoutMs, signal) };
}

export interface Sandbox {
  /** Run one command (ExecRequest) to its end, its deadline or its caller's abort. */
  exec(request: ExecRequest): Promise<ExecResult>;
  /**
   * Write a whole file inside the sandbox, creating nothing but the file itself. A writer that goes
   * through a temporary file and a rename must give the temporary file a name that does not end in
   * `.json` (`<name>.tmp`): the helper takes only `<run_id>-<call_id>.json` for a request.
   */
  writeFile(path: string, bytes: Uint8Array): Promise<void>;
  /**
   * Start `argv` with `env` as exec does, stdin open, for as long as it runs (SPEC section 8's warm
   * stream: `<helper> --serve`). A sandbox without it is served cold.
   */
  open?(argv: readonly string[], env: Readonly<Record<string, string>>, handlers: OpenHandlers): OpenedExec;
  /**
   * Stop everything the sandbox runs and remove what it made (a home or state folder given to it is
   * left alone), its warm helpers let finish first. Once it has been called, exec answers that the
   * sandbox was cleaned up; calling it again does nothing more.
   */
  cleanup(): Promise<void>;
  /** How the helper starts in this sandbox; DEFAULT_HELPER_COMMAND when absent. */
  readonly helperCommand?: readonly string[];
  /** How the code_task helper starts in this sandbox; DEFAULT_HARNESS_COMMAND when absent. */
  readonly harnessCommand?: readonly string[];
  /** The helper's state folder ($GUILDS_RUN_DIR); DEFAULT_RUN_DIR when absent. */
  readonly runDir?: string;
  /**
   * What the telemetry calls this sandbox (guilds_code.sandbox.kind): `local`, `bubblewrap`,
   * `docker`, or a platform's own name for its runtime; `other` when absent.
   */
  readonly kind?: string;
  /** Its container runtime, when it has one to name (guilds_code.sandbox.runtime): Docker's `runc` or `runsc`. */
  readonly runtime?: string;
}

/** The image's helper: node runs it directly, which skips the shebang's `env` lookup. */
export const DEFAULT_HELPER_COMMAND: readonly string[] = ['node', '/usr/local/bin/guilds-code'];
/** The argument that starts a helper's warm stream (SPEC section 8). */
export const SERVE_ARGUMENT = '--serve';
/**
 * Node's flags for a warm stream whose helper command is node itself: V8's pool of worker threads cut
 * to one. Its four default workers compile and collect beside a stream's calls on a sandbox of one or
 * two cores, against its commands; and every start of a child as the agent changes the helper's ids,
 * which glibc does thread by thread (docs/performance.md, "The warm call's own file calls, and the
 * warm stream's node").
 */
export const WARM_STREAM_NODE_FLAGS: readonly string[] = ['--v8-pool-size=1'];

/** How a helper's warm stream starts: its command with SERVE_ARGUMENT, node's flags added where node runs it. */
export function warmStreamArgv(helperCommand: readonly string[]): string[] {
  const [program, ...rest] = helperCommand;
  if (program === undefined || !/(^|\/)node$/.test(program)) return [...helperCommand, SERVE_ARGUMENT];
  return [program, ...WARM_STREAM_NODE_FLAGS, ...rest, SERVE_ARGUMENT];
}
/** The argument that sweeps what calls whose helper died without answering left running (src/sweep-main.ts). */
export const SWEEP_ARGUMENT = '--sweep';
/** The image's code_task helper (SPEC section 6). */
export const DEFAULT_HARNESS_COMMAND: readonly string[] = ['node', '/usr/local/bin/guilds-harness'];
export { DEFAULT_RUN_DIR } from '../contract/environment.js';

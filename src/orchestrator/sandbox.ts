// What the orchestrator needs from a sandbox: run one command, write one file. A container runtime's
// exec and file APIs plug in here; sandboxes/local/ runs the helper on a developer's machine.
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
  /** Write to the process's stdin; a write after its end is dropped (the close reports it). */
  write(text: string): void;
  /** Close its stdin: the warm helper finishes the calls in flight and exits. */
  end(): void;
}

export interface Sandbox {
  /**
   * Run `argv` (no shell) with `env` set on top of the sandbox's own environment, stdin closed, and
   * stop it after `timeoutMs`. Secrets travel in `env` because argv is readable by every process.
   */
  exec(
    argv: readonly string[],
    env: Readonly<Record<string, string>>,
    timeoutMs: number,
    /**
     * Aborted when the caller no longer wants the call (an MCP client cancelled it, or went away):
     * the helper is told to stop as SIGTERM tells it; it stops the command's group and still answers.
     */
    signal?: AbortSignal,
  ): Promise<ExecResult>;
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
/** The image's code_task helper (SPEC section 6). */
export const DEFAULT_HARNESS_COMMAND: readonly string[] = ['node', '/usr/local/bin/guilds-harness'];
export { DEFAULT_RUN_DIR } from '../contract/environment.js';

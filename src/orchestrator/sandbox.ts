// What the orchestrator needs from a sandbox: run one command, write one file. A container runtime's
// exec and file APIs plug in here; local-sandbox.ts runs the helper on a developer's machine.
export interface ExecResult {
  stdout: string;
  stderr: string;
  /** The exit status; null when the process ended by a signal or was stopped. */
  exitCode: number | null;
  /** True when the sandbox stopped the process because `timeoutMs` passed. */
  timedOut: boolean;
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
  /** How the helper starts in this sandbox; DEFAULT_HELPER_COMMAND when absent. */
  readonly helperCommand?: readonly string[];
  /** How the code_task helper starts in this sandbox; DEFAULT_HARNESS_COMMAND when absent. */
  readonly harnessCommand?: readonly string[];
  /** The helper's state folder ($GUILDS_RUN_DIR); DEFAULT_RUN_DIR when absent. */
  readonly runDir?: string;
}

/** The image's helper: node runs it directly, which skips the shebang's `env` lookup. */
export const DEFAULT_HELPER_COMMAND: readonly string[] = ['node', '/usr/local/bin/guilds-code'];
/** The image's code_task helper (SPEC section 6). */
export const DEFAULT_HARNESS_COMMAND: readonly string[] = ['node', '/usr/local/bin/guilds-harness'];
export { DEFAULT_RUN_DIR } from '../contract/environment.js';

// The MCP server's sandbox is its own process: a guilds-code request is handled here, by the same
// app the helper bundle runs, with an Io made for this call alone; code_task's request goes to the
// cold guilds-harness.js child, as the orchestrator runs it. The orchestrator's rules (the request,
// its checks, the pipeline, the pointers) stay in CodeToolRun, so that the text is the helper's.
import { realpathSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { handle } from '../app.js';
import { homeMissing, homeNotAbsolute, homeNotAFolder, ToolError } from '../contract/errors.js';
import { encodeEnvelope, errorEnvelope, failureEnvelope, type Envelope } from '../contract/envelope.js';
import { HELPER_OF_TOOL } from '../contract/tool-names.js';
import { nodeIo } from '../io/node/index.js';
import { stoppableShellProcesses } from '../io/node/stoppable-shell.js';
import { execLocal } from '../orchestrator/local-exec.js';
import type { ExecResult, Sandbox } from '../orchestrator/sandbox.js';
import { CODE_TOOLS } from '../tools/index.js';

/** argv[0] of a guilds-code run here: never started, only recognized. */
export const IN_PROCESS_HELPER = 'guilds-code (in process)';

export interface InProcessSandboxOptions {
  /** The home, links resolved. */
  home: string;
  /** The helpers' state folder (background records, request files). */
  runDir: string;
  /** How code_task's helper starts: `node guilds-harness.js`. */
  harnessCommand: readonly string[];
}

/**
 * The home as the helper checks it at every start (src/entry.ts): absolute, there, a folder. A home
 * that has gone since the server started answers as the helper answers.
 */
function homeFolder(named: string | undefined): string {
  if (!named || !named.startsWith('/')) throw homeNotAbsolute();
  let real: string;
  try {
    real = realpathSync.native(named);
  } catch {
    throw homeMissing(named);
  }
  if (!statSync(real).isDirectory()) throw homeNotAFolder(named);
  return real;
}

function answered(envelope: Envelope): ExecResult {
  return { stdout: `${encodeEnvelope(envelope)}\n`, stderr: '', exitCode: 0, timedOut: false };
}

export class InProcessSandbox implements Sandbox {
  readonly helperCommand: readonly string[] = [IN_PROCESS_HELPER];
  readonly harnessCommand: readonly string[];
  readonly runDir: string;
  private readonly home: string;

  constructor(options: InProcessSandboxOptions) {
    this.home = options.home;
    this.runDir = options.runDir;
    this.harnessCommand = options.harnessCommand;
  }

  /** The helper's environment, as the local sandbox gives it to a helper process. */
  private environment(env: Readonly<Record<string, string>>): Record<string, string> {
    return { ...env, HOME: this.home, GUILDS_RUN_DIR: this.runDir };
  }

  async exec(argv: readonly string[], env: Readonly<Record<string, string>>, timeoutMs: number, signal?: AbortSignal): Promise<ExecResult> {
    const whole = this.environment(env);
    if (argv[0] !== IN_PROCESS_HELPER) return execLocal(argv, whole, this.home, timeoutMs, signal);
    const argument = argv[argv.length - 1];
    let home: string;
    try {
      home = homeFolder(whole.HOME);
    } catch (error) {
      return answered(error instanceof ToolError ? failureEnvelope(error) : errorEnvelope(String(error), 'internal'));
    }
    // Per call: the environment, the home as resolved now, and a stop for this call's command alone.
    const io = nodeIo(home, this.runDir, whole);
    if (signal) io.shell = stoppableShellProcesses(signal);
    return answered(await handle(io, argument, CODE_TOOLS));
  }

  async writeFile(path: string, bytes: Uint8Array): Promise<void> {
    await writeFile(path, bytes, { mode: 0o600 });
  }
}

/** Whether a tool runs in this process (guilds-code's) or in a child (guilds-harness's). */
export function runsInProcess(tool: keyof typeof HELPER_OF_TOOL): boolean {
  return HELPER_OF_TOOL[tool] === 'guilds-code';
}

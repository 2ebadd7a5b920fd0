// The MCP server's runner: a guilds-code request is answered here, in the server's own process, by
// the helper's answer step with the checked request (no argv, JSON or base64 between), with an Io
// made for this call alone; code_task's request goes to the cold guilds-harness.js child, as the
// orchestrator runs it. The orchestrator's rules (the request, its checks, the pipeline, the
// pointers) stay in CodeToolRun, so that the text is the helper's.
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { answer } from '../app.js';
import { ToolError } from '../contract/errors.js';
import { errorEnvelope, failureEnvelope, type Envelope } from '../contract/envelope.js';
import { HELPER_OF_TOOL } from '../contract/tool-names.js';
import { homeFolder } from '../io/node/home.js';
import { nodeIo } from '../io/node/index.js';
import { NEVER_STOPPED } from '../io/stop.js';
import type { Hasher } from '../io/types.js';
import { execLocal } from '../orchestrator/sandboxes/local/exec.js';
import { SandboxRunner, type HelperCall, type HelperRunner } from '../orchestrator/runner.js';
import type { ExecResult, Sandbox } from '../orchestrator/sandbox.js';
import { CODE_TOOLS } from '../tools/all.js';

export interface InProcessRunnerOptions {
  /** The home, links resolved. */
  home: string;
  /** The helpers' state folder (background records, request files). */
  runDir: string;
  /** How code_task's helper starts: `node guilds-harness.js`. */
  harnessCommand: readonly string[];
}

/**
 * node:crypto for every size: the helper hashes a small file in WebAssembly to spare a cold start the
 * loading of node:crypto, which a running server has paid once.
 */
function cryptoHasher(): Hasher {
  const hash = createHash('sha256');
  return {
    update: (bytes) => void hash.update(bytes),
    hexDigest: () => hash.digest('hex'),
  };
}

/** The helper's environment, as the local sandbox gives it to a helper process. */
function helperEnv(options: InProcessRunnerOptions, env: Readonly<Record<string, string>>): Record<string, string> {
  return { ...env, HOME: options.home, GUILDS_RUN_DIR: options.runDir };
}

/** Where code_task's cold helper runs: this machine, in the home, with the server's state folder. */
class HarnessSandbox implements Sandbox {
  readonly harnessCommand: readonly string[];
  readonly runDir: string;

  constructor(private readonly options: InProcessRunnerOptions) {
    this.harnessCommand = options.harnessCommand;
    this.runDir = options.runDir;
  }

  exec(argv: readonly string[], env: Readonly<Record<string, string>>, timeoutMs: number, signal?: AbortSignal): Promise<ExecResult> {
    return execLocal(argv, helperEnv(this.options, env), this.options.home, timeoutMs, signal);
  }

  async writeFile(path: string, bytes: Uint8Array): Promise<void> {
    await writeFile(path, bytes, { mode: 0o600 });
  }
}

export class InProcessRunner implements HelperRunner {
  private readonly harness: SandboxRunner;

  constructor(private readonly options: InProcessRunnerOptions) {
    this.harness = new SandboxRunner(new HarnessSandbox(options));
  }

  answer(call: HelperCall): Promise<Envelope> {
    if (HELPER_OF_TOOL[call.checked.op] !== 'guilds-code') return this.harness.answer(call);
    return this.answerHere(call);
  }

  private async answerHere(call: HelperCall): Promise<Envelope> {
    const env = helperEnv(this.options, call.env);
    let home: string;
    try {
      home = homeFolder(env.HOME);
    } catch (error) {
      return error instanceof ToolError ? failureEnvelope(error) : errorEnvelope(String(error), 'internal');
    }
    // Per call: the environment, the home as resolved now, and this call's own stop.
    const io = nodeIo(home, this.options.runDir, env);
    io.sha256 = cryptoHasher;
    return answer(io, call.checked, CODE_TOOLS, call.signal ?? NEVER_STOPPED);
  }
}

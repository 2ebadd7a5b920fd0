// The MCP server's sandbox is its own process: a guilds-code request is answered here, by the same
// app the helper bundle runs, with an Io made for this call alone; code_task's request goes to the
// cold guilds-harness.js child, as the orchestrator runs it. The orchestrator's rules (the request,
// its checks, the pipeline, the pointers) stay in CodeToolRun, so that the text is the helper's.
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { handleRequestBytes } from '../app.js';
import { ToolError } from '../contract/errors.js';
import { errorEnvelope, failureEnvelope, type Envelope } from '../contract/envelope.js';
import { HELPER_OF_TOOL } from '../contract/tool-names.js';
import { homeFolder } from '../io/node/home.js';
import { nodeIo } from '../io/node/index.js';
import { NEVER_STOPPED } from '../io/stop.js';
import type { Hasher } from '../io/types.js';
import { execLocal } from '../orchestrator/local-exec.js';
import type { HelperRequest } from '../orchestrator/request.js';
import type { ExecResult, Sandbox } from '../orchestrator/sandbox.js';
import { CODE_TOOLS } from '../tools/all.js';

export interface InProcessSandboxOptions {
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

export class InProcessSandbox implements Sandbox {
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

  answerDirectly(request: HelperRequest, env: Readonly<Record<string, string>>, _timeoutMs: number, signal?: AbortSignal): Promise<Envelope> | null {
    if (HELPER_OF_TOOL[request.op] !== 'guilds-code') return null;
    return this.answerHere(request, this.environment(env), signal);
  }

  private async answerHere(request: HelperRequest, env: Record<string, string>, signal?: AbortSignal): Promise<Envelope> {
    let home: string;
    try {
      home = homeFolder(env.HOME);
    } catch (error) {
      return error instanceof ToolError ? failureEnvelope(error) : errorEnvelope(String(error), 'internal');
    }
    // Per call: the environment, the home as resolved now, and this call's own stop.
    const io = nodeIo(home, this.runDir, env);
    io.sha256 = cryptoHasher;
    return handleRequestBytes(io, new TextEncoder().encode(JSON.stringify(request)), CODE_TOOLS, signal ?? NEVER_STOPPED);
  }

  /** code_task's helper, a child process. */
  exec(argv: readonly string[], env: Readonly<Record<string, string>>, timeoutMs: number, signal?: AbortSignal): Promise<ExecResult> {
    return execLocal(argv, this.environment(env), this.home, timeoutMs, signal);
  }

  async writeFile(path: string, bytes: Uint8Array): Promise<void> {
    await writeFile(path, bytes, { mode: 0o600 });
  }
}

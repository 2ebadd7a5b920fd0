// The MCP server's runner: a guilds-code request is answered here, in the server's own process,
// hosted as a helper hosts its call (src/call/host.ts) with the checked request (no argv, JSON or
// base64 between), with an Io made for this call alone; code_task's request goes to guilds-harness.js
// over its warm stream (`--serve`), as the orchestrator runs it in a sandbox that can open one. The
// orchestrator's rules (the request, its checks, the pipeline, the pointers) stay in CodeToolRun, so
// that the text is the helper's.
import { realpathSync } from 'node:fs';
import { CallHost, CallStop } from '../call/host.js';
import { CallProgress } from '../call/progress.js';
import type { CheckedRequest } from '../contract/tools/index.js';
import type { Envelope } from '../contract/envelope.js';
import { HELPER_OF_TOOL } from '../contract/registry.js';
import { longLivedIo, nodeIoWith } from '../io/node/core.js';
import { CODE_TOOLS_NODE_IO } from '../tools/code-node-io.generated.js';
import { FILE_READ_LONG_LIVED_NODE_IO } from '../tools/file_read/node-io.js';
import type { HelperCall, HelperRunner } from '../orchestrator/runner.js';
import type { ExecRequest, ExecResult, OpenedExec, OpenHandlers, Sandbox } from '../orchestrator/sandbox.js';
import { endOpened, execLocal, openLocal, type OpenedExecs } from '../orchestrator/sandboxes/local/exec.js';
import { writeWithoutFollowing } from '../orchestrator/sandboxes/machine.js';
import { locationUnder } from '../orchestrator/sandboxes/shared.js';
import { WarmRunner } from '../orchestrator/warm-runner.js';
import { CODE_TOOLS } from '../tools/all.js';
import type { OpTable } from '../tools/context.js';

export interface InProcessRunnerOptions {
  /** The home, links resolved. */
  home: string;
  /** The helpers' state folder (background records, request files). */
  runDir: string;
  /** How code_task's helper starts: `node guilds-harness.js`. */
  harnessCommand: readonly string[];
  /**
   * The host of its calls: the server's one (src/mcp-main.ts), whose faults that name no call answer
   * every call in flight; by default one of its own with every code tool.
   */
  host?: CallHost | undefined;
}

/** The host of the server's calls: `ops`, each call with an Io of its own that hashes with node:crypto, the server's marks of runs shared. */
export function mcpCallHost(ops: OpTable = CODE_TOOLS): CallHost {
  const own = { ...CODE_TOOLS_NODE_IO, ...FILE_READ_LONG_LIVED_NODE_IO, ...longLivedIo() };
  return new CallHost(ops, (home, runDir, env) => nodeIoWith(own, home, runDir, env));
}

/** The helper's environment, as the local sandbox gives it to a helper process. */
function helperEnv(options: InProcessRunnerOptions, env: Readonly<Record<string, string>>): Record<string, string> {
  return { ...env, HOME: options.home, GUILDS_RUN_DIR: options.runDir };
}

/** Where code_task's helper runs (its warm stream, or cold): this machine, in the home, with the server's state folder. */
class HarnessSandbox implements Sandbox {
  readonly harnessCommand: readonly string[];
  readonly runDir: string;
  private readonly opened: OpenedExecs = new Map();

  constructor(private readonly options: InProcessRunnerOptions) {
    this.harnessCommand = options.harnessCommand;
    this.runDir = options.runDir;
  }

  exec({ argv, env, expiration }: ExecRequest): Promise<ExecResult> {
    return execLocal({ argv, env: helperEnv(this.options, env), expiration }, this.options.home);
  }

  /**
   * As the local sandbox writes: into the state folder only, through no link. Synchronous, as every
   * file operation of a process that may start children as root (src/io/node/identity.ts, asRootWhile):
   * the thread pool would run an asynchronous one as root while a child starts.
   */
  async writeFile(path: string, bytes: Uint8Array): Promise<void> {
    const location = locationUnder(path, [[this.runDir, realpathSync(this.runDir)]]);
    if (location === undefined) throw new Error(`${path} is not in ${this.runDir}`);
    writeWithoutFollowing(location.base, location.names, bytes);
  }

  /** Waits for its opened execs to exit (stopping them past a grace); the home is the client's, and stays. */
  cleanup(): Promise<void> {
    return endOpened(this.opened);
  }

  /** code_task's warm stream (`guilds-harness.js --serve`), so that a task's steps reach the client as they come. */
  open(argv: readonly string[], env: Readonly<Record<string, string>>, handlers: OpenHandlers): OpenedExec {
    return openLocal(argv, helperEnv(this.options, env), this.options.home, handlers, this.opened);
  }
}

export class InProcessRunner implements HelperRunner {
  private readonly harness: WarmRunner;
  private readonly harnessSandbox: HarnessSandbox;
  private readonly host: CallHost;

  constructor(private readonly options: InProcessRunnerOptions) {
    this.harnessSandbox = new HarnessSandbox(options);
    this.harness = new WarmRunner(this.harnessSandbox);
    this.host = options.host ?? mcpCallHost();
  }

  answer(call: HelperCall): Promise<Envelope> {
    if (HELPER_OF_TOOL[call.checked.op] !== 'guilds-code') return this.harness.answer(call);
    return this.answerHere(call);
  }

  private answerHere(call: HelperCall): Promise<Envelope> {
    // Per call: the environment, the home as resolved now, and this call's own stop, which the
    // client's cancel aborts.
    const made = this.host.ioFor(helperEnv(this.options, call.env));
    if ('envelope' in made) return Promise.resolve(made.envelope);
    const stop = new CallStop();
    call.signal?.addEventListener('abort', () => stop.abort('SIGTERM'), { once: true });
    if (call.signal?.aborted === true) stop.abort('SIGTERM');
    const ask = call.checked.request.progress;
    const onProgress = call.onProgress;
    const progress = ask === null || onProgress === undefined ? undefined : new CallProgress(ask, onProgress);
    return this.host.run(made.io, call.checked, stop, progress);
  }

  /** Its own calls hand on their progress, and code_task's over the harness's stream. */
  streamsProgress(checked: CheckedRequest): boolean {
    return HELPER_OF_TOOL[checked.op] === 'guilds-code' || this.harness.streamsProgress(checked);
  }

  /** Ends the harness's stream and waits for its helper to exit (a task in flight finishes first). */
  async close(): Promise<void> {
    this.harness.close();
    await this.harnessSandbox.cleanup();
  }
}

// The entry of dist/guilds-code-mcp.js: a stdio MCP server with the code tools, served warm from this
// one process (src/mcp/). With src/io/node/, the only code of the server that touches node: modules.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, constants, lstatSync, mkdirSync, openSync, realpathSync, statSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { MCP_MESSAGE_MAX_BYTES, MCP_SHUTDOWN_WAIT_MS, SHELL_KILL_GRACE_MS } from './limits.js';
import { RUN_DIR_VARIABLE } from './contract/environment.js';
import { RUNS_FOLDER_NAME } from './workspace/workdir.js';
import { startFailure } from './mcp/format.js';
import { actAs, agentOwningHome } from './io/node/identity.js';
import { guardGroupsOfThisProcess } from './io/node/group-guard.js';
import { InProcessRunner, mcpCallHost } from './mcp/in-process-runner.js';
import { parseOptions } from './mcp/options.js';
import { createMcpSession, type McpSession, type OpenedHome } from './mcp/server.js';
import { LineTransport } from './mcp/stdio.js';

declare const GUILDS_MCP_VERSION: string;
const VERSION = typeof GUILDS_MCP_VERSION === 'string' ? GUILDS_MCP_VERSION : '0.0.0-dev';
const RUN_ID_RANDOM_BYTES = 6;
const STATE_FOLDER_HASH_CHARS = 16;
/** Ignores everything in .runs/, itself included: a home that is a git checkout does not list the logs. */
const RUNS_GITIGNORE = '*\n';

function exitWith(message: string, status: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(status);
}

function environment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  return env;
}

/** The helpers' state folder: GUILDS_RUN_DIR, else one per home under the user's cache, lasting across sessions. */
function stateFolder(home: string, env: Record<string, string>): string {
  const given = env[RUN_DIR_VARIABLE];
  if (given && given.startsWith('/')) return given;
  const userHome = env.HOME && env.HOME.startsWith('/') ? env.HOME : homedir();
  const id = createHash('sha256').update(home).digest('hex').slice(0, STATE_FOLDER_HASH_CHARS);
  return join(userHome, '.cache', 'guilds-code-mcp', id);
}

/** .runs/ in the home, with a .gitignore of its own when there is none (never through a link). */
function prepareRunsFolder(home: string): void {
  const runs = join(home, RUNS_FOLDER_NAME);
  try {
    mkdirSync(runs, { mode: 0o700 });
  } catch {
    // There already, or the home is read-only: the calls say what they cannot do.
  }
  try {
    if (!lstatSync(runs).isDirectory()) return;
    const fd = openSync(join(runs, '.gitignore'), constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
    try {
      writeSync(fd, RUNS_GITIGNORE);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Already there, or cannot be written: nothing depends on it.
  }
}

/** A root's folder with its links resolved, or why it cannot be a home. */
function resolveFolder(path: string): { kind: 'folder'; path: string } | { kind: 'refused'; reason: string } {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return { kind: 'refused', reason: 'a folder that does not exist' };
  }
  try {
    if (!statSync(real).isDirectory()) return { kind: 'refused', reason: 'not a folder' };
  } catch {
    return { kind: 'refused', reason: 'a folder that does not exist' };
  }
  return { kind: 'folder', path: real };
}

/** The home the command line names, links resolved; the server's start refused in one line when it is none. */
function homeFolderOf(named: string): string {
  try {
    const home = realpathSync(resolve(named));
    if (!statSync(home).isDirectory()) exitWith(startFailure(`the home ${named} is not a folder`), 2);
    return home;
  } catch {
    exitWith(startFailure(`the home ${named} does not exist`), 2);
  }
}

/** How a home is opened for calls: its state folder and .runs/, and its runner, each kept in `runners` for the end. */
function homeOpener(env: Record<string, string>, host: ReturnType<typeof mcpCallHost>, runners: InProcessRunner[]): (folder: string) => OpenedHome {
  const harnessCommand = [process.execPath, join(dirname(realpathSync(process.argv[1] ?? '.')), 'guilds-harness.js')];
  return (folder) => {
    const runDir = stateFolder(folder, env);
    mkdirSync(join(runDir, 'requests'), { recursive: true, mode: 0o700 });
    prepareRunsFolder(folder);
    const runner = new InProcessRunner({ home: folder, runDir, harnessCommand, host });
    runners.push(runner);
    return { home: folder, runner };
  };
}

async function main(): Promise<void> {
  const env = environment();
  const parsed = parseOptions(process.argv.slice(2), process.cwd(), env);
  if (parsed.kind === 'help') exitWith(parsed.text, 0);
  if (parsed.kind === 'error') exitWith(startFailure(parsed.message), 2);
  const options = parsed.options;
  const home = homeFolderOf(options.home);
  // Started as root for a home another user owns (`docker exec` into a DockerSandbox container): the
  // server serves that user, out of reach of its processes, as the helpers do (src/io/node/identity.ts).
  const agent = agentOwningHome(home);
  if (agent !== null) actAs(agent);
  // The server lives for many calls: a server killed mid-call (its client's SIGKILL) leaves no command running.
  guardGroupsOfThisProcess(SHELL_KILL_GRACE_MS);
  // One host for every home's calls: a fault that names no call answers each of them.
  const host = mcpCallHost();
  /** Every home's runner: each may hold code_task's stream, ended with the server. */
  const runners: InProcessRunner[] = [];
  const openHome = homeOpener(env, host, runners);
  let start: OpenedHome;
  try {
    start = openHome(home);
  } catch (error) {
    exitWith(startFailure(`cannot create the state folder ${stateFolder(home, env)}: ${(error as Error).message}`), 1);
  }
  const session = createMcpSession({
    start,
    homeFixed: options.homeFixed,
    resolveFolder,
    openHome,
    newRunId: () => `mcp-${randomBytes(RUN_ID_RANDOM_BYTES).toString('hex')}`,
    log: (line) => void process.stderr.write(`${line}\n`),
    env,
    folderTokens: options.folderTokens,
    maxBytes: options.maxBytes,
    readPointers: options.readPointers,
    structuredContent: options.structuredContent,
    offerCodeTask: options.offerCodeTask,
    version: VERSION,
  });
  listenToTheEnd(session, runners, host);
  await session.server.connect(new LineTransport(process.stdin, process.stdout, MCP_MESSAGE_MAX_BYTES));
}

/**
 * The server's one listener to the process's stop signals (each call has a stop of its own, which
 * shutting down aborts), and to a fault that names no call: that must not end the server: every call
 * in flight answers with it (as a warm stream's do), it is said on stderr, and the server goes on.
 */
function listenToTheEnd(session: McpSession, runners: readonly InProcessRunner[], host: ReturnType<typeof mcpCallHost>): void {
  const shutDown = shutDownOnce(session, runners);
  const onFault = (error: unknown): void => {
    host.failInFlight(error);
    process.stderr.write(`${startFailure(`internal error: ${String(error)}`)}\n`);
  };
  process.on('uncaughtException', onFault);
  process.on('unhandledRejection', onFault);
  process.on('SIGTERM', shutDown);
  process.on('SIGINT', shutDown);
  session.server.onclose = shutDown;
}

/**
 * The server's end, once: every call stopped and settled, every home's harness stream ended, then
 * exit; past MCP_SHUTDOWN_WAIT_MS, exit whatever is left.
 */
function shutDownOnce(session: McpSession, runners: readonly InProcessRunner[]): () => void {
  let stopping = false;
  return () => {
    if (stopping) return;
    stopping = true;
    const deadline = setTimeout(() => process.exit(0), MCP_SHUTDOWN_WAIT_MS);
    void session
      .stopCalls()
      // The harness's stream ends with its calls: nothing of the server outlives it.
      .then(() => Promise.all(runners.map((runner) => runner.close())))
      .then(() => {
        clearTimeout(deadline);
        process.exit(0);
      });
  };
}

void main();

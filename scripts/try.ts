// Drives the real helper by hand through the orchestrator side, printing each call as the app
// shows it: the row, the arguments, the result, the metadata; or serving those views as a web page.
//
//   npm start                                   a short tour of the five tools
//   npm start -- --help file_read               that tool's arguments, from its declaration
//   npm start -- file_read --path PATH          one call (exit 1 when it failed)
//   npm start -- shell --command 'ls -la' --home ~/somewhere
//   npm start -- --web                          the tour's calls as a web page, and a form for more
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CODE_TOOL_DECLARATIONS,
  CodeToolRun,
  codeToolDeclarations,
  flowItem,
  rowSummary,
  startLiveView,
  type CodeToolResult,
  type Repository,
} from '../src/orchestrator/index.js';
import { chooseSandbox, CONTAINER_SCRIPTED_HARNESS, DockerTourError, startDockerTour, type ChosenSandbox, type TrySandbox } from './choose-sandbox.js';
import { watchLifetime } from './lifetime.js';
import { LivePrinter } from './try-live.js';
import { buildPageAssets } from './web/assets.js';
import { startWebServer, type WebServer } from './web/server.js';
import { WebRun } from './web/session.js';
import {
  closingLine,
  FIXTURE_NAME,
  KEPT_HOME_SANDBOX,
  lastingRunDirName,
  NO_HARNESS_HINT,
  parseCommandLine,
  portInUse,
  renderCall,
  scriptedHarnessEnvironment,
  toolHelp,
  TOUR,
  tourOpening,
  TOUR_OUTPUT_POLL_MS,
  TOUR_OUTPUT_WAIT_MS,
  USAGE,
  UsageError,
  usageErrorText,
  type HelpRequest,
  type Options,
} from './try-cli.js';
import { execRequest } from '../src/orchestrator/sandbox.js';

const FIXTURE_REPOSITORY = fileURLToPath(new URL(`../fixtures/${FIXTURE_NAME}`, import.meta.url));
const SCRIPTED_HARNESS = fileURLToPath(new URL('../fixtures/harness/scripted-harness.mjs', import.meta.url));

/**
 * The scratch copy of the fixture becomes a git repository with one commit, so that the tour's
 * code_task shows the diffstat of what its harness changed. The developer's git settings stay out.
 */
function commitFixture(home: string): void {
  const cwd = join(home, 'repos', FIXTURE_NAME);
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, GIT_CONFIG_NOSYSTEM: '1' };
  const git = (...args: string[]): void => void execFileSync('git', args, { cwd, env, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=Tour', '-c', 'user.email=tour@example.com', '-c', 'commit.gpgsign=false', 'commit', '-qm', 'tryout-repo');
}

/**
 * The agent's environment: for the tour, the scripted harness; for one code_task of your own, this
 * process's environment, so that the harness it configures (GUILDS_HARNESS, a CLI's credentials) runs.
 */
function agentEnvironment(options: Options): Record<string, string> {
  const own = (): Record<string, string> =>
    Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  // In a container the scripted harness is the copy seeded there, run by the image's node.
  const scripted = options.docker === undefined ? scriptedHarnessEnvironment(SCRIPTED_HARNESS) : scriptedHarnessEnvironment(CONTAINER_SCRIPTED_HARNESS, 'node');
  // The page's form makes code_tasks too: the harness this environment configures, else the scripted one.
  if (options.web !== undefined) return process.env.GUILDS_HARNESS ? own() : scripted;
  if (options.step === undefined) return scripted;
  if (options.step.tool !== 'code_task') return {};
  return own();
}

/** The repositories of a home: the folders under repos/. */
function repositoriesIn(home: string): Repository[] {
  const folder = join(home, 'repos');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => statSync(join(folder, name)).isDirectory())
    .map((name) => ({ name }));
}

/** One state folder per kept home, outside it, so that its background commands can be followed later. */
function lastingRunDir(home: string): string {
  return join(tmpdir(), lastingRunDirName(realpathSync(home)));
}

function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/**
 * Waits until the background command a tour step started has written something to its log, so that
 * the step checking it shows its output; gives up after a while (the check then shows what there is).
 */
async function firstOutput(sandbox: TrySandbox, result: CodeToolResult | undefined, signal: AbortSignal): Promise<void> {
  const log = result?.meta.log_path;
  if (typeof log !== 'string') return;
  const deadline = Date.now() + TOUR_OUTPUT_WAIT_MS;
  while (!signal.aborted && Date.now() < deadline) {
    if ((await sandbox.exec(execRequest(['test', '-s', log], {}, TOUR_OUTPUT_WAIT_MS, signal))).exitCode === 0) return;
    await new Promise((resolve) => setTimeout(resolve, TOUR_OUTPUT_POLL_MS));
  }
}

/** The terminal, or what stands for it: its live lines drawn in place only when it is one. */
function stdoutForLive(): { write(text: string): void; isTTY: boolean; columns: number | undefined } {
  return { write: (text) => void process.stdout.write(text), isTTY: process.stdout.isTTY === true, columns: process.stdout.columns };
}

/** The page's server, listening before the tour runs, so that a port in use is said at once. */
async function listen(options: Parameters<typeof startWebServer>[0]): Promise<WebServer | undefined> {
  try {
    return await startWebServer(options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    process.stderr.write(`${portInUse(options.port)}\n`);
    return undefined;
  }
}

/** The sandbox the calls run in: a container of the image, or this machine's; an exit code when there is none. */
async function openSandbox(options: Options): Promise<ChosenSandbox | number> {
  if (options.docker !== undefined) {
    try {
      return await startDockerTour({ ...options.docker, repository: { from: FIXTURE_REPOSITORY, name: FIXTURE_NAME }, scriptedHarness: SCRIPTED_HARNESS });
    } catch (error) {
      if (!(error instanceof DockerTourError)) throw error;
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
  }
  return chooseSandbox({
    ...(options.home === undefined
      ? { seed: { from: FIXTURE_REPOSITORY, to: join('repos', FIXTURE_NAME) } }
      : // A kept home's background commands must outlive this process for a later call to follow them.
        { home: options.home, runDir: lastingRunDir(options.home), prefer: 'local' as const }),
    // The tour's code_task runs the scripted harness with this node: both are shown read-only.
    readOnly: [dirname(SCRIPTED_HARNESS), ...(process.execPath.startsWith('/usr/') ? [] : [process.execPath])],
  });
}

/** What the calls of one try-out share: its options, its sandbox, its run, and how it ends. */
interface TryOut {
  options: Options;
  sandbox: TrySandbox;
  sandboxName: string;
  run: CodeToolRun;
  /** Where the run starts, as the first lines say it. */
  where: string;
  /** What starts each call's id: calls into a kept home need ids no earlier session used (a call's log is named after its id). */
  callPrefix: string;
  lifetime: ReturnType<typeof watchLifetime>;
}

/** The web page: the tour's calls, then the page and its form until the try-out ends. */
async function serveWeb(tryOut: TryOut, port: number): Promise<number> {
  const { options, sandbox, run, lifetime } = tryOut;
  const web = new WebRun(run, tryOut.callPrefix);
  const about = { sandbox: tryOut.sandboxName, home: sandbox.home, runId: options.runId, startsIn: tryOut.where, declarations: CODE_TOOL_DECLARATIONS };
  const server = await listen({ run: web, assets: await buildPageAssets(), about, port });
  if (server === undefined) return 2;
  try {
    // A kept home is the developer's own: the tour's calls (and its code_task) run only in a scratch one.
    if (options.home === undefined) {
      for (const step of TOUR) {
        if (step.afterOutputOf !== undefined) await firstOutput(sandbox, web.resultOf(step.afterOutputOf), lifetime.signal);
        if (lifetime.signal.aborted) break;
        await web.call(step.tool, step.args);
      }
    }
    if (!lifetime.signal.aborted) process.stdout.write(`page: ${server.url}\n(Ctrl-C stops it)\n`);
    await aborted(lifetime.signal);
  } finally {
    await server.close();
  }
  return 0;
}

/** The tour's calls, or the one call asked for, each printed as the app shows it. */
async function runSteps(tryOut: TryOut): Promise<number> {
  const { options, sandbox, run, lifetime } = tryOut;
  const steps = options.step ? [options.step] : TOUR;
  const results: CodeToolResult[] = [];
  for (const [index, step] of steps.entries()) {
    if (step.afterOutputOf !== undefined) await firstOutput(sandbox, results[step.afterOutputOf - 1], lifetime.signal);
    if (lifetime.signal.aborted) break;
    const seq = index + 1;
    const callId = `${tryOut.callPrefix}${seq}`;
    // The call's output and steps as they come, and on a terminal the time it has run.
    const live = new LivePrinter(stdoutForLive(), startLiveView(rowSummary(step.tool, step.args)));
    const onProgress = live.update.bind(live);
    // `timings`: the Metadata view shows where the call's time went.
    const call = { tool: step.tool, args: step.args, callId, resultSeq: seq, signal: lifetime.signal, onProgress, timings: true };
    const result = await run.call(call).finally(() => live.end());
    results.push(result);
    process.stdout.write(renderCall(flowItem({ seq, callId, tool: step.tool, args: step.args, result })) + '\n');
    if (step.tool === 'code_task' && result.kind === 'unavailable') process.stdout.write(NO_HARNESS_HINT + '\n\n');
  }
  if (lifetime.signal.aborted) return lifetime.exitCode();
  const namedLogs = results.some((result) => typeof result.meta.log_path === 'string');
  const last = closingLine(options.docker !== undefined ? 'container' : options.home === undefined ? 'scratch' : 'kept', namedLogs);
  if (last !== undefined) process.stdout.write(`${last}\n`);
  // One call of one's own exits 1 when it failed, as a command does; the tour shows its calls.
  return options.step !== undefined && results.some((result) => !result.ok) ? 1 : 0;
}

/** The command line's options, or the exit code of a help or a usage error already said. */
function optionsOrExit(): Options | number {
  let options: Options | HelpRequest;
  try {
    options = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(usageErrorText(error));
    return 2;
  }
  if ('help' in options) {
    // The declarations with the byte cap this run's calls get, as the page's form has them.
    const declaration = codeToolDeclarations(true, process.env.CODE_RESULT_MAX_BYTES).find((candidate) => candidate.name === options.tool);
    process.stdout.write(declaration === undefined ? USAGE + '\n' : toolHelp(declaration));
    return 0;
  }
  if (options.home !== undefined && !existsSync(options.home)) {
    process.stderr.write(`no folder at ${options.home}\n`);
    return 2;
  }
  return options;
}

async function main(): Promise<number> {
  const options = optionsOrExit();
  if (typeof options === 'number') return options;
  const lifetime = watchLifetime();
  const chosen = await openSandbox(options);
  if (typeof chosen === 'number') return chosen;
  const { sandbox } = chosen;
  try {
    // A container's repository was committed as it was seeded.
    if (options.home === undefined && options.docker === undefined) commitFixture(sandbox.home);
    const repositories = options.docker === undefined ? repositoriesIn(sandbox.home) : [{ name: FIXTURE_NAME }];
    const run = new CodeToolRun({ sandbox, runId: options.runId, agentId: 'try', repositories, env: agentEnvironment(options), resultMaxBytes: process.env.CODE_RESULT_MAX_BYTES });
    const tryOut: TryOut = {
      options,
      sandbox,
      sandboxName: options.home === undefined ? chosen.name : KEPT_HOME_SANDBOX,
      run,
      where: repositories.length === 1 ? `repos/${repositories[0]!.name}` : 'the home',
      callPrefix: options.home === undefined ? 'c' : `c${Date.now().toString(36)}-`,
      lifetime,
    };
    if (options.web === undefined && options.step === undefined) process.stdout.write(`${tourOpening(TOUR)}\n\n`);
    process.stdout.write(`home: ${sandbox.home}\nsandbox: ${tryOut.sandboxName}\nrun: ${options.runId}, starting in ${tryOut.where}\n\n`);
    return options.web !== undefined ? await serveWeb(tryOut, options.web.port) : await runSteps(tryOut);
  } finally {
    await sandbox.cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`try: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);

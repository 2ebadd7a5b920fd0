// Drives the real helper by hand through the orchestrator side, printing each call as the app
// shows it: the row, the arguments, the result, the metadata.
//
//   npm start                                   a short tour of the four tools
//   npm start -- file_read --path src/greet.js  one call
//   npm start -- shell --command 'ls -la' --home ~/somewhere
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodeToolRun, type Repository } from '../src/orchestrator/index.js';
import { LocalSandbox } from '../src/orchestrator/local-sandbox.js';
import { FIXTURE_NAME, parseCommandLine, renderCall, TOUR, USAGE, UsageError, type Options } from './try-cli.js';

const FIXTURE_REPOSITORY = fileURLToPath(new URL(`../fixtures/${FIXTURE_NAME}`, import.meta.url));

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
  const name = realpathSync(home).replace(/[^A-Za-z0-9]+/g, '_');
  return join(tmpdir(), `guilds-code-run${name}`);
}

async function main(): Promise<number> {
  let options: Options | 'help';
  try {
    options = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  if (options.home !== undefined && !existsSync(options.home)) {
    process.stderr.write(`no folder at ${options.home}\n`);
    return 2;
  }
  const sandbox = new LocalSandbox(
    options.home === undefined
      ? { seed: { from: FIXTURE_REPOSITORY, to: join('repos', FIXTURE_NAME) } }
      : { home: options.home, runDir: lastingRunDir(options.home) },
  );
  // Calls into a kept home need ids no earlier session used: a call's log is named after its id.
  const callPrefix = options.home === undefined ? 'c' : `c${Date.now().toString(36)}-`;
  try {
    const repositories = repositoriesIn(sandbox.home);
    const run = new CodeToolRun({
      sandbox,
      runId: options.runId,
      agentId: 'try',
      repositories,
      resultMaxBytes: process.env.CODE_RESULT_MAX_BYTES,
    });
    const where = repositories.length === 1 ? `repos/${repositories[0]!.name}` : 'the home';
    process.stdout.write(`home: ${sandbox.home}\nrun: ${options.runId}, starting in ${where}\n\n`);
    const steps = options.step ? [options.step] : TOUR;
    for (const [index, step] of steps.entries()) {
      const seq = index + 1;
      const result = await run.call({ tool: step.tool, args: step.args, callId: `${callPrefix}${seq}`, resultSeq: seq });
      process.stdout.write(renderCall(seq, step, result) + '\n');
    }
    if (options.home === undefined) process.stdout.write('(the scratch home is removed now; pass --home DIR to keep one)\n');
  } finally {
    sandbox.cleanup();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`try: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);

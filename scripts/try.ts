// Drives the real helper by hand through the orchestrator side, printing each call as the app
// shows it: the row, the arguments, the result, the metadata.
//
//   npm start                                   a short tour of the four tools
//   npm start -- file_read --path src/greet.js  one call
//   npm start -- shell --command 'ls -la' --home ~/somewhere
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodeToolRun, type CodeToolResult, type Repository } from '../src/orchestrator/index.js';
import { LocalSandbox } from '../src/orchestrator/local-sandbox.js';
import { OP_NAMES, TOOL_SPECS, type OpName } from '../src/protocol/tools.js';

const FIXTURE_REPOSITORY = fileURLToPath(new URL('../fixtures/tryout-repo', import.meta.url));
const FIXTURE_NAME = 'tryout-repo';
const RULE_WIDTH_CHARS = 72;

const USAGE = `usage:
  npm start                                 a short tour of all four tools
  npm start -- <tool> [--<arg> <value> …]   one call; tools: ${OP_NAMES.join(', ')}

options:
  --home DIR   use DIR as the agent's home (repos/<name> inside it is the repository);
               default: a scratch home holding a copy of fixtures/${FIXTURE_NAME}
  --run ID     the run id (default "try"); the working directory carries over within a run
  --help       this text

examples:
  npm start -- file_read --path src/greet.js --offset 3 --limit 4
  npm start -- code_search --pattern greet --mode content
  npm start -- shell --command 'node test/greet.test.js'
  npm start -- shell --command 'sleep 30' --background
  npm start -- shell_status --id b1 --stop`;

interface Step {
  tool: string;
  args: Record<string, unknown>;
}

const TOUR: Step[] = [
  { tool: 'shell', args: { command: 'ls && node test/greet.test.js' } },
  { tool: 'file_read', args: { path: 'src/greet.js' } },
  { tool: 'file_read', args: { path: 'src/greet.js', offset: 3, limit: 2 } },
  { tool: 'code_search', args: { pattern: 'greet' } },
  { tool: 'code_search', args: { pattern: 'greet\\(', mode: 'content', path: 'src' } },
  { tool: 'shell', args: { command: 'test -f CHANGELOG.md' } },
  { tool: 'shell', args: { command: 'sleep 1; echo ready', background: true } },
  { tool: 'shell_status', args: {} },
  { tool: 'shell_status', args: { id: 'b1' } },
];

class UsageError extends Error {}

interface Options {
  home?: string;
  runId: string;
  step?: Step;
}

/** An argument's value typed as the tool's spec says; a wrong one goes through to show its error. */
function typedValue(tool: string, name: string, value: string | undefined): unknown {
  const spec = (OP_NAMES as readonly string[]).includes(tool) ? TOOL_SPECS[tool as OpName].args[name] : undefined;
  if (spec?.type === 'boolean') return value === undefined || value === 'true' ? true : value === 'false' ? false : value;
  if (value === undefined) throw new UsageError(`--${name} needs a value`);
  if (spec?.type === 'integer' && /^-?\d+$/.test(value)) return Number(value);
  return value;
}

function isBooleanArg(tool: string, name: string): boolean {
  return (OP_NAMES as readonly string[]).includes(tool) && TOOL_SPECS[tool as OpName].args[name]?.type === 'boolean';
}

export function parseCommandLine(argv: readonly string[]): Options | 'help' {
  const options: Options = { runId: 'try' };
  let tool: string | undefined;
  const args: Record<string, unknown> = {};
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === '--help' || token === '-h') return 'help';
    if (!token.startsWith('--')) {
      if (tool !== undefined) throw new UsageError(`unexpected '${token}': give arguments as --name value`);
      tool = token;
      continue;
    }
    const eq = token.indexOf('=');
    const name = (eq === -1 ? token.slice(2) : token.slice(2, eq)).replace(/-/g, '_');
    let value: string | undefined;
    if (eq !== -1) value = token.slice(eq + 1);
    else {
      const next = argv[i + 1];
      const takesNext =
        next !== undefined &&
        !next.startsWith('--') &&
        (!isBooleanArg(tool ?? '', name) || next === 'true' || next === 'false');
      if (takesNext) {
        value = next;
        i++;
      }
    }
    if (name === 'home' || name === 'run') {
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      if (name === 'home') options.home = value;
      else options.runId = value;
      continue;
    }
    if (tool === undefined) throw new UsageError(`--${name} comes before the tool's name`);
    args[name] = typedValue(tool, name, value);
  }
  if (tool !== undefined) options.step = { tool, args };
  return options;
}

/** The repositories of a home: the folders under repos/. */
function repositoriesIn(home: string): Repository[] {
  const folder = join(home, 'repos');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => statSync(join(folder, name)).isDirectory())
    .map((name) => ({ name }));
}

function rule(title: string): string {
  const head = `── ${title} `;
  return head + '─'.repeat(Math.max(3, RULE_WIDTH_CHARS - [...head].length));
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '' : `  ${line}`))
    .join('\n');
}

export function renderCall(seq: number, step: Step, result: CodeToolResult): string {
  const width = Math.max(...result.metadata.map((field) => field.label.length));
  return [
    rule(`step ${seq} · ${step.tool}`),
    `${result.ok ? '' : '✗ '}${result.summary}`,
    '',
    'Arguments',
    indent(JSON.stringify(step.args)),
    '',
    result.ok ? 'Result' : 'Result (failed)',
    indent(result.text),
    '',
    'Metadata',
    ...result.metadata.map((field) => `  ${field.label.padEnd(width)}  ${field.value}`),
    '',
  ].join('\n');
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
      : { home: options.home },
  );
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
      const result = await run.call({ tool: step.tool, args: step.args, callId: `c${seq}`, seq });
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

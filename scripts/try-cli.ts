// The try-out command's pure parts: its command line, its tour, and how a call is printed.
import { renderCodeTaskBlock, type CodeToolResult } from '../src/orchestrator/index.js';
import { OP_NAMES, TOOL_SPECS, type OpName } from '../src/contract/tools/index.js';

export const FIXTURE_NAME = 'tryout-repo';
const RULE_WIDTH_CHARS = 72;

export const USAGE = `usage:
  npm start                                 a short tour of all five tools
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
  npm start -- shell_status --id b1 --stop
  npm start -- code_task --brief 'Add a farewell() beside greet()'

code_task runs the harness your environment configures: GUILDS_HARNESS=claude, codex, gemini or
opencode (the CLI on PATH, with its own credentials), or GUILDS_HARNESS=command with
GUILDS_HARNESS_COMMAND, a command line that reads the brief on stdin. Unset: the first of those four
CLIs found on PATH. The tour's code_task step runs the scripted harness of fixtures/harness/.`;

/** How the tour's code_task step runs: the scripted harness, a program that does what its brief says. */
export function scriptedHarnessEnvironment(scriptedHarness: string): Record<string, string> {
  return { GUILDS_HARNESS: 'command', GUILDS_HARNESS_COMMAND: `'${process.execPath}' '${scriptedHarness}'` };
}

/** Said after a code_task that found no harness to run. */
export const NO_HARNESS_HINT =
  'To try code_task without a coding-agent CLI, run the scripted harness of fixtures/harness/:\n' +
  '  GUILDS_HARNESS=command GUILDS_HARNESS_COMMAND="node $PWD/fixtures/harness/scripted-harness.mjs" \\\n' +
  "    npm start -- code_task --brief 'edit src/greet.js'";

export interface Step {
  tool: string;
  args: Record<string, unknown>;
}

export const TOUR: Step[] = [
  { tool: 'shell', args: { command: 'ls && node test/greet.test.js' } },
  { tool: 'file_read', args: { path: 'src/greet.js' } },
  { tool: 'file_read', args: { path: 'src/greet.js', offset: 3, limit: 2 } },
  { tool: 'code_search', args: { pattern: 'greet' } },
  { tool: 'code_search', args: { pattern: 'greet\\(', mode: 'content', path: 'src' } },
  { tool: 'shell', args: { command: 'test -f CHANGELOG.md' } },
  { tool: 'shell', args: { command: 'sleep 1; echo ready', background: true } },
  { tool: 'shell_status', args: {} },
  { tool: 'shell_status', args: { id: 'b1' } },
  {
    tool: 'code_task',
    args: {
      // The scripted harness (fixtures/harness/scripted-harness.mjs) follows its brief line by line.
      brief: [
        '# The scripted harness adds farewell() to src/greet.js, with a test',
        `edit src/greet.js "export const farewell = (name) => 'Goodbye, ' + name + '!';"`,
        `write test/farewell.test.js "import { farewell } from '../src/greet.js';\\nif (farewell('Ada') !== 'Goodbye, Ada!') process.exit(1);"`,
        'say Added farewell() to src/greet.js and test/farewell.test.js; node test/farewell.test.js passes.',
      ].join('\n'),
    },
  },
];

export class UsageError extends Error {}

export interface Options {
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
    ...(result.block ? ['Block (what the app shows for a code_task)', indent(renderCodeTaskBlock(result.block)), ''] : []),
  ].join('\n');
}


// The try-out command's pure parts: its command line, its tour, and how a call is printed.
import { renderCodeTaskBlock, type ArgumentSchema, type FlowItem, type ToolDeclaration } from '../src/orchestrator/index.js';
import { OP_NAMES, TOOL_SPECS, type OpName } from '../src/contract/tools/index.js';

export const FIXTURE_NAME = 'tryout-repo';
export const DEFAULT_WEB_PORT = 4177;
/** The image `--sandbox docker` starts, unless `--image` names another: `npm run image`'s default tag. */
export const DEFAULT_TOUR_IMAGE = 'guilds-code-sandbox:latest';
const SANDBOX_CHOICES = ['machine', 'docker'] as const;
const RUNTIME_CHOICES = ['runc', 'runsc'] as const;
const PORT_MAX = 65_535;
const RULE_WIDTH_CHARS = 72;
/** The width `--help <tool>` wraps its descriptions at, as the usage's own lines are. */
export const HELP_WIDTH_CHARS = 100;
/** How far `--help <tool>` indents an argument's description under its name. */
const HELP_DESCRIPTION_INDENT_CHARS = 6;

export const USAGE = `usage:
  npm start                                 a short tour of all five tools
  npm start -- <tool> [--<arg> <value> …]   one call; tools: ${OP_NAMES.join(', ')}
  npm start -- --help <tool>                that tool's arguments: their types, defaults and limits
  npm start -- --web [--home DIR] [--port N]  the app's views as a web page, with a form for new calls

options:
  --home DIR   use DIR as the agent's home (repos/<name> inside it is the repository);
               default: a scratch home holding a copy of fixtures/${FIXTURE_NAME}
  --run ID     the run id (default "try"); the working directory carries over within a run
  --web        serve the app's views as a web page on 127.0.0.1 (the tour's calls first, without
               --home), with a form for new calls
  --port N     the web page's port (default ${DEFAULT_WEB_PORT}; 0 takes a free one)
  --sandbox docker
               run in a container of the sandbox image on the Docker Engine (DOCKER_HOST, else
               /var/run/docker.sock), its home a new volume removed at the end; default: this machine
  --image TAG  the image for --sandbox docker (default ${DEFAULT_TOUR_IMAGE}: npm run image)
  --runtime R  runc (the default) or runsc (gVisor), for --sandbox docker; e.g.
               npm run image -- --base debian, then npm start -- --sandbox docker
  --help       this text; with a tool's name, that tool's arguments

examples:
  npm start -- file_read --path src/greet.js --offset 3 --limit 4
  npm start -- code_search --pattern greet --mode content
  npm start -- shell --command 'node test/greet.test.js'
  mkdir -p /tmp/agent && npm start -- shell --command 'sleep 30' --background --home /tmp/agent
  npm start -- shell_status --id b1 --stop --home /tmp/agent
  GUILDS_HARNESS=command GUILDS_HARNESS_COMMAND="node $PWD/fixtures/harness/scripted-harness.mjs" \\
    npm start -- code_task --brief 'edit src/greet.js'

Without --home each call gets a scratch home, removed when it ends, and runs in the bubblewrap sandbox
when bwrap works here, else in the local one. With --home the calls run in the local sandbox, which
lives as long as the home: a background command outlives the call that started it, so that a later
call can follow or stop it.

code_task runs the harness your environment configures: GUILDS_HARNESS=claude, codex, gemini or
opencode (the CLI on PATH, with its own credentials), or GUILDS_HARNESS=command with
GUILDS_HARNESS_COMMAND, a command line that reads the brief on stdin. Unset: the first of those four
CLIs found on PATH. The scripted harness of fixtures/harness/ does what its brief says, line by line;
the tour's code_task step runs it.`;

/** How the tour's code_task step runs: the scripted harness, a program that does what its brief says. */
export function scriptedHarnessEnvironment(scriptedHarness: string, node: string = process.execPath): Record<string, string> {
  return { GUILDS_HARNESS: 'command', GUILDS_HARNESS_COMMAND: `'${node}' '${scriptedHarness}'` };
}

/** Said after a code_task that found no harness to run. */
export const NO_HARNESS_HINT =
  'To try code_task without a coding-agent CLI, run the scripted harness of fixtures/harness/:\n' +
  '  GUILDS_HARNESS=command GUILDS_HARNESS_COMMAND="node $PWD/fixtures/harness/scripted-harness.mjs" \\\n' +
  "    npm start -- code_task --brief 'edit src/greet.js'";

export interface Step {
  tool: string;
  args: Record<string, unknown>;
  /** The tour waits for the first output of the background command this step (from 1) started. */
  afterOutputOf?: number;
}

/** The sandbox line's name for the one a kept home runs in. */
export const KEPT_HOME_SANDBOX = 'local (it lives as long as the home: background commands outlive each npm start)';

export const TOUR: Step[] = [
  { tool: 'shell', args: { command: 'ls && node test/greet.test.js' } },
  { tool: 'file_read', args: { path: 'src/greet.js' } },
  { tool: 'file_read', args: { path: 'src/greet.js', offset: 3, limit: 2 } },
  { tool: 'code_search', args: { pattern: 'greet' } },
  { tool: 'code_search', args: { pattern: 'greet\\(', mode: 'content', path: 'src' } },
  { tool: 'shell', args: { command: 'test -f CHANGELOG.md' } },
  { tool: 'shell', args: { command: 'echo ready; sleep 2; echo done', background: true } },
  { tool: 'shell_status', args: {} },
  { tool: 'shell_status', args: { id: 'b1' }, afterOutputOf: 7 },
  {
    tool: 'code_task',
    args: {
      // The scripted harness (fixtures/harness/scripted-harness.mjs) follows its brief line by line:
      // the first line, the task in words, it only echoes; its final message is Markdown, as a CLI's is.
      brief: [
        'Add farewell() to src/greet.js, with a test.',
        `edit src/greet.js "export const farewell = (name) => 'Goodbye, ' + name + '!';"`,
        `write test/farewell.test.js "import { farewell } from '../src/greet.js';\\nif (farewell('Ada') !== 'Goodbye, Ada!') process.exit(1);"`,
        'final "## Added farewell()\\n\\n- `src/greet.js`: `farewell(name)` beside `greet(name)`\\n- `test/farewell.test.js`: its test\\n\\n`node test/farewell.test.js` passes."',
      ].join('\n'),
    },
  },
];

/** A command line the try-out cannot run; `tool` is the tool it names, when it names one. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly tool?: OpName,
  ) {
    super(message);
  }
}

/** What `--help` asks for: the usage, or one tool's arguments. */
export interface HelpRequest {
  help: true;
  tool?: OpName;
}

function isOpName(name: string | undefined): name is OpName {
  return (OP_NAMES as readonly string[]).includes(name ?? '');
}

/**
 * What the try-out says of a command line it cannot run: the error's one line, and one line that
 * points at the help (the tool's own, when the line names a tool), not the whole usage.
 */
export function usageErrorText(error: UsageError): string {
  const pointer = error.tool === undefined ? 'npm start -- --help lists the options and the tools' : `npm start -- --help ${error.tool} lists its arguments`;
  return `${error.message}\n${pointer}\n`;
}

/** Said of a path where a tool's name goes: npm kept the option before it, as it does without `--`. */
export function npmTookOption(token: string): string {
  return `'${token}' is not a tool's name: npm keeps the options given before -- for itself; give them after it, as in npm start -- --home DIR`;
}

/** Text cut into lines of at most `widthChars` at its spaces (a longer word keeps a line of its own). */
export function wrapText(text: string, widthChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/).filter((candidate) => candidate !== '')) {
    if (line !== '' && [...line].length + 1 + [...word].length > widthChars) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** An argument's type and the facts its schema holds: required, its choices, its default, its bounds. */
function argumentFacts(name: string, schema: ArgumentSchema, required: boolean): string {
  const facts: string[] = [schema.type];
  if (required) facts.push('required');
  if (schema.enum) facts.push(`one of ${schema.enum.join(', ')}`);
  if (schema.default !== undefined) facts.push(`default ${String(schema.default)}`);
  if (schema.minimum !== undefined && schema.maximum !== undefined) facts.push(`${schema.minimum} to ${schema.maximum}`);
  else if (schema.minimum !== undefined) facts.push(`at least ${schema.minimum}`);
  else if (schema.maximum !== undefined) facts.push(`at most ${schema.maximum}`);
  if (schema.type === 'boolean') facts.push(`--${name} alone means true`);
  return facts.join(', ');
}

/**
 * `npm start -- --help <tool>`: the tool's arguments with their types, defaults and limits, from its
 * declaration, the JSON Schema the page's form and the MCP server are made from too.
 */
export function toolHelp(declaration: ToolDeclaration, widthChars: number = HELP_WIDTH_CHARS): string {
  const { properties, required } = declaration.parameters;
  const pad = ' '.repeat(HELP_DESCRIPTION_INDENT_CHARS);
  const argumentsText = Object.entries(properties).flatMap(([name, schema]) => [
    `  --${name}  ${argumentFacts(name, schema, required.includes(name))}`,
    ...wrapText(schema.description, widthChars - HELP_DESCRIPTION_INDENT_CHARS).map((line) => pad + line),
  ]);
  return [
    `usage: npm start -- ${declaration.name} [--<arg> <value> …]`,
    '',
    ...wrapText(declaration.description, widthChars),
    '',
    'arguments:',
    ...argumentsText,
    '',
  ].join('\n');
}

export interface Options {
  home?: string;
  runId: string;
  step?: Step;
  /** Serve the web page, on this port. */
  web?: { port: number };
  /** Run in a container of the sandbox image (DockerSandbox) instead of on this machine. */
  docker?: { image: string; runtime: 'runc' | 'runsc' };
}


/** An argument's value typed as the tool's spec says; a wrong one goes through to show its error. */
function typedValue(tool: string, name: string, value: string | undefined): unknown {
  const spec = (OP_NAMES as readonly string[]).includes(tool) ? TOOL_SPECS[tool as OpName].args[name] : undefined;
  if (spec?.type === 'boolean') return value === undefined || value === 'true' ? true : value === 'false' ? false : value;
  if (value === undefined) throw new UsageError(`--${name} needs a value`, isOpName(tool) ? tool : undefined);
  if (spec?.type === 'integer' && /^-?\d+$/.test(value)) return Number(value);
  return value;
}

function isBooleanArg(tool: string, name: string): boolean {
  return (OP_NAMES as readonly string[]).includes(tool) && TOOL_SPECS[tool as OpName].args[name]?.type === 'boolean';
}

/** An argument of one of the tools: given before the tool's name, it is misplaced rather than unknown. */
function isAnyToolArg(name: string): boolean {
  return OP_NAMES.some((tool) => TOOL_SPECS[tool].args[name] !== undefined);
}

function oneOf<T extends string>(option: string, value: string, choices: readonly T[]): T {
  if (!(choices as readonly string[]).includes(value)) throw new UsageError(`${option} takes ${choices.join(' or ')}, not '${value}'`);
  return value as T;
}

function portNumber(value: string): number {
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(port <= PORT_MAX)) throw new UsageError(`--port takes a number from 0 to ${PORT_MAX}, not '${value}'`);
  return port;
}

/**
 * The command line as options, or a request for help: `--help` alone is the usage, with a tool's name
 * (before or after it) that tool's arguments. A line that is wrong besides asking for help gets help.
 */
export function parseCommandLine(argv: readonly string[]): Options | HelpRequest {
  const wantsHelp = argv.includes('--help') || argv.includes('-h');
  try {
    const options = parseOptions(argv.filter((token) => token !== '--help' && token !== '-h'));
    if (!wantsHelp) return options;
    const tool = options.step?.tool;
    if (tool === undefined || isOpName(tool)) return tool === undefined ? { help: true } : { help: true, tool };
    throw new UsageError(`--help takes a tool's name (${OP_NAMES.join(', ')}), not '${tool}'`);
  } catch (error) {
    if (!wantsHelp || !(error instanceof UsageError) || error.message.startsWith('--help ')) throw error;
    const tool = argv.find(isOpName);
    return tool === undefined ? { help: true } : { help: true, tool };
  }
}

/** The try-out's own options, as given: the tool's arguments apart. */
interface GivenOptions {
  options: Options;
  tool: string | undefined;
  args: Record<string, unknown>;
  port: number | undefined;
  sandbox: (typeof SANDBOX_CHOICES)[number] | undefined;
  image: string | undefined;
  runtime: (typeof RUNTIME_CHOICES)[number] | undefined;
}

const OWN_OPTIONS = new Set(['home', 'run', 'port', 'sandbox', 'image', 'runtime']);

/** Takes the try-out's own option `name` with `value`. */
function takeOwnOption(given: GivenOptions, name: string, value: string | undefined): void {
  if (value === undefined) throw new UsageError(`--${name} needs a value`);
  if (name === 'home') given.options.home = value;
  else if (name === 'run') given.options.runId = value;
  else if (name === 'port') given.port = portNumber(value);
  else if (name === 'sandbox') given.sandbox = oneOf('--sandbox', value, SANDBOX_CHOICES);
  else if (name === 'image') given.image = value;
  else given.runtime = oneOf('--runtime', value, RUNTIME_CHOICES);
}

/** The option at `argv[i]` taken, a value after it included; returns the index of the last token taken. */
function takeOption(given: GivenOptions, argv: readonly string[], i: number): number {
  const token = argv[i]!;
  if (token === '--web') {
    given.options.web = { port: given.options.web?.port ?? DEFAULT_WEB_PORT };
    return i;
  }
  const eq = token.indexOf('=');
  const name = (eq === -1 ? token.slice(2) : token.slice(2, eq)).replace(/-/g, '_');
  let value: string | undefined;
  if (eq !== -1) value = token.slice(eq + 1);
  else {
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--') && (!isBooleanArg(given.tool ?? '', name) || next === 'true' || next === 'false')) {
      value = next;
      i++;
    }
  }
  if (OWN_OPTIONS.has(name)) {
    takeOwnOption(given, name, value);
    return i;
  }
  if (given.tool === undefined) {
    throw new UsageError(isAnyToolArg(name) ? `--${name} comes before the tool's name` : `unknown option ${token.slice(0, eq === -1 ? undefined : eq)}`);
  }
  given.args[name] = typedValue(given.tool, name, value);
  return i;
}

/** The options as they fit together: the port with the page, the image and runtime with a container, a tool without the page. */
function combined(given: GivenOptions): Options {
  const { options, port, sandbox, image, runtime, tool } = given;
  if (port !== undefined) {
    if (options.web === undefined) throw new UsageError('--port is for the web page: add --web');
    options.web.port = port;
  }
  if (sandbox === 'docker') {
    if (options.home !== undefined) throw new UsageError('--sandbox docker makes its own home (a volume, removed at the end): leave --home out');
    options.docker = { image: image ?? DEFAULT_TOUR_IMAGE, runtime: runtime ?? 'runc' };
  } else if (image !== undefined || runtime !== undefined) {
    throw new UsageError(`${image !== undefined ? '--image' : '--runtime'} is for a container: add --sandbox docker`);
  }
  if (tool !== undefined) {
    if (options.web !== undefined) throw new UsageError('the web page makes its calls from its form: leave the tool out');
    options.step = { tool, args: given.args };
  }
  return options;
}

function parseOptions(argv: readonly string[]): Options {
  const given: GivenOptions = { options: { runId: 'try' }, tool: undefined, args: {}, port: undefined, sandbox: undefined, image: undefined, runtime: undefined };
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token.startsWith('--')) {
      i = takeOption(given, argv, i);
      continue;
    }
    // `npm start --home DIR` hands the try-out only DIR: npm keeps an option before `--` for itself.
    if (given.tool === undefined && token.includes('/')) throw new UsageError(npmTookOption(token));
    if (given.tool !== undefined) throw new UsageError(`unexpected '${token}': give arguments as --name value`, isOpName(given.tool) ? given.tool : undefined);
    given.tool = token;
  }
  return combined(given);
}

/** The name, in the temporary folder, of a kept home's state folder (`realHome`: its real path). */
export function lastingRunDirName(realHome: string): string {
  return `guilds-code-run${realHome.replace(/[^A-Za-z0-9]+/g, '_')}`;
}

/** Said when the page's port is taken: before the tour runs, not after. */
export function portInUse(port: number): string {
  return `port ${port} on 127.0.0.1 is in use: choose another with --port N (--port 0 takes a free one)`;
}

/** The tour's first lines: one sentence of what it shows. */
export function tourOpening(steps: readonly Step[], widthChars: number = HELP_WIDTH_CHARS): string {
  const tools = new Set(steps.map((step) => step.tool)).size;
  const sentence =
    `A tour of the ${tools} code tools: ${steps.length} real calls in a copy of fixtures/${FIXTURE_NAME}, ` +
    'each printed as the app shows it: its row, its arguments, its result and its metadata.';
  return wrapText(sentence, widthChars).join('\n');
}

/** Where the calls ran, for the last line: a scratch home, a container and its volume, or a kept home. */
export type CallsPlace = 'scratch' | 'container' | 'kept';

/**
 * The last line, after the calls: what is removed now, and that the logs the calls named go with it
 * (`namedLogs`: a call's result named a log file); nothing for a kept home, which stays.
 */
export function closingLine(place: CallsPlace, namedLogs: boolean): string | undefined {
  const logs = namedLogs ? ', and the logs named above with it' : '';
  if (place === 'container') return `(the container and its home volume are removed now${namedLogs ? ', and the logs named above with them' : ''})`;
  if (place === 'scratch') return `(the scratch home is removed now${logs}; pass --home DIR to keep one)`;
  return undefined;
}

/** How long the tour waits for a background command's first output, and how often it looks. */
export const TOUR_OUTPUT_WAIT_MS = 10_000;
export const TOUR_OUTPUT_POLL_MS = 100;

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

/** A call as the terminal prints it, from the same view model the web page draws. */
export function renderCall(item: FlowItem): string {
  const { call } = item;
  const width = Math.max(...call.metadata.map((field) => field.label.length));
  const resultHeading = !call.ok ? 'Result (failed)' : call.result.kind === 'json' ? 'Result (JSON)' : 'Result';
  return [
    rule(`step ${call.seq} · ${call.tool}`),
    `${call.ok ? '' : '✗ '}${call.summary}`,
    '',
    'Arguments',
    indent(call.arguments.json),
    '',
    resultHeading,
    indent(call.result.text),
    '',
    'Metadata',
    ...call.metadata.map((field) => `  ${field.label.padEnd(width)}  ${field.value}`),
    '',
    ...(item.type === 'block' ? ['Block (what the app shows for a code_task)', indent(renderCodeTaskBlock(item.block)), ''] : []),
  ].join('\n');
}

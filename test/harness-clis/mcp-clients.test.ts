// The MCP server under third-party clients: the MCP Inspector's --cli mode (listing the tools and
// calling each); Claude Code configured with the server through --mcp-config, whose scripted model
// (test/harness-clis/model-server.ts, on 127.0.0.1) asks for file_read and gets our exact text; and
// Claude Code, Codex, Gemini CLI and OpenCode each configured and run headless by the README's own
// blocks, as written.
//
// The Inspector is installed by scripts/install-mcp-inspector.sh, the CLIs by
// scripts/install-harness-clis.sh, pinned, into ~/.cache/guilds-code/; a warm run touches neither npm
// nor the network. When the registry cannot be reached (exit 3), or GUILDS_HARNESS_CLIS=skip, the
// tests are reported as skipped, never as passed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from '../helpers/background.js';
import { blocksUnder, type FencedBlock } from '../helpers/markdown.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { CHECKOUT_PLACEHOLDER } from '../package/support.js';
import { baseEnvironment, CODEX_MODEL, PROFILES, type CliName } from './clis.js';
import { startModelServer, type Action, type ModelServer, type Turn } from './model-server.js';

const MCP_BUNDLE = join(REPO_ROOT, 'dist', 'guilds-code-mcp.js');
const CACHE = join(homedir(), '.cache', 'guilds-code');
const INSPECTOR = join(process.env.GUILDS_INSPECTOR_CACHE ?? join(CACHE, 'mcp-inspector'), 'bin', 'mcp-inspector');
const CLAUDE = join(process.env.GUILDS_CLI_CACHE ?? join(CACHE, 'harness-clis'), 'bin', 'claude');
const INSTALL_TIME_LIMIT_MS = 15 * 60_000;
const REGISTRY_UNREACHABLE_EXIT = 3;
const CLIENT_TIME_LIMIT_MS = 120_000;

interface Install {
  state: 'ready' | 'skipped' | 'failed';
  reason: string;
}

function install(script: string, args: string[] = []): Install {
  if (process.env.GUILDS_HARNESS_CLIS === 'skip') return { state: 'skipped', reason: 'GUILDS_HARNESS_CLIS=skip' };
  const run = spawnSync('bash', [join(REPO_ROOT, 'scripts', script), ...args], { encoding: 'utf8', timeout: INSTALL_TIME_LIMIT_MS });
  const lastLine = `${run.stderr ?? ''}${run.stdout ?? ''}`.trim().split('\n').at(-1) ?? '';
  if (run.status === REGISTRY_UNREACHABLE_EXIT) return { state: 'skipped', reason: lastLine };
  if (run.status !== 0) return { state: 'failed', reason: `scripts/${script} failed (exit ${run.status ?? run.signal}: ${lastLine})` };
  return { state: 'ready', reason: '' };
}

function tier(name: string, installed: Install, body: () => void): void {
  if (installed.state === 'failed') it(`installs ${name}`, () => expect.fail(installed.reason));
  const title = installed.state === 'ready' ? name : `${name} (not run: ${installed.reason})`;
  (installed.state === 'ready' ? describe : describe.skip)(title, body);
}

let root: string;
let home: string;
beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'guilds-mcp-clients-')));
  home = join(root, 'work');
  mkdirSync(home);
  mkdirSync(join(root, 'run', 'requests'), { recursive: true });
  writeFileSync(join(home, 'notes.txt'), 'first line\nsecond\tline, with a tab\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The server's command line and environment, as a client's config names them. */
function serverCommand(extra: string[] = []): { command: string; args: string[]; env: Record<string, string> } {
  return {
    command: process.execPath,
    args: [MCP_BUNDLE, '--home', home, ...extra],
    env: { GUILDS_RUN_DIR: join(root, 'run') },
  };
}

function runInspector(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const server = serverCommand();
  return new Promise((resolve) => {
    const child = spawn(INSPECTOR, ['--cli', '-e', `GUILDS_RUN_DIR=${server.env.GUILDS_RUN_DIR}`, server.command, ...server.args, ...args], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: root },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), CLIENT_TIME_LIMIT_MS);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

async function inspectorCall(tool: string, args: Record<string, string> = {}): Promise<{ content: { text: string }[]; isError?: boolean }> {
  const toolArgs = Object.entries(args).flatMap(([name, value]) => ['--tool-arg', `${name}=${value}`]);
  const run = await runInspector(['--method', 'tools/call', '--tool-name', tool, ...toolArgs]);
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as { content: { text: string }[]; isError?: boolean };
}

tier('the MCP Inspector 0.15.0 (--cli) as the client', install('install-mcp-inspector.sh'), () => {
  it('lists the four tools with their schemas', async () => {
    const run = await runInspector(['--method', 'tools/list']);
    expect(run.status, run.stderr).toBe(0);
    const { tools } = JSON.parse(run.stdout) as { tools: { name: string; inputSchema: { required?: string[] } }[] };
    expect(tools.map((tool) => tool.name)).toEqual(['shell', 'shell_status', 'file_read', 'code_search']);
    expect(tools.find((tool) => tool.name === 'file_read')!.inputSchema.required).toEqual(['path']);
  }, CLIENT_TIME_LIMIT_MS);

  it('calls each tool and gets its text', async () => {
    expect((await inspectorCall('file_read', { path: 'notes.txt', offset: '2' })).content).toEqual([
      { type: 'text', text: 'notes.txt · lines 2–2 of 2\n2\tsecond\tline, with a tab' },
    ]);
    expect((await inspectorCall('shell', { command: 'printf "%s\\n" "$PWD"' })).content).toEqual([{ type: 'text', text: home }]);
    expect((await inspectorCall('code_search', { pattern: 'tab', mode: 'content' })).content).toEqual([
      { type: 'text', text: 'notes.txt:2: second\tline, with a tab\n1 match in 1 file' },
    ]);
    expect((await inspectorCall('shell_status')).content).toEqual([{ type: 'text', text: 'no background commands' }]);
    const missing = await inspectorCall('file_read', { path: 'nope.txt' });
    expect(missing).toMatchObject({ isError: true, content: [{ type: 'text', text: 'no such file or folder: nope.txt' }] });
  }, 4 * CLIENT_TIME_LIMIT_MS);
});

// ---------------------------------------------------------------------------------------------------

const FILE_READ_TEXT = 'notes.txt · lines 1–2 of 2\n1\tfirst line\n2\tsecond\tline, with a tab';
const MCP_TOOL = 'mcp__guilds__file_read';

/** The text of the tool result the model got back for its call, from the requests the model server saw. */
function toolResultText(server: ModelServer): string | undefined {
  for (const request of server.requests) {
    const messages = (request.body as { messages?: { content?: unknown }[] }).messages ?? [];
    for (const message of messages) {
      if (!Array.isArray(message.content)) continue;
      for (const block of message.content as { type?: string; content?: unknown }[]) {
        if (block.type !== 'tool_result') continue;
        if (typeof block.content === 'string') return block.content;
        if (Array.isArray(block.content)) return (block.content as { text?: string }[]).map((part) => part.text ?? '').join('');
      }
    }
  }
  return undefined;
}

async function claudeReads(serverArgs: string[]): Promise<{ status: number | null; result: string | undefined; stdout: string }> {
  const server = await startModelServer({
    script: (turn) => {
      if (turn.tools.length === 0 && !turn.prompt.includes('READ_NOTES')) return { kind: 'text', text: 'FAKE_SIDE_REPLY' };
      if (!turn.toolResultAfterPrompt) return { kind: 'tool_call', name: MCP_TOOL, input: { path: 'notes.txt' } };
      return { kind: 'text', text: 'FAKE_DONE' };
    },
  });
  try {
    const claudeHome = join(root, `claude-home-${serverArgs.length}`);
    mkdirSync(join(claudeHome, 'tmp'), { recursive: true });
    const config = JSON.stringify({ mcpServers: { guilds: serverCommand(serverArgs) } });
    const argv = ['-p', '--output-format', 'stream-json', '--verbose', '--permission-mode', 'bypassPermissions', '--mcp-config', config, '--strict-mcp-config'];
    const env = {
      ...baseEnvironment(claudeHome, process.env.PATH ?? '/usr/bin:/bin'),
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'sk-ant-fake',
      CLAUDE_CODE_MAX_RETRIES: '0',
      IS_SANDBOX: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
    };
    const run = await new Promise<{ status: number | null; stdout: string }>((resolve) => {
      const child = spawn(CLAUDE, [...argv, 'READ_NOTES: read notes.txt with the file_read tool'], { cwd: home, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      const timer = setTimeout(() => child.kill('SIGKILL'), CLIENT_TIME_LIMIT_MS);
      child.on('close', (status) => {
        clearTimeout(timer);
        resolve({ status, stdout });
      });
    });
    return { ...run, result: toolResultText(server) };
  } finally {
    await server.close();
  }
}

tier('Claude Code configured with the MCP server (--mcp-config), offline', install('install-harness-clis.sh', ['claude']), () => {
  it('its model asks for file_read through MCP and reads our exact text', async () => {
    const run = await claudeReads([]);
    expect(run.status, run.stdout.slice(-2000)).toBe(0);
    expect(run.result).toBe(FILE_READ_TEXT);
    expect(run.stdout).toContain('"result":"FAKE_DONE"');
  }, CLIENT_TIME_LIMIT_MS);

  it('with --structured-content its model gets the meta as JSON in place of the text: why the meta is in _meta by default', async () => {
    const run = await claudeReads(['--structured-content']);
    expect(run.status, run.stdout.slice(-2000)).toBe(0);
    expect(run.result).not.toBe(FILE_READ_TEXT);
    expect(JSON.parse(run.result!)).toMatchObject({ path: join(home, 'notes.txt'), display_path: 'notes.txt', range: [1, 2] });
  }, CLIENT_TIME_LIMIT_MS);
});

// ---------------------------------------------------------------------------------------------------
// The README's blocks for each CLI, run as written: the configuration once for every project, then
// the headless line, in a git repository of its own, the CLI's model the scripted one. The model
// calls shell (the tool each CLI refuses headless until told) and file_read on a missing file; the
// test reads what the CLI handed the model back, and that no server is left running.

const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const CLI_BIN = join(process.env.GUILDS_CLI_CACHE ?? join(CACHE, 'harness-clis'), 'bin');
const PWD_COMMAND = 'printf "%s\\n" "$PWD"';
const MISSING_TEXT = 'no such file or folder: nope.txt';

interface ClientCase {
  cli: CliName;
  heading: string;
  /** What in the README's headless line allows this server's tools. */
  allow: string;
  /** The tool as the CLI offers it to the model. */
  offered(tool: string): string;
  /** Codex: the namespace its tools are found in. */
  namespace?: string;
  /** How the model searches the CLI's deferred tools, when it defers MCP tools (Claude Code, Codex). */
  search?: (query: string) => Action;
  /** What the CLI adds to every tool's schema, as its model may fill it in. */
  added?: Record<string, unknown>;
}

const CLIENTS: ClientCase[] = [
  {
    cli: 'claude',
    heading: '#### Claude Code',
    allow: ' --allowedTools mcp__guilds-code',
    offered: (tool) => `mcp__guilds-code__${tool}`,
    search: (query) => ({ kind: 'tool_call', name: 'ToolSearch', input: { query } }),
  },
  {
    cli: 'codex',
    heading: '#### Codex',
    allow: ` -c 'mcp_servers.guilds-code.default_tools_approval_mode="approve"'`,
    offered: (tool) => tool,
    namespace: 'mcp__guilds_code',
    search: (query) => ({ kind: 'tool_search', query }),
  },
  {
    cli: 'gemini',
    heading: '#### Gemini CLI',
    allow: ` --allowed-tools 'mcp_guilds-code_*'`,
    offered: (tool) => `mcp_guilds-code_${tool}`,
    added: { wait_for_previous: true },
  },
  { cli: 'opencode', heading: '#### OpenCode', allow: '', offered: (tool) => `guilds-code_${tool}` },
];

/** The searches a model makes to find each tool where the CLI defers MCP tools behind a search. */
const TOOL_SEARCHES: [query: string, tool: string][] = [
  ['shell command to run the tests or a build', 'shell'],
  ['read lines of a file', 'file_read'],
  ['grep to find a name in the code', 'code_search'],
];

/** What the model did, step by step: Codex's searches first, then shell, then a read of a missing file. */
function clientScript(client: ClientCase): (turn: Turn) => Action | undefined {
  const searches = client.search ? TOOL_SEARCHES.map(([query]) => client.search!(query)) : [];
  const calls: Action[] = [
    ...searches,
    { kind: 'tool_call', name: client.offered('shell'), input: { command: PWD_COMMAND, ...client.added }, ...(client.namespace ? { namespace: client.namespace } : {}) },
    { kind: 'tool_call', name: client.offered('file_read'), input: { path: 'nope.txt' }, ...(client.namespace ? { namespace: client.namespace } : {}) },
  ];
  return (turn) => {
    if (turn.tools.length === 0) return { kind: 'text', text: 'FAKE_SIDE_REPLY' };
    const done = turn.entries.filter((entry) => entry.kind === 'tool_result').length;
    // A CLI that does not offer the tool gets no call it would refuse as unknown: the test reads the offer.
    const next = calls[done];
    if (next?.kind === 'tool_call' && !client.search && !turn.tools.includes(next.name)) return { kind: 'text', text: 'FAKE_NO_MCP_TOOL' };
    return next ?? { kind: 'text', text: 'FAKE_DONE' };
  };
}

/** The tool results of the CLI's last request to the model, as its API carries them. */
function resultsTheModelSaw(server: ModelServer): unknown[] {
  const last = [...server.requests].reverse().find((request) => request.api !== 'gemini-generate' && request.api !== 'other' && typeof request.body === 'object');
  const body = (last?.body ?? {}) as Record<string, any>;
  if (last?.api === 'anthropic')
    return (body.messages as any[]).flatMap((message) => (Array.isArray(message.content) ? message.content : [])).filter((block) => block.type === 'tool_result').map(({ content, is_error }) => ({ content, is_error }));
  if (last?.api === 'responses')
    return (body.input as any[]).filter((item) => item.type === 'function_call_output' || item.type === 'tool_search_output').map((item) => (item.type === 'tool_search_output' ? { tools: item.tools } : { type: item.type, output: item.output }));
  if (last?.api === 'chat') return (body.messages as any[]).filter((message) => message.role === 'tool');
  return (body.contents as any[] ?? []).flatMap((content) => content.parts ?? []).filter((part) => part.functionResponse).map((part) => part.functionResponse.response);
}

/** The tools the CLI offered the model in its last request. */
function toolsOffered(server: ModelServer): string[] {
  const last = [...server.requests].reverse().find((request) => request.api !== 'gemini-generate' && request.api !== 'other' && typeof request.body === 'object');
  const body = (last?.body ?? {}) as Record<string, any>;
  if (last?.api === 'gemini') return (body.tools as any[] ?? []).flatMap((tool) => (tool.functionDeclarations ?? []).map((declaration: any) => declaration.name));
  if (last?.api === 'chat') return (body.tools as any[] ?? []).map((tool) => tool.function.name);
  return (body.tools as any[] ?? []).map((tool) => tool.name ?? tool.type);
}

/** Processes of this checkout's MCP server still running. */
function serversRunning(): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (argv.includes(MCP_BUNDLE)) found.push(`${pid} ${argv.join(' ')}`);
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** The README's configuration block for a CLI, written where its first line says (or run, for a command). */
function applyConfig(block: FencedBlock, cliHome: string, env: Record<string, string>, cwd: string): void {
  const body = block.body.replaceAll(CHECKOUT_PLACEHOLDER, REPO_ROOT);
  if (block.language === 'sh') {
    const ran = spawnSync('bash', ['-c', body], { cwd, env, encoding: 'utf8', timeout: CLIENT_TIME_LIMIT_MS });
    expect({ status: ran.status, stderr: ran.stderr }).toEqual({ status: 0, stderr: '' });
    return;
  }
  const [first, ...rest] = body.split('\n');
  const file = /^(?:#|\/\/) ~\/(\S+)$/.exec(first!)?.[1];
  if (!file) throw new Error(`the README's ${block.language} block does not start with the file it goes in: ${first}`);
  const path = join(cliHome, file);
  mkdirSync(dirname(path), { recursive: true });
  if (block.language === 'toml') {
    writeFileSync(path, `${existsSync(path) ? readFileSync(path, 'utf8') : ''}\n${rest.join('\n')}\n`);
  } else {
    const before = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as object) : {};
    writeFileSync(path, JSON.stringify({ ...before, ...(JSON.parse(rest.join('\n')) as object) }, null, 2));
  }
}

interface ClientRun {
  project: string;
  status: number | null;
  output: string;
  results: unknown[];
  offered: string[];
  leftRunning: string[];
}

/** The README's two blocks for one CLI, run in a fresh project; `line` edits the headless line. */
async function runClient(client: ClientCase, name: string, edit: (line: string, config: FencedBlock) => [string, FencedBlock] = (line, config) => [line, config]): Promise<ClientRun> {
  const [configBlock, headlessBlock] = blocksUnder(README, client.heading);
  expect(headlessBlock?.language).toBe('sh');
  expect(headlessBlock!.body).toContain(client.allow);
  const [line, config] = edit(headlessBlock!.body.trim(), configBlock!);
  const server = await startModelServer({ script: clientScript(client) });
  try {
    const cliHome = join(root, `${client.cli}-${name}`, 'home');
    const project = join(root, `${client.cli}-${name}`, 'project');
    mkdirSync(join(cliHome, 'tmp'), { recursive: true });
    mkdirSync(project, { recursive: true });
    spawnSync('git', ['init', '-q'], { cwd: project });
    const profile = PROFILES[client.cli];
    profile.configure(cliHome, server.url);
    if (client.cli === 'codex') {
      // The scripted model under a name Codex knows (it offers tool_search only to the models that have it).
      const file = join(cliHome, '.codex', 'config.toml');
      writeFileSync(file, `model = "${CODEX_MODEL}"\n${readFileSync(file, 'utf8')}`);
    }
    const env = {
      ...baseEnvironment(cliHome, `${CLI_BIN}:${dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`),
      ...profile.environment(cliHome, server.url),
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      GUILDS_RUN_DIR: join(root, 'run'),
    };
    applyConfig(config, cliHome, env, project);
    const run = await new Promise<{ status: number | null; output: string }>((resolve) => {
      const child = spawn('bash', ['-c', line], { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const timer = setTimeout(() => child.kill('SIGKILL'), CLIENT_TIME_LIMIT_MS);
      child.on('close', (status) => {
        clearTimeout(timer);
        resolve({ status, output });
      });
    });
    const leftRunning = await pollUntil(serversRunning, (running) => running.length === 0).catch(() => serversRunning());
    return { ...run, project, results: resultsTheModelSaw(server), offered: toolsOffered(server), leftRunning };
  } finally {
    await server.close();
  }
}

/** The names a tool search gave back, per search: Codex's tool_search output, Claude Code's tool references. */
function searchResults(results: unknown[]): string[][] {
  return results.flatMap((result: any) => {
    if (Array.isArray(result.tools)) return [result.tools.flatMap((group: any) => group.tools.map((tool: any) => tool.name))];
    if (Array.isArray(result.content) && result.content.some((part: any) => part.type === 'tool_reference')) return [result.content.map((part: any) => part.tool_name)];
    return [];
  });
}

/** The results of the calls themselves, after the searches. */
function callResults(results: unknown[]): unknown[] {
  return results.filter((result: any) => !Array.isArray(result.tools) && !(Array.isArray(result.content) && result.content.some((part: any) => part.type === 'tool_reference')));
}

/** Codex puts its own line before a tool's text: how long the call took. */
const CODEX_WALL_TIME = /^Wall time: \d+(\.\d+)? seconds\nOutput:$/;

/** Codex's function output: its wall-time line, then the text. */
function codexOutput(text: string): unknown {
  return { type: 'function_call_output', output: [{ type: 'input_text', text: expect.stringMatching(CODEX_WALL_TIME) }, { type: 'input_text', text }] };
}

/** What each CLI handed its model back for shell (the project's path) and for a read of a missing file. */
function expectedResults(cli: CliName, project: string): unknown[] {
  switch (cli) {
    case 'claude':
      return [{ content: [{ type: 'text', text: project }] }, { content: MISSING_TEXT, is_error: true }];
    case 'codex':
      return [codexOutput(project), codexOutput(MISSING_TEXT)];
    case 'gemini':
      return [
        { output: `<untrusted_context>\n${project}\n</untrusted_context>` },
        {
          error:
            'MCP tool \'file_read\' reported tool error for function call: {"name":"file_read","args":{"path":"nope.txt"}} with response: ' +
            JSON.stringify([{ functionResponse: { name: 'file_read', response: { _meta: { kind: 'not_found' }, content: [{ type: 'text', text: MISSING_TEXT }], isError: true } } }]),
        },
      ];
    case 'opencode':
      return [project, MISSING_TEXT].map((content) => ({ role: 'tool', tool_call_id: expect.any(String), content }));
  }
}

tier("each CLI configured and run headless by the README's blocks, as written, offline", install('install-harness-clis.sh'), () => {
  for (const client of CLIENTS) {
    const name = client.heading.slice('#### '.length);
    it(`${name}: its model finds and calls shell and file_read, each result is our exact text, a failure as the CLI marks it; no server is left running`, async () => {
      const run = await runClient(client, 'allowed');
      expect(run.status, run.output.slice(-2000)).toBe(0);
      if (client.search) {
        const found = searchResults(run.results);
        expect(TOOL_SEARCHES.map(([, tool], index) => found[index]?.includes(client.offered(tool)))).toEqual([true, true, true]);
        // Codex ranks by BM25 over the names and descriptions: each search's first tool is the one meant.
        if (client.cli === 'codex') expect(found.map((names) => names[0])).toEqual(TOOL_SEARCHES.map(([, tool]) => tool));
      } else {
        expect(run.offered.filter((tool) => tool.includes('guilds')).sort()).toEqual(['shell', 'shell_status', 'file_read', 'code_search'].map(client.offered).sort());
      }
      expect(callResults(run.results)).toEqual(expectedResults(client.cli, run.project));
      expect(run.leftRunning).toEqual([]);
    }, 2 * CLIENT_TIME_LIMIT_MS);
  }

  it('Claude Code without --allowedTools: every call refused, in its words', async () => {
    const client = CLIENTS.find((each) => each.cli === 'claude')!;
    const run = await runClient(client, 'refused', (line, config) => [line.replace(client.allow, ''), config]);
    expect(callResults(run.results)).toEqual(
      ['shell', 'file_read'].map((tool) => ({ content: `Claude requested permissions to use mcp__guilds-code__${tool}, but you haven't granted it yet.`, is_error: true })),
    );
    expect(run.leftRunning).toEqual([]);
  }, 2 * CLIENT_TIME_LIMIT_MS);

  it('codex exec without the approval mode: shell refused, the read-only file_read run', async () => {
    const client = CLIENTS.find((each) => each.cli === 'codex')!;
    const run = await runClient(client, 'refused', (line, config) => [line.replace(client.allow, ''), config]);
    expect(callResults(run.results)).toEqual([
      codexOutput('MCP tool call requires approval, but approval policy is never'),
      codexOutput(MISSING_TEXT),
    ]);
    expect(run.leftRunning).toEqual([]);
  }, 2 * CLIENT_TIME_LIMIT_MS);

  it('gemini -p without --allowed-tools: no tool of the server offered to the model', async () => {
    const client = CLIENTS.find((each) => each.cli === 'gemini')!;
    const run = await runClient(client, 'refused', (line, config) => [line.replace(client.allow, ''), config]);
    expect([run.status, run.offered.filter((tool) => tool.includes('guilds')), run.results]).toEqual([0, [], []]);
    expect(run.leftRunning).toEqual([]);
  }, 2 * CLIENT_TIME_LIMIT_MS);

  it("Claude Code's root is the home: the server it starts in / works in the project Claude Code runs in", async () => {
    const client = CLIENTS.find((each) => each.cli === 'claude')!;
    const fromRoot = (config: FencedBlock): FencedBlock => ({
      ...config,
      body: config.body.replace(/-- (node \S+)$/, (_all, command: string) => `-- bash -c 'cd / && exec ${command}'`),
    });
    const run = await runClient(client, 'roots', (line, config) => [line, fromRoot(config)]);
    expect(fromRoot(blocksUnder(README, client.heading)[0]!).body).toContain("bash -c 'cd / && exec node ");
    expect(callResults(run.results)).toEqual(expectedResults('claude', run.project));
  }, 2 * CLIENT_TIME_LIMIT_MS);
});

// The MCP server under third-party clients: the MCP Inspector's --cli mode (listing the tools and
// calling each), and Claude Code configured with the server through --mcp-config, whose scripted
// model (test/harness-clis/model-server.ts, on 127.0.0.1) asks for file_read and gets our exact text.
//
// The Inspector is installed by scripts/install-mcp-inspector.sh, Claude Code by
// scripts/install-harness-clis.sh, pinned, into ~/.cache/guilds-code/; a warm run touches neither npm
// nor the network. When the registry cannot be reached (exit 3), or GUILDS_HARNESS_CLIS=skip, the
// tests are reported as skipped, never as passed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.js';
import { baseEnvironment } from './clis.js';
import { startModelServer, type ModelServer } from './model-server.js';

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

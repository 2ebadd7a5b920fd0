// For tests of the MCP server: the committed bundle started by the SDK's own stdio client, in a
// scratch home with a state folder of its own.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema, type Root } from '@modelcontextprotocol/sdk/types.js';
import { MCP_BUNDLE, BUNDLE_NODE } from './paths.js';

export interface McpScratch {
  root: string;
  home: string;
  runDir: string;
  cleanup(): void;
}

export function makeMcpScratch(): McpScratch {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'guilds-mcp-test-')));
  const home = join(root, 'home');
  const runDir = join(root, 'run');
  mkdirSync(home);
  mkdirSync(join(runDir, 'requests'), { recursive: true, mode: 0o700 });
  return { root, home, runDir, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export interface McpConnection {
  client: Client;
  transport: StdioClientTransport;
  /** The server's pid. */
  pid: number;
  stderr(): string;
  close(): Promise<void>;
}

/** The environment the server gets: PATH, and the scratch state folder. */
export function serverEnv(scratch: McpScratch, extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: scratch.home, GUILDS_RUN_DIR: scratch.runDir, ...extra };
}

export interface ConnectOptions {
  args?: string[];
  env?: Record<string, string>;
  /** false: no --home, the server starts in `cwd` (default: --home the scratch home). */
  home?: false;
  /** The server's working directory (default: this process's). */
  cwd?: string;
  /** The client offers roots and answers roots/list with what this returns at the time. */
  roots?: () => Root[];
  /** The server's bundle (default: the committed one). */
  bundle?: string;
}

export async function connectMcp(scratch: McpScratch, options: ConnectOptions = {}): Promise<McpConnection> {
  const transport = new StdioClientTransport({
    command: BUNDLE_NODE,
    args: [options.bundle ?? MCP_BUNDLE, ...(options.home === false ? [] : ['--home', scratch.home]), ...(options.args ?? [])],
    env: serverEnv(scratch, options.env),
    stderr: 'pipe',
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const roots = options.roots;
  const client = new Client({ name: 'guilds-code-tests', version: '1.0.0' }, roots ? { capabilities: { roots: { listChanged: true } } } : {});
  if (roots) client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: roots() }));
  await client.connect(transport);
  return { client, transport, pid: transport.pid!, stderr: () => stderr, close: () => client.close() };
}

export { processRuns } from './processes.js';

/** The text of a tool result's one content item. */
export function textOf(result: unknown): string {
  const content = (result as { content: { type: string; text: string }[] }).content;
  if (content.length !== 1 || content[0]!.type !== 'text') throw new Error(`not one text item: ${JSON.stringify(result)}`);
  return content[0]!.text;
}

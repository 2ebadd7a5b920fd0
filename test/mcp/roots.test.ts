// The home and the client's roots (MCP roots/list), through the SDK's own client: without --home the
// first root that is a local folder is the home and a change of roots moves it (a new run there);
// with --home the home stays and a root outside it is said on stderr; a bad root is one line, never
// a crash.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ToolListChangedNotificationSchema, type Root } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pollUntil } from '../helpers/background.js';
import { connectMcp, makeMcpScratch, textOf, type McpConnection, type McpScratch } from '../helpers/mcp.js';

let scratch: McpScratch;
let mcp: McpConnection | undefined;
/** Two projects beside the scratch home, each with the same notes.txt. */
let projectA: string;
let projectB: string;
let started: string;
beforeEach(() => {
  scratch = makeMcpScratch();
  projectA = join(scratch.root, 'project-a');
  projectB = join(scratch.root, 'project b');
  started = join(scratch.root, 'started-in');
  for (const folder of [projectA, projectB, started]) {
    mkdirSync(join(folder, 'sub'), { recursive: true });
    writeFileSync(join(folder, 'notes.txt'), 'one\ntwo\n');
  }
});
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
  scratch.cleanup();
});

const root = (folder: string): Root => ({ uri: pathToFileURL(folder).href, name: folder });
const NOTES = 'notes.txt · lines 1–2 of 2\n1\tone\n2\ttwo';

async function pwd(connection: McpConnection): Promise<string> {
  return textOf(await connection.client.callTool({ name: 'shell', arguments: { command: 'printf "%s\\n" "$PWD"' } }));
}

async function shellDescription(connection: McpConnection): Promise<string> {
  const { tools } = await connection.client.listTools();
  return tools.find((tool) => tool.name === 'shell')!.description!;
}

async function stderrLines(connection: McpConnection, count: number): Promise<string[]> {
  const text = await pollUntil(connection.stderr, (seen) => seen.split('\n').length > count);
  return text.trimEnd().split('\n');
}

describe('without --home', () => {
  it('works in the folder it was started in when the client offers no roots', async () => {
    mcp = await connectMcp(scratch, { home: false, cwd: started });
    expect(await pwd(mcp)).toBe(started);
    expect(await shellDescription(mcp)).toContain(`The home is ${started}:`);
    expect(mcp.stderr()).toBe('');
  });

  it("takes the client's first root as the home: commands start there and the tools say so", async () => {
    mcp = await connectMcp(scratch, { home: false, cwd: started, roots: () => [root(projectB), root(projectA)] });
    expect(await shellDescription(mcp)).toContain(`The home is ${projectB}:`);
    expect(await pwd(mcp)).toBe(projectB);
    expect(textOf(await mcp.client.callTool({ name: 'file_read', arguments: { path: '~/notes.txt' } }))).toBe(NOTES);
    expect(await stderrLines(mcp, 1)).toEqual([`guilds-code-mcp: the home is ${projectB}, the client's first root`]);
  });

  it('follows a change of roots between calls: a new run at the new home, no pointer to a read made under the old one', async () => {
    let roots = [root(projectA)];
    mcp = await connectMcp(scratch, { home: false, cwd: started, roots: () => roots });
    let toolsChanged = 0;
    mcp.client.setNotificationHandler(ToolListChangedNotificationSchema, () => void toolsChanged++);
    await mcp.client.callTool({ name: 'shell', arguments: { command: 'cd sub' } });
    expect(await pwd(mcp)).toBe(join(projectA, 'sub'));
    expect(textOf(await mcp.client.callTool({ name: 'file_read', arguments: { path: '~/notes.txt' } }))).toBe(`../${NOTES}`);

    roots = [root(projectB)];
    await mcp.client.sendRootsListChanged();
    expect(await pwd(mcp)).toBe(projectB);
    const read = (): Promise<unknown> => mcp!.client.callTool({ name: 'file_read', arguments: { path: '~/notes.txt' } });
    expect(textOf(await read())).toBe(NOTES);
    expect(textOf(await read())).toBe('notes.txt lines 1–2: unchanged since step 5; read that result.');
    expect(await shellDescription(mcp)).toContain(`The home is ${projectB}:`);
    await pollUntil(() => toolsChanged, (count) => count === 1);
    expect(await stderrLines(mcp, 2)).toEqual([
      `guilds-code-mcp: the home is ${projectA}, the client's first root`,
      `guilds-code-mcp: the home is ${projectB}, the client's first root`,
    ]);
  });

  it('refuses a root that is not a local folder or does not exist, in one line each, and takes the next', async () => {
    const gone = join(scratch.root, 'gone');
    const roots = [{ uri: 'https://example.com/repo' }, root(gone), { uri: 'file://other-host/srv' }, root(join(projectA, 'notes.txt')), root(projectA)];
    mcp = await connectMcp(scratch, { home: false, cwd: started, roots: () => roots });
    expect(await pwd(mcp)).toBe(projectA);
    expect(await stderrLines(mcp, 5)).toEqual([
      "guilds-code-mcp: the client's root https://example.com/repo is not a local folder (file:// only); ignored",
      `guilds-code-mcp: the client's root ${pathToFileURL(gone).href} is a folder that does not exist; ignored`,
      "guilds-code-mcp: the client's root file://other-host/srv is on another host (other-host); ignored",
      `guilds-code-mcp: the client's root ${pathToFileURL(join(projectA, 'notes.txt')).href} is not a folder; ignored`,
      `guilds-code-mcp: the home is ${projectA}, the client's first root`,
    ]);
  });

  it('stays in the folder it was started in when the client answers roots/list with an error, and says so', async () => {
    mcp = await connectMcp(scratch, {
      home: false,
      cwd: started,
      roots: () => {
        throw new Error('no workspace open');
      },
    });
    expect(await pwd(mcp)).toBe(started);
    expect(await stderrLines(mcp, 1)).toEqual([`guilds-code-mcp: the client did not list its roots (no workspace open); the home stays ${started}`]);
  });

  it('stays in the folder it was started in when no root is a local folder', async () => {
    mcp = await connectMcp(scratch, { home: false, cwd: started, roots: () => [{ uri: 'zed://project' }] });
    expect(await pwd(mcp)).toBe(started);
    expect(await stderrLines(mcp, 1)).toEqual(["guilds-code-mcp: the client's root zed://project is not a local folder (file:// only); ignored"]);
  });
});

describe('with --home', () => {
  it('keeps that home whatever the roots say, and says a root outside it once on stderr', async () => {
    let roots = [root(join(scratch.home, 'inside')), root(projectA)];
    mkdirSync(join(scratch.home, 'inside'));
    mcp = await connectMcp(scratch, { cwd: started, roots: () => roots });
    expect(await pwd(mcp)).toBe(scratch.home);
    expect(await stderrLines(mcp, 1)).toEqual([
      `guilds-code-mcp: the client's root ${pathToFileURL(projectA).href} is outside the home ${scratch.home} (--home); ignored`,
    ]);
    roots = [root(projectB)];
    await mcp.client.sendRootsListChanged();
    expect(await stderrLines(mcp, 2)).toEqual([
      `guilds-code-mcp: the client's root ${pathToFileURL(projectA).href} is outside the home ${scratch.home} (--home); ignored`,
      `guilds-code-mcp: the client's root ${pathToFileURL(projectB).href} is outside the home ${scratch.home} (--home); ignored`,
    ]);
    expect(await pwd(mcp)).toBe(scratch.home);
    expect(await shellDescription(mcp)).toContain(`The home is ${scratch.home}:`);
  });
});

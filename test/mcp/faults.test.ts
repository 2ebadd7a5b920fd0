// The MCP server never dies of one call (issue 22): a child a call started that aborts (SIGABRT) or
// crashes (SIGSEGV) is that call's answer, and the same server process serves the next call. Node's
// own native aborts cannot be caught by any server: none of its code reaches for an internal API
// (test/e2e/internal-api.test.ts); this file runs on every Node line of the matrix.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectMcp, makeMcpScratch, textOf, type McpConnection, type McpScratch } from '../helpers/mcp.js';
import { pollUntil } from '../helpers/poll.js';

let scratch: McpScratch;
let mcp: McpConnection | undefined;
beforeEach(() => {
  scratch = makeMcpScratch();
  writeFileSync(join(scratch.home, 'a.txt'), 'needle\n');
});
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
  scratch.cleanup();
});

/** A stand-in for ripgrep that dies of `signal` before it answers. */
function dyingRipgrep(signal: 'ABRT' | 'SEGV'): string {
  const path = join(scratch.root, `rg-${signal}`);
  writeFileSync(path, `#!/bin/sh\nkill -${signal} $$\n`);
  chmodSync(path, 0o755);
  return path;
}

async function callTool(name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const result = await mcp!.client.callTool({ name, arguments: args });
  return { text: textOf(result), isError: result.isError === true };
}

/** The server still serves: a file_read of the scratch file answers its line, from the same process. */
async function expectStillServing(pid: number): Promise<void> {
  expect(await callTool('file_read', { path: 'a.txt' })).toEqual({ text: 'a.txt · lines 1–1 of 1\n1\tneedle', isError: false });
  expect(mcp!.pid).toBe(pid);
  expect(mcp!.stderr()).toBe('');
}

describe('a call whose child dies of a signal is that call\'s answer; the server goes on', () => {
  it.each(['ABRT', 'SEGV'] as const)('a shell command killed by SIG%s', async (signal) => {
    mcp = await connectMcp(scratch);
    const pid = mcp.pid;
    const code = signal === 'ABRT' ? 134 : 139;
    expect(await callTool('shell', { command: `echo before; kill -${signal} $$` })).toEqual({ text: `before\nexit_code: ${code}`, isError: false });
    await expectStillServing(pid);
  });

  it.each(['ABRT', 'SEGV'] as const)('ripgrep killed by SIG%s', async (signal) => {
    mcp = await connectMcp(scratch, { env: { GUILDS_RG: dyingRipgrep(signal) } });
    const pid = mcp.pid;
    expect(await callTool('code_search', { pattern: 'needle' })).toEqual({ text: 'ripgrep: ripgrep failed without saying why', isError: true });
    await expectStillServing(pid);
  });

  it('a background command that aborts, followed by its status', async () => {
    mcp = await connectMcp(scratch);
    const pid = mcp.pid;
    expect((await callTool('shell', { command: 'kill -ABRT $$', background: true })).text).toMatch(/^started b1 in the background \(pid \d+\)\n/);
    const status = await pollUntil(async () => (await callTool('shell_status', { id: 'b1' })).text, (text) => /^state: exited/.test(text));
    expect(status).toMatch(/^state: exited 134\n/);
    await expectStillServing(pid);
  });
});

// The MCP server through the SDK's own Client over stdio: the tool table, results and failures,
// progress, cancellation, a client that goes away, calls at once, a home that goes, large input.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOOL_SPECS, type OpName } from '../../src/contract/tools/index.js';
import { homeMissing } from '../../src/contract/errors.js';
import { parametersSchema } from '../../src/orchestrator/declarations.js';
import { pollUntil } from '../helpers/background.js';
import { connectMcp, makeMcpScratch, processRuns, textOf, type McpConnection, type McpScratch } from '../helpers/mcp.js';

let scratch: McpScratch;
let mcp: McpConnection | undefined;
beforeEach(() => {
  scratch = makeMcpScratch();
  mkdirSync(join(scratch.home, 'sub'));
  writeFileSync(join(scratch.home, 'a.txt'), 'one\ntwo\n');
});
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
  scratch.cleanup();
});

function pidIn(path: string): number {
  return Number(readFileSync(path, 'utf8').trim());
}

async function fileAppears(path: string): Promise<void> {
  await pollUntil(() => existsSync(path) && readFileSync(path, 'utf8').endsWith('\n'), Boolean);
}

describe('the tool table', () => {
  it('offers the four tools with the declarations\' own input schemas, an output schema and true annotations', async () => {
    mcp = await connectMcp(scratch, { args: ['--structured-content'] });
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['shell', 'shell_status', 'file_read', 'code_search']);
    for (const tool of tools) {
      expect(tool.inputSchema).toEqual(parametersSchema(TOOL_SPECS[tool.name as OpName]));
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.description!.startsWith(TOOL_SPECS[tool.name as OpName].description)).toBe(true);
    }
    const hints = Object.fromEntries(tools.map((tool) => [tool.name, [tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint, tool.annotations?.openWorldHint]]));
    expect(hints).toEqual({
      shell: [false, true, true],
      shell_status: [false, true, false],
      file_read: [true, false, false],
      code_search: [true, false, false],
    });
  });

  it('offers code_task too when GUILDS_HARNESS names a harness', async () => {
    mcp = await connectMcp(scratch, { env: { GUILDS_HARNESS: 'command', GUILDS_HARNESS_COMMAND: 'true' } });
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['shell', 'shell_status', 'file_read', 'code_search', 'code_task']);
    expect(tools[4]!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, openWorldHint: true });
  });

  it('says the home, the cap and the pointers in the descriptions; --no-read-pointers turns pointers off', async () => {
    mcp = await connectMcp(scratch, { args: ['--max-bytes', '2048', '--no-read-pointers'] });
    const { tools } = await mcp.client.listTools();
    const fileRead = tools.find((tool) => tool.name === 'file_read')!;
    expect(fileRead.description).toContain(`Paths are confined to the home, ${scratch.home}. The byte cap is 2048 bytes.`);
    expect(fileRead.description).not.toContain('unchanged since step');
    await mcp.client.callTool({ name: 'file_read', arguments: { path: 'a.txt' } });
    const again = await mcp.client.callTool({ name: 'file_read', arguments: { path: 'a.txt' } });
    expect(textOf(again)).toBe('a.txt · lines 1–2 of 2\n1\tone\n2\ttwo');
  });
});

describe('calls', () => {
  it('answers a result with its meta in _meta, a failure with isError and its kind', async () => {
    mcp = await connectMcp(scratch);
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.outputSchema)).toEqual([undefined, undefined, undefined, undefined]);
    const read = await mcp.client.callTool({ name: 'file_read', arguments: { path: 'a.txt' } });
    expect(read.isError).toBeUndefined();
    expect(read.structuredContent).toBeUndefined();
    expect((read._meta as { meta: unknown }).meta).toMatchObject({ path: join(scratch.home, 'a.txt'), range: [1, 2], lines: 2 });
    const missing = await mcp.client.callTool({ name: 'file_read', arguments: { path: 'nope.txt' } });
    expect(missing).toEqual({ content: [{ type: 'text', text: 'no such file or folder: nope.txt' }], isError: true, _meta: { kind: 'not_found' } });
    const wrongType = await mcp.client.callTool({ name: 'shell', arguments: { command: ['ls'] } });
    expect(wrongType).toMatchObject({ content: [{ type: 'text', text: 'shell: command must be a string' }], isError: true });
  });

  it('with --structured-content, answers the meta as structuredContent that the SDK client checks against the output schema', async () => {
    mcp = await connectMcp(scratch, { args: ['--structured-content'] });
    await mcp.client.listTools();
    const calls = await Promise.all([
      mcp.client.callTool({ name: 'file_read', arguments: { path: 'a.txt' } }),
      mcp.client.callTool({ name: 'shell', arguments: { command: 'echo hi' } }),
      mcp.client.callTool({ name: 'shell', arguments: { command: 'sleep 1', background: true } }),
      mcp.client.callTool({ name: 'shell_status', arguments: {} }),
      mcp.client.callTool({ name: 'code_search', arguments: { pattern: 'two' } }),
    ]);
    expect(calls.map((call) => call.isError)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(calls[0]!.structuredContent).toMatchObject({ path: join(scratch.home, 'a.txt'), range: [1, 2], lines: 2 });
    expect(calls[2]!.structuredContent).toMatchObject({ exit_code: null, background_id: 'b1' });
    const status = await mcp.client.callTool({ name: 'shell_status', arguments: { id: 'b1', stop: true } });
    expect(status.structuredContent).toMatchObject({ background_id: 'b1' });
  });

  it('refuses an unknown tool with a JSON-RPC error and goes on serving', async () => {
    mcp = await connectMcp(scratch);
    // The client's SDK puts `MCP error <code>: ` before the server's message: once, not twice.
    await expect(mcp.client.callTool({ name: 'code_task', arguments: { brief: 'x' } })).rejects.toMatchObject({
      code: -32602,
      message: "MCP error -32602: unknown tool 'code_task' (this server's tools are shell, shell_status, file_read, code_search)",
    });
    const after = await mcp.client.callTool({ name: 'shell', arguments: { command: 'echo still here' } });
    expect(textOf(after)).toBe('still here');
  });

  it('takes a call with the wait_for_previous that Gemini CLI adds to every schema as if it were not there, and still refuses an argument of no one', async () => {
    mcp = await connectMcp(scratch);
    const read = await mcp.client.callTool({ name: 'file_read', arguments: { path: 'a.txt', wait_for_previous: true } });
    expect(textOf(read)).toBe('a.txt · lines 1–2 of 2\n1\tone\n2\ttwo');
    const typo = await mcp.client.callTool({ name: 'file_read', arguments: { path: 'a.txt', wait_for_previus: true } });
    expect([typo.isError, textOf(typo)]).toEqual([true, "file_read: unknown argument 'wait_for_previus' (it takes path, offset, limit)"]);
  });

  it('carries the working directory over between calls of the session, cd included', async () => {
    mcp = await connectMcp(scratch);
    await mcp.client.callTool({ name: 'shell', arguments: { command: 'cd sub' } });
    const pwd = await mcp.client.callTool({ name: 'shell', arguments: { command: 'pwd' } });
    expect(textOf(pwd)).toBe(join(scratch.home, 'sub'));
    const read = await mcp.client.callTool({ name: 'file_read', arguments: { path: '../a.txt' } });
    expect(textOf(read).split('\n')[0]).toBe('../a.txt · lines 1–2 of 2');
  });

  it('answers two calls at once, each whole, and keeps the working directory whole', async () => {
    mcp = await connectMcp(scratch);
    const client = mcp.client;
    const calls = await Promise.all([
      client.callTool({ name: 'shell', arguments: { command: 'cd sub && echo went' } }),
      client.callTool({ name: 'shell', arguments: { command: 'cd ~ && echo came back' } }),
      client.callTool({ name: 'file_read', arguments: { path: 'a.txt' } }),
      client.callTool({ name: 'shell', arguments: { command: 'cd sub && echo went again' } }),
    ]);
    expect(calls.map(textOf)).toEqual(['went', 'came back', 'a.txt · lines 1–2 of 2\n1\tone\n2\ttwo', 'went again']);
    const pwd = textOf(await client.callTool({ name: 'shell', arguments: { command: 'pwd' } }));
    expect([scratch.home, join(scratch.home, 'sub')]).toContain(pwd);
  });

  it('takes a 10 MB argument: a command that long runs, a path that long is refused in one line', async () => {
    mcp = await connectMcp(scratch);
    const filler = 'x'.repeat(10 * 1_048_576);
    const long = await mcp.client.callTool({ name: 'shell', arguments: { command: `: ${filler}; echo ran` } });
    expect(textOf(long)).toBe('ran');
    const path = await mcp.client.callTool({ name: 'file_read', arguments: { path: filler } });
    expect(path.isError).toBe(true);
    expect(textOf(path)).toMatch(/^path too long: x{200}…$/);
  });

  it('answers as the helper does once the home has gone, and goes on serving', async () => {
    mcp = await connectMcp(scratch);
    rmSync(scratch.home, { recursive: true, force: true });
    const read = await mcp.client.callTool({ name: 'file_read', arguments: { path: 'a.txt' } });
    expect(read).toMatchObject({ content: [{ type: 'text', text: homeMissing(scratch.home).message }], isError: true });
    const { tools } = await mcp.client.listTools();
    expect(tools).toHaveLength(4);
  });
});

describe('long calls', () => {
  // Each line as it comes, in order, and the result the one without progress.
  it('reports progress on a running command when asked, and answers with its output', async () => {
    mcp = await connectMcp(scratch);
    // Each line a while after the last, then it waits for the test: every line is out before it ends.
    const command = 'for i in 1 2 3 4 5; do echo line $i; sleep 0.3; done; while [ ! -e go ]; do sleep 0.05; done; echo done';
    const progress: { progress: number; message?: string }[] = [];
    const call = mcp.client.callTool({ name: 'shell', arguments: { command } }, undefined, { onprogress: (update) => progress.push(update) });
    await pollUntil(() => progress.at(-1)?.message, (message) => message === 'line 5');
    writeFileSync(join(scratch.home, 'go'), '');
    const result = await call;
    expect(textOf(result)).toBe('line 1\nline 2\nline 3\nline 4\nline 5\ndone');
    // progress grows at each one; the messages are the lines in their order (two lines in one event
    // under load show its last), and the last before the answer is `done` or line 5.
    expect(progress.map((update) => update.progress)).toEqual(progress.map((_, index) => index + 1));
    const messages = progress.map((update) => update.message!);
    expect(messages.filter((message, index) => message !== messages[index - 1])).toEqual(
      ['line 1', 'line 2', 'line 3', 'line 4', 'line 5', 'done'].filter((line) => messages.includes(line)),
    );
    expect(new Set(messages).size).toBeGreaterThanOrEqual(2);
    const without = await mcp.client.callTool({ name: 'shell', arguments: { command } });
    expect(without.content).toEqual(result.content);
    const meta = (answer: typeof result): unknown => ({ ...(answer._meta as { meta: object }).meta, elapsed_ms: 0 });
    expect(meta(without)).toEqual(meta(result));
  });

  it('sends no notification without a progress token, nor for a call that answers at once', async () => {
    mcp = await connectMcp(scratch);
    const seen: unknown[] = [];
    const reading = mcp.transport.onmessage!;
    mcp.transport.onmessage = (message) => {
      if ('method' in message && message.method === 'notifications/progress') seen.push(message);
      reading(message);
    };
    const updates: unknown[] = [];
    const onprogress = (update: unknown): number => updates.push(update);
    await mcp.client.callTool({ name: 'shell', arguments: { command: 'for i in 1 2 3; do echo $i; sleep 0.3; done' } });
    await mcp.client.callTool({ name: 'file_read', arguments: { path: 'a.txt' } }, undefined, { onprogress });
    await mcp.client.callTool({ name: 'shell_status', arguments: {} }, undefined, { onprogress });
    expect(seen).toEqual([]);
    expect(updates).toEqual([]);
  });

  it('stops a cancelled call\'s command, its children included, and keeps serving the session', async () => {
    mcp = await connectMcp(scratch);
    const controller = new AbortController();
    const call = mcp.client.callTool(
      { name: 'shell', arguments: { command: 'cd sub; sleep 300 & echo $! > ../child; echo $$ > ../leader; wait' } },
      undefined,
      { signal: controller.signal },
    );
    await fileAppears(join(scratch.home, 'child'));
    await fileAppears(join(scratch.home, 'leader'));
    const pids = [pidIn(join(scratch.home, 'child')), pidIn(join(scratch.home, 'leader'))];
    expect(pids.every(processRuns)).toBe(true);
    controller.abort();
    await expect(call).rejects.toThrow();
    await pollUntil(() => pids.some(processRuns), (running) => !running);
    // What the command had done before it was stopped stays: its cd.
    const pwd = await mcp.client.callTool({ name: 'shell', arguments: { command: 'pwd' } });
    expect(textOf(pwd)).toBe(join(scratch.home, 'sub'));
  });

  it('stops every command and exits when the client goes away mid-call', async () => {
    mcp = await connectMcp(scratch);
    const server = mcp.pid;
    const call = mcp.client.callTool({ name: 'shell', arguments: { command: 'sleep 300 & echo $! > child; wait' } });
    call.catch(() => undefined);
    await fileAppears(join(scratch.home, 'child'));
    const child = pidIn(join(scratch.home, 'child'));
    expect(processRuns(child)).toBe(true);
    await mcp.close();
    mcp = undefined;
    await pollUntil(() => processRuns(child) || processRuns(server), (running) => !running);
  });

  it('stops the command and exits when the client goes away while its progress flows', async () => {
    mcp = await connectMcp(scratch);
    const server = mcp.pid;
    const messages: string[] = [];
    const command = 'echo $$ > leader; while true; do echo tick; sleep 0.1; done';
    const call = mcp.client.callTool({ name: 'shell', arguments: { command } }, undefined, { onprogress: (update) => messages.push(update.message!) });
    call.catch(() => undefined);
    await pollUntil(() => messages.length, (count) => count >= 2);
    expect(messages[0]).toBe('tick');
    await fileAppears(join(scratch.home, 'leader'));
    const leader = pidIn(join(scratch.home, 'leader'));
    await mcp.close();
    mcp = undefined;
    await pollUntil(() => processRuns(leader) || processRuns(server), (running) => !running);
  });
});

// Every host answers a fault as that call's internal error (src/call/host.ts): the cold helper, the
// warm stream and the MCP server, each built by the test around the real host with file_read's
// faults injected (test/helpers/faults/): a throw, a rejection, a throw in an event handler and a
// rejection nobody awaits. The stream and the server answer the faulting call and serve the next; a
// fault that names no call answers every call in flight with it.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxEnv } from '../helpers/bundle.js';
import { buildFaultingBundles, type FaultingBundles } from '../helpers/faults/build.js';
import { FAULT_PATHS } from '../helpers/faults/tools.js';
import { encodeRequest, makeSandbox, type Sandbox } from '../helpers/helper.js';
import { connectMcp, makeMcpScratch, textOf, type McpConnection, type McpScratch } from '../helpers/mcp.js';
import { BUNDLE_NODE } from '../helpers/paths.js';
import { startServe, type ServeProcess } from '../helpers/serve.js';

const FAULTS: [name: string, path: string, error: string][] = [
  ['a throw', FAULT_PATHS.throw, 'internal error: injected throw'],
  ['a rejection', FAULT_PATHS.reject, 'internal error: injected rejection'],
  ['a throw in an event handler', FAULT_PATHS.eventHandler, 'internal error: injected throw in an event handler'],
  ['a rejection nobody awaits', FAULT_PATHS.unawaited, 'internal error: injected unawaited rejection'],
];

let bundles: FaultingBundles;
beforeAll(async () => {
  bundles = await buildFaultingBundles();
});

describe('the cold helper', () => {
  let sandbox: Sandbox;
  beforeEach(() => {
    sandbox = makeSandbox();
  });
  afterEach(() => sandbox.cleanup());

  it.each(FAULTS)('answers %s with one internal error line', (_name, path, error) => {
    const run = spawnSync(BUNDLE_NODE, [bundles.cold, encodeRequest({ op: 'file_read', args: { path } })], {
      encoding: 'utf8',
      env: sandboxEnv(sandbox),
    });
    expect({ status: run.status, stderr: run.stderr, lines: run.stdout.split('\n').length }).toEqual({ status: 0, stderr: '', lines: 2 });
    expect(JSON.parse(Buffer.from(run.stdout, 'base64').toString('utf8'))).toEqual({ ok: false, error, kind: 'internal' });
  });
});

describe('the warm stream', () => {
  let sandbox: Sandbox;
  let serve: ServeProcess;
  let ids = 0;
  const request = (op: string, args: Record<string, unknown>) => ({ op, args, run_id: 'r1', agent_id: 'a1', call_id: `f${++ids}` });
  beforeEach(() => {
    sandbox = makeSandbox();
    writeFileSync(join(sandbox.home, 'a.txt'), 'alpha\n');
    serve = startServe(sandbox, {}, bundles.serve);
  });
  afterEach(async () => {
    serve.end();
    await serve.done;
    sandbox.cleanup();
  });

  it.each(FAULTS)('answers %s as that call and serves the next', async (_name, path, error) => {
    expect(await serve.call(request('file_read', { path }))).toEqual({ ok: false, error, kind: 'internal' });
    const next = await serve.call(request('file_read', { path: 'a.txt' }));
    expect(next.ok && next.text).toBe('a.txt · lines 1–1 of 1\n1\talpha');
  });

  it('answers every call in flight with a fault that names no call, and serves on', async () => {
    const waiting = request('shell', { command: 'sleep 30' });
    const answer = serve.call(waiting);
    const fault = serve.call(request('file_read', { path: FAULT_PATHS.eventHandler }));
    const expected = { ok: false, error: 'internal error: injected throw in an event handler', kind: 'internal' };
    expect(await fault).toEqual(expected);
    expect(await answer).toEqual(expected);
    const next = await serve.call(request('file_read', { path: 'a.txt' }));
    expect(next.ok && next.text).toBe('a.txt · lines 1–1 of 1\n1\talpha');
    serve.end();
    expect(await serve.done).toEqual({ status: 0, signal: null, stderr: '' });
  });
});

describe('the MCP server', () => {
  let scratch: McpScratch;
  let mcp: McpConnection;
  beforeEach(async () => {
    scratch = makeMcpScratch();
    writeFileSync(join(scratch.home, 'a.txt'), 'alpha\n');
    mcp = await connectMcp(scratch, { bundle: bundles.mcp });
  });
  afterEach(async () => {
    await mcp.close();
    scratch.cleanup();
  });

  it.each(FAULTS)('answers %s as that call and serves the next', async (_name, path, error) => {
    const faulted = await mcp.client.callTool({ name: 'file_read', arguments: { path } });
    expect({ text: textOf(faulted), isError: faulted.isError }).toEqual({ text: error, isError: true });
    const next = await mcp.client.callTool({ name: 'file_read', arguments: { path: 'a.txt' } });
    expect({ text: textOf(next), isError: next.isError === true }).toEqual({ text: 'a.txt · lines 1–1 of 1\n1\talpha', isError: false });
  });
});

// One table of calls, made twice: through the orchestrator and the cold helper (one process per
// call), and through the MCP server (warm, in its own process). What the model reads is the same.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeToolRun, type CodeToolResult } from '../../src/orchestrator/code-tools.js';
import { LocalSandbox } from '../../src/orchestrator/sandboxes/local/sandbox.js';
import { connectMcp, makeMcpScratch, serverEnv, textOf, type McpConnection, type McpScratch } from '../helpers/mcp.js';

const CALLS: [string, Record<string, unknown>][] = [
  ['file_read', { path: 'a.txt' }],
  ['file_read', { path: 'a.txt' }],
  ['file_read', { path: 'a.txt', offset: 2, limit: 1 }],
  ['file_read', { path: 'crlf.txt' }],
  ['file_read', { path: 'latin1.txt' }],
  ['file_read', { path: 'long.txt' }],
  ['file_read', { path: 'empty.txt' }],
  ['file_read', { path: 'missing.txt' }],
  ['file_read', { path: '../outside.txt' }],
  ['file_read', { path: 'sub/' }],
  ['file_read', { path: 7 }],
  ['file_read', { path: 'a.txt', bogus: true }],
  ['code_search', { pattern: 'needle' }],
  ['code_search', { pattern: 'needle', mode: 'content' }],
  ['code_search', { pattern: '(' }],
  ['shell', { command: 'echo out; echo err >&2; exit 3' }],
  ['shell', { command: 'cd sub && pwd' }],
  ['shell', { command: 'pwd; ls' }],
  ['shell', { command: 'cd ~' }],
  ['shell', { command: 'seq 1 50000' }],
  ['shell', { command: 'printf "no final newline"' }],
  ['shell', { command: 'sleep 5', timeout_seconds: 1 }],
  ['shell', { command: '' }],
  ['shell', {}],
  ['shell_status', {}],
  ['shell_status', { id: 'b99' }],
  ['shell_status', { stop: true }],
];

let scratch: McpScratch;
let mcp: McpConnection;
let cold: LocalSandbox;
const coldResults: CodeToolResult[] = [];
const warmResults: { text: string; isError: boolean; meta: Record<string, unknown>; kind?: string }[] = [];

/** Run ids differ between the two sessions; so do the times. */
function comparable(text: string): string {
  return text.replace(/\.runs\/[^/\s]+\//g, '.runs/RUN/');
}

function comparableMeta(meta: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...meta };
  delete copy.elapsed_ms;
  if (typeof copy.log_path === 'string') copy.log_path = comparable(copy.log_path);
  return copy;
}

beforeAll(async () => {
  scratch = makeMcpScratch();
  const { home } = scratch;
  mkdirSync(join(home, 'sub'));
  writeFileSync(join(home, 'a.txt'), 'alpha\nneedle two\ngamma\n');
  writeFileSync(join(home, 'crlf.txt'), 'one\r\ntwo\r\n');
  writeFileSync(join(home, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
  writeFileSync(join(home, 'long.txt'), `${'x'.repeat(1000)}\nshort\n`);
  writeFileSync(join(home, 'empty.txt'), '');
  writeFileSync(join(home, 'sub', 'b.ts'), 'const needle = 1;\n');
  writeFileSync(join(scratch.root, 'outside.txt'), 'outside\n');

  const env = serverEnv(scratch);
  cold = await LocalSandbox.start({ home, runDir: scratch.runDir });
  // As long as the server's random run id, so that an elided output's log path is as long.
  const run = new CodeToolRun({ sandbox: cold, runId: 'mcp-000000000000', agentId: 'mcp', env });
  for (const [index, [tool, args]] of CALLS.entries()) {
    coldResults.push(await run.call({ tool, args, callId: `c${index + 1}`, resultSeq: index + 1 }));
  }
  mcp = await connectMcp(scratch);
  for (const [tool, args] of CALLS) {
    const result = await mcp.client.callTool({ name: tool, arguments: args });
    warmResults.push({
      text: textOf(result),
      isError: result.isError === true,
      meta: ((result._meta as { meta?: Record<string, unknown> } | undefined)?.meta ?? {}),
      kind: (result._meta as { kind?: string } | undefined)?.kind,
    });
  }
}, 120_000);

afterAll(async () => {
  await mcp?.close();
  cold?.cleanup();
  scratch?.cleanup();
});

describe('the MCP server and the cold helper, call by call', () => {
  it.each(CALLS.map((call, index) => [index + 1, call[0], JSON.stringify(call[1])] as const))(
    'step %i, %s %s: the same text, failure and meta',
    (step) => {
      const coldResult = coldResults[step - 1]!;
      const warm = warmResults[step - 1]!;
      expect(comparable(warm.text)).toBe(comparable(coldResult.text));
      expect(warm.isError).toBe(!coldResult.ok);
      expect(warm.kind).toBe(coldResult.kind);
      expect(comparableMeta(warm.meta)).toEqual(comparableMeta(coldResult.meta));
    },
  );

  it('covers the cases it means to: a pointer, an elided output, a timeout, failures of each tool', () => {
    expect(warmResults[1]!.text).toBe('a.txt lines 1–3: unchanged since step 1; read that result.');
    expect(warmResults[19]!.meta.log_path).toMatch(/\.runs\/mcp-[0-9a-f]+\/c20\.log$/);
    expect(warmResults[21]!.meta.timed_out).toBe(true);
    expect(warmResults.filter((result) => result.isError).map((result) => result.kind)).toEqual([
      'not_found',
      'outside_home',
      'not_a_file',
      'invalid_request',
      'invalid_request',
      'invalid_pattern',
      'invalid_request',
      'invalid_request',
      'not_found',
      'invalid_request',
    ]);
  });
});

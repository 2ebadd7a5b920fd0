// The MCP server's output schemas (each tool's descriptor's metaSchema) against the meta of real
// calls, run as the server runs them (CodeToolRun over the in-process runner; code_task through the
// cold guilds-harness.js with the scripted harness): every meta is valid, by the validator the SDK's
// client uses, and names no field the schema leaves out. A field added to a tool's meta and not to its schema fails here.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OpName } from '../../src/contract/tools/index.js';
import { InProcessRunner } from '../../src/mcp/in-process-runner.js';
import { CodeToolRun, type CodeToolResult } from '../../src/orchestrator/code-tools.js';
import { TOOL_DESCRIPTORS } from '../../src/tools/descriptors.js';
import { makeMcpScratch, serverEnv, type McpScratch } from '../helpers/mcp.js';
import { BUNDLE_NODE, FIXTURES, HARNESS_BUNDLE } from '../helpers/paths.js';

const HARNESS_ENV = {
  GUILDS_HARNESS: 'command',
  GUILDS_HARNESS_COMMAND: `'${process.execPath}' '${join(FIXTURES, 'harness', 'scripted-harness.mjs')}'`,
};

/** Calls whose meta, together, hold every field each tool's meta can have. */
const CALLS: [OpName, Record<string, unknown>][] = [
  ['shell', { command: 'echo hi' }],
  ['shell', { command: 'seq 1 50000' }],
  ['shell', { command: 'sleep 5', timeout_seconds: 1 }],
  ['shell', { command: 'sleep 30', background: true }],
  ['shell_status', {}],
  ['shell_status', { id: 'b1' }],
  ['shell_status', { id: 'b1', stop: true }],
  ['file_read', { path: 'a.txt' }],
  ['file_read', { path: 'a.txt' }],
  ['file_read', { path: 'empty.txt' }],
  ['file_read', { path: 'utf16.txt' }],
  ['code_search', { pattern: 'needle' }],
  ['code_search', { pattern: 'needle', mode: 'content' }],
  ['code_search', { pattern: 'hidden', path: 'repos/app' }],
  ['code_task', { brief: 'write notes.txt from the harness\nfinal wrote notes.txt', repo: 'app' }],
];

let scratch: McpScratch;
const results: [OpName, CodeToolResult][] = [];

beforeAll(async () => {
  scratch = makeMcpScratch();
  const { home } = scratch;
  writeFileSync(join(home, 'a.txt'), 'alpha\nneedle\n');
  writeFileSync(join(home, 'empty.txt'), '');
  writeFileSync(join(home, 'utf16.txt'), Buffer.from('\ufeffutf-16 text\n', 'utf16le'));
  const repo = join(home, 'repos', 'app');
  mkdirSync(repo, { recursive: true });
  writeFileSync(join(home, '.gitconfig'), '[init]\n\tdefaultBranch = main\n[user]\n\tname = T\n\temail = t@example.com\n');
  writeFileSync(join(repo, '.gitignore'), 'ignored.txt\n');
  writeFileSync(join(repo, 'ignored.txt'), 'hidden\n');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, env: { PATH: process.env.PATH, HOME: home } });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'start');

  const runner = new InProcessRunner({ home, runDir: scratch.runDir, harnessCommand: [BUNDLE_NODE, HARNESS_BUNDLE] });
  const run = new CodeToolRun({ runner, runId: 'mcp-schemas', agentId: 'mcp', env: serverEnv(scratch, HARNESS_ENV) });
  for (const [index, [tool, args]] of CALLS.entries()) {
    results.push([tool, await run.call({ tool, args, callId: `c${index + 1}`, resultSeq: index + 1 })]);
  }
}, 120_000);

afterAll(() => scratch?.cleanup());

it('has every call answered', () => {
  expect(results.filter(([, result]) => !result.ok).map(([tool, result]) => `${tool}: ${result.text}`)).toEqual([]);
});

it.each(CALLS.map(([tool, args], index) => [index, tool, JSON.stringify(args)] as const))('call %i, %s %s: its meta is valid by the output schema, field by field', (index, tool) => {
  const schema = TOOL_DESCRIPTORS[tool].metaSchema;
  const meta = results[index]![1].meta;
  // The validator the SDK's client checks structuredContent with.
  const checked = new AjvJsonSchemaValidator().getValidator(schema as never)(meta);
  expect(checked.errorMessage).toBeUndefined();
  expect(checked.valid).toBe(true);
  expect(Object.keys(meta).filter((field) => !Object.hasOwn(schema.properties, field))).toEqual([]);
});

it.each(Object.keys(TOOL_DESCRIPTORS) as OpName[])('%s: every field of its schema is seen in some real meta', (tool) => {
  const seen = new Set(results.filter(([name]) => name === tool).flatMap(([, result]) => Object.keys(result.meta)));
  const never = Object.keys(TOOL_DESCRIPTORS[tool].metaSchema.properties).filter((field) => !seen.has(field));
  // The scripted harness reports no usage: the token counts, the turns and the cost come from a real CLI's.
  expect(never).toEqual(tool === 'code_task' ? ['turns', 'input_tokens', 'output_tokens', 'cost_usd'] : []);
});

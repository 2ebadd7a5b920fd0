// One descriptor per tool (src/tools/<tool>/tool.ts, listed from the registry's rows), held to what is
// written out here rather than to another table made from the same rows: a tool added, renamed or
// moved to the other helper in one place and not the others fails here, and so does a row that
// changes without this file.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOL_REGISTRY } from '../../src/contract/registry.js';
import { orchestratorNotes } from '../../src/orchestrator/declarations.js';
import { rowSummary } from '../../src/orchestrator/summary.js';
import { mcpToolNotes } from '../../src/mcp/tools.js';
import { CODE_TOOLS } from '../../src/tools/all.js';
import { TOOL_DESCRIPTORS } from '../../src/tools/descriptors.js';
import { HARNESS_TOOL_CONTRACTS } from '../../src/tools/harness-contracts.generated.js';
import { HARNESS_TOOL_RUNS } from '../../src/tools/harness-runs.generated.js';
import { toolTable } from '../../src/tools/index.js';

const ROOT = join(import.meta.dirname, '..', '..');
const TOOLS = ['shell', 'shell_status', 'file_read', 'code_search', 'code_task'];
/** What a tool's folder holds, beside its pure parts: what the registry's lists name. */
const FOLDER_FILES = ['contract.ts', 'tool.ts', 'run.ts', 'io.ts', 'node-io.ts', 'notes.ts', 'body.generated.ts'];

describe('the registry and the tools it lists', () => {
  it('holds one row per tool, in order: its helper and the kinds of call its body answers', () => {
    expect(TOOL_REGISTRY).toEqual([
      { name: 'shell', helper: 'guilds-code', cacheKinds: ['shell', 'shell-background'] },
      { name: 'shell_status', helper: 'guilds-code', cacheKinds: ['shell_status'] },
      { name: 'file_read', helper: 'guilds-code', cacheKinds: ['file_read', 'other'] },
      { name: 'code_search', helper: 'guilds-code', cacheKinds: ['code_search'] },
      { name: 'code_task', helper: 'guilds-harness', cacheKinds: ['code_task', 'other'] },
    ]);
  });

  it('describes each tool under its own name, with the helper of its row and its contract\'s spec', () => {
    expect(Object.keys(TOOL_DESCRIPTORS)).toEqual(TOOLS);
    expect(Object.values(TOOL_DESCRIPTORS).map((each) => [each.name, each.helper, each.spec.name, each.title])).toEqual([
      ['shell', 'guilds-code', 'shell', 'Run a shell command'],
      ['shell_status', 'guilds-code', 'shell_status', 'Follow or stop background commands'],
      ['file_read', 'guilds-code', 'file_read', 'Read a file'],
      ['code_search', 'guilds-code', 'code_search', 'Search the code'],
      ['code_task', 'guilds-harness', 'code_task', 'Hand a code task to the coding agent'],
    ]);
  });

  it("runs each tool in its own helper's table only", () => {
    expect(Object.keys(CODE_TOOLS)).toEqual(['shell', 'shell_status', 'file_read', 'code_search']);
    expect(Object.keys(toolTable(HARNESS_TOOL_CONTRACTS, HARNESS_TOOL_RUNS))).toEqual(['code_task']);
  });

  it.each(TOOLS)('%s: its folder holds its contract, descriptor, run step, I/O, notes and body, which build.mjs finds by the registry', (name) => {
    expect(FOLDER_FILES.filter((file) => !existsSync(join(ROOT, 'src', 'tools', name, file)))).toEqual([]);
    expect(readFileSync(join(ROOT, 'build.mjs'), 'utf8')).not.toContain(`'${name}'`);
  });

  it('has notes for the orchestrator\'s declarations and the MCP server\'s for every tool, and no other', () => {
    expect(Object.keys(orchestratorNotes(8192))).toEqual(TOOLS);
    expect(Object.keys(mcpToolNotes('/home/agent', 8192, true))).toEqual(TOOLS);
  });

  it('gives each tool a row of its own, not the bare name a tool unknown to the rows gets', () => {
    expect(TOOLS.map((name) => rowSummary(name, {}))).toEqual(['Run', 'List background commands', 'Read', 'Search files', 'Code task']);
  });
});

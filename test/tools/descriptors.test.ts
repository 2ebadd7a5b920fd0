// One descriptor per tool (src/tools/<tool>/tool.ts, listed from the registry's rows), and every
// table of the tools kept elsewhere agrees with it: a tool added, renamed or moved to the other
// helper in one place and not in the others fails here.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELPER_OF_TOOL, OP_NAMES, RESOLVE_ARGS, TOOL_SPECS, type OpName } from '../../src/contract/tools/index.js';
import { orchestratorNotes } from '../../src/orchestrator/declarations.js';
import { rowSummary } from '../../src/orchestrator/summary.js';
import { mcpToolNotes } from '../../src/mcp/tools.js';
import { CODE_TOOLS } from '../../src/tools/all.js';
import { TOOL_DESCRIPTORS } from '../../src/tools/descriptors.js';
import { harnessTools } from '../../src/tools/harness.js';
import { CODE_TASK_LIMITS } from '../../src/tools/code_task/run.js';

const ROOT = join(import.meta.dirname, '..', '..');
const NAMES = Object.keys(TOOL_DESCRIPTORS) as OpName[];
const HARNESS_TOOLS = harnessTools({} as never, CODE_TASK_LIMITS);

describe('the tools, by their descriptors', () => {
  it('are the contract\'s tools, in its order, each described under its own name', () => {
    expect(NAMES).toEqual([...OP_NAMES]);
    for (const name of NAMES) expect(TOOL_DESCRIPTORS[name].name).toBe(name);
  });

  it.each(OP_NAMES)('%s: the contract\'s spec, resolver and helper are the descriptor\'s', (name) => {
    const descriptor = TOOL_DESCRIPTORS[name];
    expect(TOOL_SPECS[name]).toBe(descriptor.spec);
    expect(descriptor.spec.name).toBe(name);
    expect(RESOLVE_ARGS[name]).toBe(descriptor.resolve);
    expect(HELPER_OF_TOOL[name]).toBe(descriptor.helper);
  });

  it.each(OP_NAMES)('%s: run by the op table of its own helper only, with the descriptor\'s spec and resolver', (name) => {
    const descriptor = TOOL_DESCRIPTORS[name];
    const [own, other] = descriptor.helper === 'guilds-code' ? [CODE_TOOLS, HARNESS_TOOLS] : [HARNESS_TOOLS, CODE_TOOLS];
    expect(own[name]?.spec).toBe(descriptor.spec);
    expect(own[name]?.resolve).toBe(descriptor.resolve);
    expect(other[name]).toBeUndefined();
  });

  it.each(OP_NAMES)('%s: has its body in its own folder, which build.mjs finds by the registry', (name) => {
    expect(existsSync(join(ROOT, 'src', 'tools', name, 'body.ts'))).toBe(true);
    expect(readFileSync(join(ROOT, 'build.mjs'), 'utf8')).not.toContain(`'${name}'`);
  });

  it('every tool has its notes, for the orchestrator\'s declarations and the MCP server\'s, and no other does', () => {
    expect(Object.keys(orchestratorNotes(8192))).toEqual(NAMES);
    expect(Object.keys(mcpToolNotes('/home/agent', 8192, true))).toEqual(NAMES);
  });

  it.each(OP_NAMES)('%s: has a row of its own, not the bare name a tool unknown to the rows gets', (name) => {
    expect(rowSummary(name, {})).not.toBe(name);
  });
});

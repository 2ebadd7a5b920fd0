// Every tool's descriptor, by name: adding a tool is its folder (src/tools/<tool>/, with its tool.ts)
// and one line here. The orchestrator's wait, the MCP server's titles, hints and output schemas are
// read from this table; test/tools/descriptors.test.ts holds the tables kept elsewhere to it.
import { OP_NAMES, type OpName } from '../contract/tool-names.js';
import { CODE_SEARCH_TOOL } from './code_search/tool.js';
import { CODE_TASK_TOOL } from './code_task/tool.js';
import type { ToolDescriptor } from './descriptor.js';
import { FILE_READ_TOOL } from './file_read/tool.js';
import { SHELL_TOOL } from './shell/tool.js';
import { SHELL_STATUS_TOOL } from './shell_status/tool.js';

const DESCRIPTORS = [SHELL_TOOL, SHELL_STATUS_TOOL, FILE_READ_TOOL, CODE_SEARCH_TOOL, CODE_TASK_TOOL] as const;

function descriptorOf<Name extends OpName>(name: Name): ToolDescriptor<Name> {
  const descriptor = DESCRIPTORS.find((each) => each.name === name);
  if (descriptor === undefined) throw new Error(`${name} has a row in src/contract/tool-names.ts and no descriptor here`);
  return descriptor as unknown as ToolDescriptor<Name>;
}

/** By name, in the registry's order. */
export const TOOL_DESCRIPTORS = Object.fromEntries(OP_NAMES.map((name) => [name, descriptorOf(name)])) as {
  readonly [Name in OpName]: ToolDescriptor<Name>;
};

/** The descriptor of the tool a model or a client named, which may be no tool at all. */
export function descriptorNamed(name: string): ToolDescriptor<OpName> | undefined {
  return Object.hasOwn(TOOL_DESCRIPTORS, name) ? (TOOL_DESCRIPTORS[name as OpName] as ToolDescriptor<OpName>) : undefined;
}

// Every tool's descriptor, by name, from the list build.mjs makes of the registry's rows
// (descriptors.generated.ts). The orchestrator's wait, the MCP server's titles, hints and output schemas are
// read from this table; test/tools/descriptors.test.ts holds the tables kept elsewhere to it.
import { OP_NAMES, type OpName } from '../contract/registry.js';
import type { ToolDescriptor } from './descriptor.js';
import { DESCRIPTORS } from './descriptors.generated.js';

function descriptorOf<Name extends OpName>(name: Name): ToolDescriptor<Name> {
  const descriptor = DESCRIPTORS.find((each) => each.name === name);
  if (descriptor === undefined) throw new Error(`${name} has a row in src/contract/registry.ts and no descriptor here`);
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

// What a tool is, said in one place: one descriptor per tool (src/tools/<tool>/tool.ts), listed by
// build.mjs from the registry's rows (src/tools/descriptors.generated.ts). The orchestrator's and the MCP server's tables are made from them, and
// test/tools/descriptors.test.ts fails when a table kept by hand elsewhere (the helper's op tables,
// the bundles' bodies, the tools' names and helpers, the notes) disagrees. Pure data and small pure
// functions: no run step, so that a descriptor reaches no helper body.
import { HELPER_OF_TOOL, type HelperName, type OpName } from '../contract/registry.js';
import type { ToolArgs } from '../contract/tools/index.js';
import type { ToolContract, ToolSpec, ValidatedArgs } from '../contract/tools/spec.js';
import type { RowOutcome } from './row-parts.js';
import type { JsonSchemaObject } from '../contract/meta-schema.js';
import type { ToolView } from './view.js';

export type { JsonSchemaObject } from '../contract/meta-schema.js';


/** What a call of the tool may do, as MCP's tool annotations say it; the same for every call. */
export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolDescriptor<Name extends OpName> {
  name: Name;
  /** The helper bundle that runs it (SPEC section 6 for code_task). */
  helper: HelperName;
  /** What validation checks and what the model is declared (src/tools/<tool>/contract.ts). */
  spec: ToolSpec;
  /** Defaults and bounds, applied once. */
  resolve: (args: ValidatedArgs) => ToolArgs[Name];
  /**
   * The JSON Schema of the tool's meta, from which its `Meta` type is read (src/tools/<tool>/contract.ts),
   * the MCP server's output schema; test/mcp/output-schemas.test.ts holds it against the meta of real calls.
   */
  metaSchema: JsonSchemaObject;
  /** The title an MCP client shows. */
  title: string;
  hints: ToolHints;
  /** How long the orchestrator waits for the helper's answer, from the resolved arguments. */
  timeoutMs(args: ToolArgs[Name]): number;
  /** The call's row in the run's flow, from the arguments as the model gave them (unchecked) and how it ended. */
  row(args: Record<string, unknown>, outcome: RowOutcome): string;
  /** What its description adds to the spec's (src/tools/<tool>/notes.ts): in the declarations, as an MCP tool. */
  notes: ToolNotes;
  /** Whether running the call twice is harmless: a call the warm stream dropped is then run again, cold. */
  readOnly(args: ToolArgs[Name]): boolean;
  /**
   * Whether the MCP server reports the call's progress while it runs (a call that may run for long),
   * from the arguments as the client gave them (unchecked).
   */
  reportsProgress(args: Record<string, unknown>): boolean;
  /** What the app's views of its calls show beyond code (src/tools/view.ts); all code, in rows, when absent. */
  view?: ToolView;
}

/** What the MCP server's descriptions depend on. */
export interface McpNoteSettings {
  home: string;
  resultMaxBytes: number;
  /** Whether the server folds repeated reads into pointers. */
  readPointers: boolean;
}

export interface ToolNotes {
  /** The orchestrator's declarations, with the byte cap configured there. */
  declaration(resultMaxBytes: number): string;
  mcp(settings: McpNoteSettings): string;
}

export const SECOND_MS = 1000;

/**
 * What a tool's folder says of it beyond its contract: its name, spec and resolver are its contract's
 * (contract.ts), its helper its registry row's (src/contract/registry.ts).
 */
export type ToolDescription<Name extends OpName> = Omit<ToolDescriptor<Name>, 'name' | 'helper' | 'spec' | 'resolve'>;

/** A tool's descriptor: its contract, its registry row's helper, and the rest as its folder describes it. */
export function describeTool<Name extends OpName>(contract: ToolContract<Name, ToolArgs[Name], unknown>, description: ToolDescription<Name>): ToolDescriptor<Name> {
  const name = contract.spec.name;
  return { name, helper: HELPER_OF_TOOL[name], spec: contract.spec, resolve: contract.resolve, ...description };
}

// The code tools as MCP tools, from their descriptors (src/tools/<tool>/tool.ts): the input schema is
// the declarations' own (made from the helper's argument specs), the output schema the descriptor's
// schema of the tool's meta, and the annotations its title and hints. Pure.
import { OP_NAMES, type OpName } from '../contract/tools/index.js';
import { parametersSchema, type ParametersSchema } from '../orchestrator/declarations.js';
import type { JsonSchemaObject, ToolHints } from '../tools/descriptor.js';
import { TOOL_DESCRIPTORS } from '../tools/descriptors.js';

export type { JsonSchemaObject } from '../tools/descriptor.js';

export interface McpToolAnnotations extends ToolHints {
  title: string;
}

export interface McpTool {
  name: OpName;
  title: string;
  description: string;
  inputSchema: ParametersSchema;
  /** Only with structured content on: a client then requires structuredContent of every answer. */
  outputSchema?: JsonSchemaObject;
  annotations: McpToolAnnotations;
}

export interface McpToolsSettings {
  home: string;
  maxBytes: number;
  readPointers: boolean;
  offerCodeTask: boolean;
  /** The meta as structuredContent with an output schema (--structured-content), instead of in _meta. */
  structuredContent: boolean;
}

/** The tools this server offers, in the contract's order: guilds-harness's (code_task) only with a harness configured. */
export function offeredTools(settings: Pick<McpToolsSettings, 'offerCodeTask'>): OpName[] {
  return OP_NAMES.filter((name) => TOOL_DESCRIPTORS[name].helper !== 'guilds-harness' || settings.offerCodeTask);
}

/**
 * What each tool's description adds to the contract's own (each tool's notes.ts): the words a model
 * searches tools with (Codex offers MCP tools only through a BM25 search over their names and
 * descriptions: run, command, test, build; read, file, lines; search, grep, find), and the rules this
 * server applies (the home, the byte cap, the repeated-read pointers), said once.
 */
export function mcpToolNotes(home: string, resultMaxBytes: number, readPointers: boolean): Record<OpName, string> {
  const notes = {} as Record<OpName, string>;
  for (const name of OP_NAMES) notes[name] = TOOL_DESCRIPTORS[name].notes.mcp({ home, resultMaxBytes, readPointers });
  return notes;
}

export function mcpTools(settings: McpToolsSettings): McpTool[] {
  const notes = mcpToolNotes(settings.home, settings.maxBytes, settings.readPointers);
  return offeredTools(settings).map((name) => {
    const { spec, title, hints, metaSchema } = TOOL_DESCRIPTORS[name];
    const tool: McpTool = {
      name,
      title,
      description: `${spec.description} ${notes[name]}`,
      inputSchema: parametersSchema(spec),
      annotations: { title, ...hints },
    };
    if (settings.structuredContent) tool.outputSchema = metaSchema;
    return tool;
  });
}

/**
 * Arguments a client adds to every tool's schema and passes on with the call: Gemini CLI (0.61)
 * adds `wait_for_previous`, its own scheduling flag, and sends it when its model sets it. None is an
 * argument of these tools, so they are dropped before the tool's strict check, which would refuse
 * them as unknown.
 */
export const CLIENT_ADDED_ARGUMENTS: readonly string[] = ['wait_for_previous'];

/** A call's arguments without those a client added; anything else as it came, for the check to judge. */
export function withoutClientArguments(args: unknown): unknown {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return args;
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) if (!CLIENT_ADDED_ARGUMENTS.includes(name)) kept[name] = value;
  return kept;
}

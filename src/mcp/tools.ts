// The code tools as MCP tools: the input schema is the declarations' own (made from the helper's
// argument specs), the output schema describes each tool's meta (src/contract/tools/<tool>.ts),
// and the annotations say what a call may do. Pure.
import { CODE_TASK_STATUSES, HARNESS_NAMES } from '../contract/tools/code_task.js';
import { OP_NAMES, TOOL_SPECS, type OpName } from '../contract/tools/index.js';
import { parametersSchema, type ParametersSchema } from '../orchestrator/declarations.js';
import { MCP_TOOL_TITLES, mcpToolNotes } from './format.js';

export interface JsonSchemaObject {
  type: 'object';
  properties: Record<string, unknown>;
  required?: string[];
}

export interface McpToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
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

const integer = { type: 'integer' };
const integerOrNull = { type: ['integer', 'null'] };
const string = { type: 'string' };
const boolean = { type: 'boolean' };

/** Each tool's meta, as structuredContent carries it. */
export const OUTPUT_SCHEMAS: Record<OpName, JsonSchemaObject> = {
  shell: {
    type: 'object',
    properties: {
      exit_code: { ...integerOrNull, description: 'null for a command started in the background' },
      cwd: { ...string, description: 'the working directory the command ran in' },
      timed_out: boolean,
      elapsed_ms: integer,
      log_path: { ...string, description: 'the whole output, when the text left part of it out; a background command\'s log' },
      background_id: string,
    },
    required: ['exit_code', 'cwd', 'timed_out', 'elapsed_ms'],
  },
  shell_status: {
    type: 'object',
    properties: {
      count: { ...integer, description: 'without id: how many background commands there are' },
      background_id: string,
      state: { ...string, description: 'running, exited N, stopping, stopped or ended' },
      log_path: string,
      exit_code: integerOrNull,
    },
  },
  file_read: {
    type: 'object',
    properties: {
      path: { ...string, description: 'absolute, links resolved' },
      display_path: string,
      range: {
        description: 'the lines returned, first and last; null when none were',
        anyOf: [{ type: 'array', items: integer, minItems: 2, maxItems: 2 }, { type: 'null' }],
      },
      content_hash: { ...string, description: 'SHA-256 of the whole file, hex' },
      lines: integer,
      encoding: { type: 'string', enum: ['UTF-16 LE', 'UTF-16 BE'] },
      repeat_of: { ...integer, description: 'the step whose result holds this text (a repeated read)' },
    },
    required: ['path', 'display_path', 'range', 'content_hash', 'lines'],
  },
  code_search: {
    type: 'object',
    properties: {
      matches: integer,
      files: integer,
      truncated: boolean,
      ignored_matches: integer,
      ignored_files: integer,
    },
    required: ['matches', 'files', 'truncated'],
  },
  code_task: {
    type: 'object',
    properties: {
      status: { type: 'string', enum: [...CODE_TASK_STATUSES] },
      harness: { type: 'string', enum: [...HARNESS_NAMES] },
      session_id: { type: ['string', 'null'] },
      repo: string,
      exit_code: integerOrNull,
      timed_out: boolean,
      elapsed_ms: integer,
      files_changed: integer,
      insertions: integer,
      deletions: integer,
      log_path: string,
      turns: integer,
      input_tokens: integer,
      output_tokens: integer,
      cost_usd: { type: 'number' },
    },
    required: ['status', 'harness', 'session_id', 'repo', 'exit_code', 'timed_out', 'elapsed_ms', 'files_changed', 'insertions', 'deletions', 'log_path'],
  },
};

/**
 * What a call may do. shell_status reads, but with stop: true it ends a process, and a tool's hints
 * hold for every call of it: it is not read-only.
 */
const HINTS: Record<OpName, Omit<McpToolAnnotations, 'title'>> = {
  shell: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  shell_status: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  file_read: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  code_search: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  code_task: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
};

export interface McpToolsSettings {
  home: string;
  maxBytes: number;
  readPointers: boolean;
  offerCodeTask: boolean;
  /** The meta as structuredContent with an output schema (--structured-content), instead of in _meta. */
  structuredContent: boolean;
}

/** The tools this server offers, in the contract's order: code_task only with a harness configured. */
export function offeredTools(settings: McpToolsSettings): OpName[] {
  return OP_NAMES.filter((name) => name !== 'code_task' || settings.offerCodeTask);
}

export function mcpTools(settings: McpToolsSettings): McpTool[] {
  const notes = mcpToolNotes(settings.home, settings.maxBytes, settings.readPointers);
  return offeredTools(settings).map((name) => {
    const spec = TOOL_SPECS[name];
    const tool: McpTool = {
      name,
      title: MCP_TOOL_TITLES[name],
      description: `${spec.description} ${notes[name]}`,
      inputSchema: parametersSchema(spec),
      annotations: { title: MCP_TOOL_TITLES[name], ...HINTS[name] },
    };
    if (settings.structuredContent) tool.outputSchema = OUTPUT_SCHEMAS[name];
    return tool;
  });
}

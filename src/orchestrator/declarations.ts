// The tools as a model sees them: JSON Schema made from the helper's own argument specs, so the
// two can never disagree, plus what only the orchestrator side knows. Pure.
import { RESULT_DEFAULT_MAX_BYTES } from '../limits.js';
import { OP_NAMES, TOOL_SPECS, type ArgSpec, type OpName, type ToolSpec } from '../contract/tools/index.js';
import { TOOL_DESCRIPTORS } from '../tools/descriptors.js';
import { resultMaxBytes } from './request.js';

export interface ArgumentSchema {
  type: ArgSpec['type'];
  description: string;
  enum?: string[];
  default?: string | number | boolean;
  minimum?: number;
  maximum?: number;
}

export interface ParametersSchema {
  type: 'object';
  properties: Record<string, ArgumentSchema>;
  required: string[];
  additionalProperties: false;
}

/** A tool as declared to a model: a name, what it teaches, and its arguments' JSON Schema. */
export interface ToolDeclaration {
  name: OpName;
  description: string;
  parameters: ParametersSchema;
}

/**
 * Rules the model meets that the orchestrator side applies, said once in each tool's description
 * (each tool's notes.ts). The byte cap is the one configured (CODE_RESULT_MAX_BYTES), which only this
 * side knows.
 */
export function orchestratorNotes(resultMaxBytes: number): Record<OpName, string> {
  const notes = {} as Record<OpName, string>;
  for (const name of OP_NAMES) notes[name] = TOOL_DESCRIPTORS[name].notes.declaration(resultMaxBytes);
  return notes;
}

export function argumentSchema(arg: ArgSpec): ArgumentSchema {
  const schema: ArgumentSchema = { type: arg.type, description: arg.description };
  if (arg.values) schema.enum = [...arg.values];
  if (arg.default !== undefined) schema.default = arg.default;
  if (arg.minimum !== undefined) schema.minimum = arg.minimum;
  if (arg.maximum !== undefined) schema.maximum = arg.maximum;
  return schema;
}

export function parametersSchema(spec: ToolSpec): ParametersSchema {
  const properties: Record<string, ArgumentSchema> = {};
  const required: string[] = [];
  for (const [name, arg] of Object.entries(spec.args)) {
    properties[name] = argumentSchema(arg);
    if (arg.required) required.push(name);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

export function toolDeclaration(spec: ToolSpec, resultMaxBytes: number = RESULT_DEFAULT_MAX_BYTES): ToolDeclaration {
  return {
    name: spec.name,
    description: `${spec.description} ${orchestratorNotes(resultMaxBytes)[spec.name]}`,
    parameters: parametersSchema(spec),
  };
}

function declarationsFor(resultMaxBytes: number): readonly ToolDeclaration[] {
  return OP_NAMES.map((name) => toolDeclaration(TOOL_SPECS[name], resultMaxBytes));
}

/** The declarations with CODE_RESULT_MAX_BYTES unset. */
export const CODE_TOOL_DECLARATIONS: readonly ToolDeclaration[] = declarationsFor(RESULT_DEFAULT_MAX_BYTES);

/**
 * The code tools to offer at this generation: all five while the agent's coding flag is on, none
 * while it is off. Call it at every generation with the live flag, not the run's snapshot, and
 * CODE_RESULT_MAX_BYTES as configured (the runs' own setting), so the cap the model reads is the
 * one its results get.
 */
export function codeToolDeclarations(
  codingEnabled: boolean,
  resultMaxBytesSetting?: string | number,
): readonly ToolDeclaration[] {
  if (!codingEnabled) return [];
  const maxBytes = resultMaxBytes(resultMaxBytesSetting);
  return maxBytes === RESULT_DEFAULT_MAX_BYTES ? CODE_TOOL_DECLARATIONS : declarationsFor(maxBytes);
}

export function isCodeTool(name: string): name is OpName {
  return (OP_NAMES as readonly string[]).includes(name);
}

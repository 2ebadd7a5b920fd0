// The new-call form, made from a tool's JSON Schema (the declarations a model gets), and the
// arguments it sends. Pure: the DOM is drawn from these in render-form.ts.
import type { ArgumentSchema, ToolDeclaration } from '../../../src/orchestrator/index.js';

/** `text` is a one-line input; `lines` a text area, for an argument that is often more than one line. */
export type FieldControl = 'text' | 'lines' | 'integer' | 'boolean' | 'choice';

/** The text arguments a model commonly writes on several lines: a script, a brief, its notes. */
const MULTI_LINE_ARGUMENTS: ReadonlySet<string> = new Set(['command', 'brief', 'notes']);

export interface FormField {
  name: string;
  control: FieldControl;
  required: boolean;
  description: string;
  choices?: string[];
  minimum?: number;
  maximum?: number;
  /** The schema's default, shown as a hint: an empty field is left out and the tool applies it. */
  placeholder?: string;
}

function controlFor(name: string, schema: ArgumentSchema): FieldControl {
  if (schema.enum) return 'choice';
  if (schema.type === 'integer') return 'integer';
  if (schema.type === 'boolean') return 'boolean';
  return MULTI_LINE_ARGUMENTS.has(name) ? 'lines' : 'text';
}

/** One field per property of the schema, in its order. */
export function formFields(declaration: ToolDeclaration): FormField[] {
  const { properties, required } = declaration.parameters;
  return Object.entries(properties).map(([name, schema]) => {
    const field: FormField = { name, control: controlFor(name, schema), required: required.includes(name), description: schema.description };
    if (schema.enum) field.choices = [...schema.enum];
    if (schema.minimum !== undefined) field.minimum = schema.minimum;
    if (schema.maximum !== undefined) field.maximum = schema.maximum;
    if (schema.default !== undefined) field.placeholder = String(schema.default);
    return field;
  });
}

/** A field's value as the form holds it: text, or a checkbox's state. */
export type FieldValue = string | boolean;

/**
 * The call's arguments: an empty field or an unticked box is left out (the tool's default); a whole
 * number is a number; any other text goes as typed, so the call says what is wrong with it, as it
 * would say it to a model.
 */
export function formArguments(fields: readonly FormField[], values: Readonly<Record<string, FieldValue>>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === '' || value === false) continue;
    if (field.control === 'integer' && typeof value === 'string' && /^-?\d+$/.test(value.trim())) args[field.name] = Number(value.trim());
    else args[field.name] = value;
  }
  return args;
}

/**
 * What the status line says when a required field is empty, or undefined when none is: the call is
 * not sent. A blank text is sent, for the tool to say what is wrong with it, as with any other text.
 */
export function missingRequired(fields: readonly FormField[], values: Readonly<Record<string, FieldValue>>): string | undefined {
  const missing = fields.filter((field) => {
    if (!field.required) return false;
    const value = values[field.name];
    return value === undefined || value === false || value === '';
  });
  if (missing.length === 0) return undefined;
  const names = missing.map((field) => field.name);
  return `not run: ${names.join(' and ')} ${names.length === 1 ? 'is' : 'are'} required`;
}

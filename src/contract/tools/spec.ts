// How a tool's arguments are described as data: the helper validates against it before anything
// runs, resolves defaults and bounds from it once, and the orchestrator side declares it to the model
// as JSON Schema.
import type { OpName } from '../registry.js';

export interface ArgSpec {
  type: 'string' | 'integer' | 'boolean';
  required?: boolean;
  /** Allowed values of a string argument. */
  values?: readonly string[];
  default?: string | number | boolean;
  /** Bounds of an integer argument; a value outside is clamped, not refused. */
  minimum?: number;
  maximum?: number;
  description: string;
}

export interface ToolSpec<Name extends OpName = OpName> {
  name: Name;
  description: string;
  args: Record<string, ArgSpec>;
}

/** A tool's arguments once validated against its spec: each of its type, or absent. */
export type ValidatedArgs = Record<string, string | number | boolean | undefined>;

/**
 * A tool's contract as the contract's tables list it (src/contract/tools/index.ts): its spec, its
 * resolver and its meta. `meta` is never set: it carries the meta's type (shell_status's is a union
 * of two kinds, finer than its schema says).
 */
export interface ToolContract<Name extends OpName, Args, Meta> {
  spec: ToolSpec<Name>;
  /** Defaults and bounds, applied once. */
  resolve: (args: ValidatedArgs) => Args;
  meta?: Meta;
}

/** An integer brought inside its bounds. */
export function clampInteger(value: number, minimum: number, maximum: number): number {
  return Math.min(maximum, Math.max(minimum, value));
}

/** An integer argument with its spec's default when absent, inside its spec's bounds. */
export function integerArg(spec: ToolSpec, args: ValidatedArgs, name: string): number {
  const arg = spec.args[name]!;
  const value = typeof args[name] === 'number' ? args[name] : (arg.default as number);
  return clampInteger(value, arg.minimum ?? -Infinity, arg.maximum ?? Infinity);
}

/** A boolean argument with its spec's default (false when it has none) when absent. */
export function booleanArg(spec: ToolSpec, args: ValidatedArgs, name: string): boolean {
  const value = args[name];
  return typeof value === 'boolean' ? value : spec.args[name]!.default === true;
}

/** A string argument, or undefined when absent. */
export function stringArg(args: ValidatedArgs, name: string): string | undefined {
  const value = args[name];
  return typeof value === 'string' ? value : undefined;
}

// Every tool's contract, by name: the table validation and the declarations read, and the map from a
// tool's name to its resolved arguments and its meta. A bundle runs the tools of its own op table
// (src/tools/index.ts); the contract knows them all.
import { checkArgs, validateRequestWith, type Request } from '../request.js';
import { OP_NAMES, type OpName } from '../registry.js';
import { CONTRACTS } from './contracts.generated.js';
import type { ToolContract, ToolSpec, ValidatedArgs } from './spec.js';
import { checkedWith, type CheckedRequest } from './checked.js';

export { HELPER_OF_TOOL, OP_NAMES, type HelperName, type OpName } from '../registry.js';
export { clampInteger, type ArgSpec, type ToolContract, type ToolSpec, type ValidatedArgs } from './spec.js';
export { checkedWith, type CheckedRequest } from './checked.js';

// The tables below are read from every tool's contract (contracts.generated.ts, made from the rows),
// by each spec's name.

type ContractOf<Name extends OpName> = Extract<(typeof CONTRACTS)[number], { spec: ToolSpec<Name> }>;

export type ToolArgs = { [Name in OpName]: ContractOf<Name> extends ToolContract<Name, infer Args, unknown> ? Args : never };

export type ToolMeta = { [Name in OpName]: ContractOf<Name> extends ToolContract<Name, unknown, infer Meta> ? Meta : never };

function contractOf<Name extends OpName>(name: Name): ToolContract<Name, ToolArgs[Name], ToolMeta[Name]> {
  const contract = CONTRACTS.find((each) => each.spec.name === name);
  if (contract === undefined) throw new Error(`${name} has a row in src/contract/registry.ts and no contract here`);
  return contract as unknown as ToolContract<Name, ToolArgs[Name], ToolMeta[Name]>;
}

function tableOf<Value>(valueOf: <Name extends OpName>(name: Name) => Value): Record<OpName, Value> {
  return Object.fromEntries(OP_NAMES.map((name) => [name, valueOf(name)])) as Record<OpName, Value>;
}

export const TOOL_SPECS: Record<OpName, ToolSpec> = tableOf((name) => contractOf(name).spec);

/** Defaults and bounds, applied once, here; nothing downstream applies them again. */
export const RESOLVE_ARGS: { [Name in OpName]: (args: ValidatedArgs) => ToolArgs[Name] } = tableOf(
  (name) => contractOf(name).resolve,
) as { [Name in OpName]: (args: ValidatedArgs) => ToolArgs[Name] };

export function resolveArgs<Name extends OpName>(name: Name, args: ValidatedArgs): ToolArgs[Name] {
  return RESOLVE_ARGS[name](args);
}

/** Check a request against the whole contract (or the tools of `known`) and resolve its arguments. */
export function checkRequest(value: unknown, known: readonly OpName[] = OP_NAMES): CheckedRequest {
  return checkedWith(validateRequest(value, known), resolveArgs);
}

/**
 * Check a request against the whole contract, or the tools of `known`: the orchestrator's side and
 * tests. A helper bundle checks against its own table (validateRequestWith), so that no other tool's
 * spec is in it.
 */
export function validateRequest(value: unknown, known: readonly OpName[] = OP_NAMES): Request {
  // The whole contract's table is the orchestrator's every call: made once.
  if (known === OP_NAMES) return validateRequestWith(value, TOOL_SPECS);
  const specs: { [Name in OpName]?: ToolSpec } = {};
  for (const name of known) specs[name] = TOOL_SPECS[name];
  return validateRequestWith(value, specs);
}

/** Check a tool's arguments against the contract's spec of it. */
export function validateArgs(op: OpName, raw: Record<string, unknown>): ValidatedArgs {
  return checkArgs(op, TOOL_SPECS[op], raw);
}

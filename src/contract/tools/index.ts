// Every tool's contract, by name: the table validation and the declarations read, and the map from a
// tool's name to its resolved arguments and its meta. A bundle runs the tools of its own op table
// (src/tools/index.ts); the contract knows them all.
import { checkArgs, validateRequestWith, type Request } from '../request.js';
import { OP_NAMES, type OpName } from '../tool-names.js';
import { CODE_TASK_SPEC, type CodeTaskArgs, type CodeTaskMeta, resolveCodeTaskArgs } from './code_task.js';
import { CODE_SEARCH_SPEC, type CodeSearchArgs, type CodeSearchMeta, resolveCodeSearchArgs } from './code_search.js';
import { FILE_READ_SPEC, type FileReadArgs, type FileReadMeta, resolveFileReadArgs } from './file_read.js';
import { resolveShellArgs, SHELL_SPEC, type ShellArgs, type ShellMeta } from './shell.js';
import {
  resolveShellStatusArgs,
  SHELL_STATUS_SPEC,
  type ShellStatusArgs,
  type ShellStatusMeta,
} from './shell_status.js';
import type { ToolSpec, ValidatedArgs } from './spec.js';
import { checkedWith, type CheckedRequest } from './checked.js';

export { HELPER_OF_TOOL, OP_NAMES, type HelperName, type OpName } from '../tool-names.js';
export { clampInteger, type ArgSpec, type ToolSpec, type ValidatedArgs } from './spec.js';
export { checkedWith, type CheckedRequest } from './checked.js';

export const TOOL_SPECS: Record<OpName, ToolSpec> = {
  shell: SHELL_SPEC,
  shell_status: SHELL_STATUS_SPEC,
  file_read: FILE_READ_SPEC,
  code_search: CODE_SEARCH_SPEC,
  code_task: CODE_TASK_SPEC,
};

export interface ToolArgs {
  shell: ShellArgs;
  shell_status: ShellStatusArgs;
  file_read: FileReadArgs;
  code_search: CodeSearchArgs;
  code_task: CodeTaskArgs;
}

export interface ToolMeta {
  shell: ShellMeta;
  shell_status: ShellStatusMeta;
  file_read: FileReadMeta;
  code_search: CodeSearchMeta;
  code_task: CodeTaskMeta;
}

/** Defaults and bounds, applied once, here; nothing downstream applies them again. */
export const RESOLVE_ARGS: { [Name in OpName]: (args: ValidatedArgs) => ToolArgs[Name] } = {
  shell: resolveShellArgs,
  shell_status: resolveShellStatusArgs,
  file_read: resolveFileReadArgs,
  code_search: resolveCodeSearchArgs,
  code_task: resolveCodeTaskArgs,
};

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
  const specs: { [Name in OpName]?: ToolSpec } = {};
  for (const name of known) specs[name] = TOOL_SPECS[name];
  return validateRequestWith(value, specs);
}

/** Check a tool's arguments against the contract's spec of it. */
export function validateArgs(op: OpName, raw: Record<string, unknown>): ValidatedArgs {
  return checkArgs(op, TOOL_SPECS[op], raw);
}

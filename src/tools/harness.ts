// The tools of dist/guilds-harness.js: code_task alone. Its system (git and the harness processes) and
// its limits come from the entry, so that nothing of it reaches dist/guilds-code.js.
import { CODE_TASK_SPEC, resolveCodeTaskArgs } from './code_task/contract.js';
import { codeTask, type CodeTaskLimits, type CodeTaskSystem } from './code_task/run.js';
import type { OpTable } from './context.js';

export function harnessTools(system: CodeTaskSystem, limits: CodeTaskLimits): OpTable {
  return {
    [CODE_TASK_SPEC.name]: { spec: CODE_TASK_SPEC, resolve: resolveCodeTaskArgs, run: (context, args) => codeTask(context, args, system, limits) },
  };
}

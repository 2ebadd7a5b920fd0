// The tools of dist/guilds-code.js. Another bundle (a harness with code_task) has a table of its own.
import { ToolError } from '../contract/errors.js';
import { CODE_SEARCH_SPEC, resolveCodeSearchArgs } from '../contract/tools/code_search.js';
import { FILE_READ_SPEC, resolveFileReadArgs } from '../contract/tools/file_read.js';
import { resolveShellArgs, SHELL_SPEC } from '../contract/tools/shell.js';
import { resolveShellStatusArgs, SHELL_STATUS_SPEC } from '../contract/tools/shell_status.js';
import type { OpName } from '../contract/tool-names.js';
import type { OpTable, ToolRun } from './context.js';

export type CodeToolName = Exclude<OpName, 'code_task'>;
export type CodeToolRuns = { [Name in CodeToolName]?: ToolRun<Name> };

/** A run step that is not in this body: the loader picks bodies by the request's op, so never reached. */
function runElsewhere(name: CodeToolName): () => never {
  return () => {
    throw new ToolError('internal', `${name} was sent to helper code without it (a defect of the helper's loader)`);
  };
}

/**
 * The four code tools' table, with the run steps of `runs`. Every body of the helper has all four specs
 * and resolvers, so that each validates a request exactly alike; each has the run step of its own
 * tool only (src/tools/<tool>/body.ts).
 */
export function codeTools(runs: CodeToolRuns): OpTable {
  return {
    shell: { spec: SHELL_SPEC, resolve: resolveShellArgs, run: runs.shell ?? runElsewhere('shell') },
    shell_status: { spec: SHELL_STATUS_SPEC, resolve: resolveShellStatusArgs, run: runs.shell_status ?? runElsewhere('shell_status') },
    file_read: { spec: FILE_READ_SPEC, resolve: resolveFileReadArgs, run: runs.file_read ?? runElsewhere('file_read') },
    code_search: { spec: CODE_SEARCH_SPEC, resolve: resolveCodeSearchArgs, run: runs.code_search ?? runElsewhere('code_search') },
  };
}

// The tools of dist/guilds-code.js. Another bundle (a harness with code_task) has a table of its own.
import { ToolError } from '../contract/errors.js';
import { CODE_TOOL_CONTRACTS } from './code-contracts.generated.js';
import type { OpTable, ToolEntry, ToolRun } from './context.js';

// The contracts of guilds-code's tools (code-contracts.generated.ts, made from the rows): no other
// tool's spec reaches its bodies.

export type CodeToolName = (typeof CODE_TOOL_CONTRACTS)[number]['spec']['name'];
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
  const table: Record<string, ToolEntry<CodeToolName>> = {};
  for (const { spec, resolve } of CODE_TOOL_CONTRACTS) {
    table[spec.name] = { spec, resolve, run: runs[spec.name] ?? runElsewhere(spec.name) } as ToolEntry<CodeToolName>;
  }
  return table as OpTable;
}

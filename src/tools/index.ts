// A bundle's table of the tools it runs, from its helper's contracts (src/tools/<helper>-contracts.generated.ts)
// and the run steps it holds: a body one (src/tools/<tool>/body.generated.ts), a warm stream all.
import { ToolError } from '../contract/errors.js';
import type { OpName } from '../contract/registry.js';
import type { ToolContract } from '../contract/tools/spec.js';
import type { OpTable, ToolEntry, ToolRuns } from './context.js';

/** A run step that is not in this body: the loader picks bodies by the request's op, so never reached. */
function runElsewhere(name: OpName): () => never {
  return () => {
    throw new ToolError('internal', `${name} was sent to helper code without it (a defect of the helper's loader)`);
  };
}

/**
 * The table of a helper's tools, with the run steps of `runs`. Every body of the helper has all its
 * tools' specs and resolvers, so that each validates a request exactly alike; each has the run step of
 * its own tool only.
 */
export function toolTable(contracts: readonly ToolContract<OpName, unknown, unknown>[], runs: ToolRuns): OpTable {
  const table: Record<string, ToolEntry<OpName>> = {};
  for (const { spec, resolve } of contracts) {
    table[spec.name] = { spec, resolve, run: runs[spec.name] ?? runElsewhere(spec.name) } as ToolEntry<OpName>;
  }
  return table as OpTable;
}

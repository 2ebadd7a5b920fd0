// Every tool of guilds-code with its run step and its I/O: the MCP server and the tests. The helper's
// bodies each take one (src/tools/<tool>/body.generated.ts).
import { nodeIoWith } from '../io/node/core.js';
import { CODE_TOOL_CONTRACTS } from './code-contracts.generated.js';
import { CODE_TOOLS_NODE_IO } from './code-node-io.generated.js';
import { CODE_TOOL_RUNS } from './code-runs.generated.js';
import type { OpTable } from './context.js';
import { toolTable } from './index.js';

export const CODE_TOOLS: OpTable = toolTable(CODE_TOOL_CONTRACTS, CODE_TOOL_RUNS);

/** The I/O of every code tool, as Node gives it, for a call in `home`. */
export function nodeIo(home: string, runDir: string, env: Record<string, string | undefined>) {
  return nodeIoWith(CODE_TOOLS_NODE_IO, home, runDir, env);
}

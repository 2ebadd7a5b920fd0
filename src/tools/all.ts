// All of guilds-code's tools with their run steps: the MCP server and the tests. The helper's bodies
// each take one (src/tools/<tool>/body.ts).
import { CODE_TOOL_RUNS } from './code-runs.generated.js';
import type { OpTable } from './context.js';
import { codeTools } from './index.js';

export const CODE_TOOLS: OpTable = codeTools(CODE_TOOL_RUNS);

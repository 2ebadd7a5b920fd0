// All four code tools with their run steps: the MCP server and the tests. The helper's bodies each
// take one (src/tools/<tool>/body.ts).
import { codeSearch } from './code_search/run.js';
import type { OpTable } from './context.js';
import { fileRead } from './file_read/run.js';
import { codeTools } from './index.js';
import { shell } from './shell/run.js';
import { shellStatus } from './shell_status/run.js';

export const CODE_TOOLS: OpTable = codeTools({ shell, shell_status: shellStatus, file_read: fileRead, code_search: codeSearch });

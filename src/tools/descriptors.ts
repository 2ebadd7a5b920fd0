// Every tool's descriptor, by name: adding a tool is its folder (src/tools/<tool>/, with its tool.ts)
// and one line here. The orchestrator's wait, the MCP server's titles, hints and output schemas are
// read from this table; test/tools/descriptors.test.ts holds the tables kept elsewhere to it.
import type { OpName } from '../contract/tool-names.js';
import { CODE_SEARCH_TOOL } from './code_search/tool.js';
import { CODE_TASK_TOOL } from './code_task/tool.js';
import type { ToolDescriptor } from './descriptor.js';
import { FILE_READ_TOOL } from './file_read/tool.js';
import { SHELL_TOOL } from './shell/tool.js';
import { SHELL_STATUS_TOOL } from './shell_status/tool.js';

export const TOOL_DESCRIPTORS: { readonly [Name in OpName]: ToolDescriptor<Name> } = {
  shell: SHELL_TOOL,
  shell_status: SHELL_STATUS_TOOL,
  file_read: FILE_READ_TOOL,
  code_search: CODE_SEARCH_TOOL,
  code_task: CODE_TASK_TOOL,
};

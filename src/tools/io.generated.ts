// Made by build.mjs from the rows of src/contract/registry.ts (src/tools/registry-lists.ts): do not edit.
import type { ShellIo } from './shell/io.js';
import type { ShellStatusIo } from './shell_status/io.js';
import type { FileReadIo } from './file_read/io.js';
import type { CodeSearchIo } from './code_search/io.js';
import type { CodeTaskIo } from './code_task/io.js';

/** Each tool's own I/O (src/tools/<tool>/io.ts), by name: what its run step sees beside the shared Io. */
export interface ToolIo {
  shell: ShellIo;
  shell_status: ShellStatusIo;
  file_read: FileReadIo;
  code_search: CodeSearchIo;
  code_task: CodeTaskIo;
}

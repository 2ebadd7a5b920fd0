// Made by build.mjs from the rows of src/contract/registry.ts (src/tools/registry-lists.ts): do not edit.
import { SHELL_NODE_IO } from './shell/node-io.js';
import { SHELL_STATUS_NODE_IO } from './shell_status/node-io.js';
import { FILE_READ_NODE_IO } from './file_read/node-io.js';
import { CODE_SEARCH_NODE_IO } from './code_search/node-io.js';

/** The I/O of all of guilds-code's tools, as Node gives it: its warm stream runs them all. */
export const CODE_TOOLS_NODE_IO = { ...SHELL_NODE_IO, ...SHELL_STATUS_NODE_IO, ...FILE_READ_NODE_IO, ...CODE_SEARCH_NODE_IO };

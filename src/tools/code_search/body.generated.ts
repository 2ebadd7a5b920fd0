// Made by build.mjs from the rows of src/contract/registry.ts (src/tools/registry-lists.ts): do not edit.
import { hostColdCall } from '../../entry.js';
import { toolTable } from '../index.js';
import { CODE_TOOL_CONTRACTS } from '../code-contracts.generated.js';
import { CODE_SEARCH_NODE_IO } from './node-io.js';
import { codeSearch } from './run.js';

// code_search's body in dist/guilds-code.js (build.mjs bundles it; src/boot/loader.ts picks it by the request's op).
hostColdCall(toolTable(CODE_TOOL_CONTRACTS, { code_search: codeSearch }), CODE_SEARCH_NODE_IO);

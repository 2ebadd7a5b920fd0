// A cold helper's entry for tests: the real host of one call around the code tools with faults
// (test/helpers/faults/tools.ts), built by test/helpers/faults/build.ts.
import { hostColdCall } from '../../../src/entry.js';
import { CODE_TOOLS_NODE_IO } from '../../../src/tools/code-node-io.generated.js';
import { CODE_TOOLS } from './tools.js';

hostColdCall(CODE_TOOLS, CODE_TOOLS_NODE_IO);

// A cold helper's entry for tests: the real host of one call around the code tools with faults
// (test/helpers/faults/tools.ts), built by test/helpers/faults/build.ts.
import { hostColdCall } from '../../../src/entry.js';
import { ALL_NODE_IO_PARTS } from '../../../src/io/node/index.js';
import { CODE_TOOLS } from './tools.js';

hostColdCall(CODE_TOOLS, ALL_NODE_IO_PARTS);

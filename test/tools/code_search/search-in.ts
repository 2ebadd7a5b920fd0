// code_search run in a sandbox home with the real ripgrep of this checkout: what the tests of its past bugs share.
import { NEVER_STOPPED } from '../../../src/io/stop.js';
import { NO_PROGRESS } from '../../../src/io/progress-sink.js';
import { nodeIo } from '../../../src/tools/all.js';
import type { Io } from '../../../src/io/types.js';
import type { CodeSearchIo } from '../../../src/tools/code_search/io.js';
import { validateRequest } from '../../../src/contract/tools/index.js';
import { resolveCodeSearchArgs } from '../../../src/tools/code_search/contract.js';
import { codeSearch } from '../../../src/tools/code_search/run.js';
import type { Sandbox } from '../../helpers/helper.js';

export function searchIn(sandbox: Sandbox, args: Record<string, unknown>, options: { maxBytes?: number; io?: (io: Io & CodeSearchIo) => Io & CodeSearchIo } = {}) {
  const io = nodeIo(sandbox.home, sandbox.runDir, {});
  const request = validateRequest({
    op: 'code_search',
    args,
    run_id: 'r1',
    agent_id: 'a1',
    call_id: 'c1',
    ...(options.maxBytes === undefined ? {} : { max_bytes: options.maxBytes }),
  });
  return codeSearch({ io: options.io ? options.io(io) : io, request, cwd: sandbox.home, stop: NEVER_STOPPED, progress: NO_PROGRESS }, resolveCodeSearchArgs(request.args));
}

// The environment of a process a call starts: a shell command, a background job, a code_task harness.
// Shared by their run steps; where links lead is asked of the I/O layer here, the rules are pure
// (src/tools/shell/environment.ts).
import { ghTokenFor, shellEnvironment } from './shell/environment.js';
import type { Context } from './context.js';

/** The whole environment of a process started in `cwd` by this call (GH_TOKEN of the repository holding it). */
export function commandEnvironment(context: Context, cwd: string): Record<string, string> {
  const { io, request } = context;
  const realPath = (path: string): string | null => {
    try {
      return io.fs.realPath(path);
    } catch {
      return null;
    }
  };
  return shellEnvironment({
    agentEnv: io.env,
    runId: request.runId,
    agentId: request.agentId,
    cwd,
    ghToken: ghTokenFor(io.env, io.home, cwd, realPath),
    traceContext: request.traceContext,
  });
}

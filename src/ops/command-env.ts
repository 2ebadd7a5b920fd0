// The environment of every command the helper starts, foreground or background: the agent's own,
// with the spec's fixed variables, the run's ids, and GH_TOKEN of the repository holding the directory.
import type { Io } from '../io/types.js';
import type { Context } from './context.js';
import { REPO_TOKENS_VARIABLE } from '../protocol/environment.js';
import { parseRepoTokens, shellEnvironment, tokenForFolder } from './shell_env.js';

function ghTokenFor(io: Io, cwd: string): string | null | undefined {
  const tokens = parseRepoTokens(io.env[REPO_TOKENS_VARIABLE], io.home);
  if (tokens === null) return undefined;
  const places = [cwd];
  try {
    places.push(io.fs.realPath(cwd));
  } catch {
    // The folder as named is enough.
  }
  // A listed folder may itself be a link: compare where it leads too.
  const resolved = tokens.flatMap((entry) => {
    try {
      return [entry, { folder: io.fs.realPath(entry.folder), token: entry.token }];
    } catch {
      return [entry];
    }
  });
  return tokenForFolder(resolved, places);
}

/** The whole environment of a command started from this call. */
export function commandEnvironment(context: Context): Record<string, string> {
  const { io, request, cwd } = context;
  return shellEnvironment({
    agentEnv: io.env,
    runId: request.runId,
    agentId: request.agentId,
    cwd,
    ghToken: ghTokenFor(io, cwd),
  });
}

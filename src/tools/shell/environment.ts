// The environment of every command the helper starts, foreground or background: the agent's own,
// with the spec's fixed variables, the run's ids, and GH_TOKEN of the repository holding the
// directory. Pure: where links lead is asked of the function the run step passes in.
import { expandHome, isInside, normalizeAbsolute } from '../../text/paths.js';
import {
  HANDED_ON_EXTRA_CA_CERTS_VARIABLE,
  NODE_EXTRA_CA_CERTS_VARIABLE,
  REPO_TOKENS_VARIABLE,
} from '../../contract/environment.js';
import { TRACEPARENT_VARIABLE, TRACESTATE_VARIABLE, type TraceContext } from '../../contract/telemetry.js';

export const FIXED_SHELL_ENV: Readonly<Record<string, string>> = {
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  GIT_TERMINAL_PROMPT: '0',
  NO_COLOR: '1',
  TERM: 'dumb',
  DEBIAN_FRONTEND: 'noninteractive',
  // No prompt can be answered (stdin is /dev/null, nobody reads the terminal): gh and Git Credential
  // Manager fail at once instead of waiting for the timeout.
  GH_PROMPT_DISABLED: '1',
  GCM_INTERACTIVE: 'never',
};

/** A program that fails at once: an askpass or an editor that nobody could answer. */
const FAILS_AT_ONCE = 'false';

/**
 * Set only where the agent's environment sets none of the variables listed with it: an askpass of
 * the agent's own may hand out credentials without asking anyone, and an editor an image sets on
 * purpose (a script) is respected. git takes GIT_EDITOR, then core.editor, VISUAL, EDITOR: GIT_EDITOR
 * is set only when the agent names no editor at all, so that `git commit` without `-m` fails at once
 * with git's own message (`error: There was a problem with the editor 'false'.` / `Please supply the
 * message using either -m or -F option.`) and never opens one from a repository's core.editor.
 */
export const DEFAULT_SHELL_ENV: readonly { name: string; value: string; unlessSet: readonly string[] }[] = [
  { name: 'GIT_ASKPASS', value: FAILS_AT_ONCE, unlessSet: ['GIT_ASKPASS'] },
  { name: 'SSH_ASKPASS', value: FAILS_AT_ONCE, unlessSet: ['SSH_ASKPASS'] },
  { name: 'GIT_EDITOR', value: FAILS_AT_ONCE, unlessSet: ['GIT_EDITOR', 'VISUAL', 'EDITOR'] },
  { name: 'EDITOR', value: FAILS_AT_ONCE, unlessSet: ['EDITOR', 'VISUAL'] },
];

export interface RepoToken {
  /** Absolute, normalized. */
  folder: string;
  token: string;
}

/**
 * The repository tokens of GUILD_REPO_TOKENS: a JSON object from folder (absolute, or relative to the
 * home) to token. null when the variable is absent; an unreadable value or entry gives no token.
 */
export function parseRepoTokens(value: string | undefined, home: string): RepoToken[] | null {
  if (value === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
  const tokens: RepoToken[] = [];
  for (const [folder, token] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof token !== 'string' || token === '' || folder === '' || folder.includes('\0')) continue;
    tokens.push({ folder: expandHome(folder, home, home), token });
  }
  return tokens;
}

/** The token of the deepest listed folder that holds one of `places` (the same folder, as named and resolved). */
export function tokenForFolder(tokens: readonly RepoToken[], places: readonly string[]): string | null {
  let best: RepoToken | null = null;
  for (const entry of tokens) {
    if (!places.some((place) => isInside(normalizeAbsolute(place), entry.folder))) continue;
    if (best === null || entry.folder.length > best.folder.length) best = entry;
  }
  return best?.token ?? null;
}

/** Where a path leads, links followed; null when it cannot be told. */
export type RealPath = (path: string) => string | null;

/**
 * GH_TOKEN for a command in `cwd`: null when GUILD_REPO_TOKENS lists no folder holding it, undefined
 * when GUILD_REPO_TOKENS is not set. The folder is compared as named and as resolved, and so is each
 * listed folder (it may itself be a link).
 */
export function ghTokenFor(
  agentEnv: Readonly<Record<string, string | undefined>>,
  home: string,
  cwd: string,
  realPath: RealPath,
): string | null | undefined {
  const tokens = parseRepoTokens(agentEnv[REPO_TOKENS_VARIABLE], home);
  if (tokens === null) return undefined;
  const resolvedCwd = realPath(cwd);
  const places = resolvedCwd === null ? [cwd] : [cwd, resolvedCwd];
  const resolved = tokens.flatMap((entry) => {
    const folder = realPath(entry.folder);
    return folder === null ? [entry] : [entry, { folder, token: entry.token }];
  });
  return tokenForFolder(resolved, places);
}

export interface ShellEnvInput {
  agentEnv: Readonly<Record<string, string | undefined>>;
  runId: string;
  agentId: string;
  cwd: string;
  /**
   * The token for the working directory; null when GUILD_REPO_TOKENS lists no folder holding it (the
   * command then has no GH_TOKEN at all); undefined when GUILD_REPO_TOKENS is not set (GH_TOKEN stays as
   * the agent's environment has it).
   */
  ghToken: string | null | undefined;
  /**
   * The call's trace context (src/contract/telemetry.ts), as OpenTelemetry's environment carrier
   * names it: TRACEPARENT and TRACESTATE, replacing any the agent's environment has (a TRACESTATE
   * belongs to its TRACEPARENT). Absent: the agent's own stay as they are.
   */
  traceContext?: TraceContext | undefined;
}

export function shellEnvironment(input: ShellEnvInput): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.agentEnv)) if (value !== undefined) env[name] = value;
  delete env[REPO_TOKENS_VARIABLE];
  const extraCaCerts = env[HANDED_ON_EXTRA_CA_CERTS_VARIABLE];
  if (extraCaCerts !== undefined) {
    // The helper was started with NODE_EXTRA_CA_CERTS emptied; the command gets the agent's value.
    delete env[HANDED_ON_EXTRA_CA_CERTS_VARIABLE];
    if (extraCaCerts === '') delete env[NODE_EXTRA_CA_CERTS_VARIABLE];
    else env[NODE_EXTRA_CA_CERTS_VARIABLE] = extraCaCerts;
  }
  for (const { name, value, unlessSet } of DEFAULT_SHELL_ENV) {
    if (unlessSet.every((set) => env[set] === undefined || env[set] === '')) env[name] = value;
  }
  Object.assign(env, FIXED_SHELL_ENV);
  env.GUILD_RUN_ID = input.runId;
  env.GUILD_AGENT_ID = input.agentId;
  // bash keeps a logical PWD (a folder reached through a link) only when PWD names its start folder.
  env.PWD = input.cwd;
  delete env.OLDPWD;
  if (input.ghToken !== undefined) {
    if (input.ghToken === null) delete env.GH_TOKEN;
    else env.GH_TOKEN = input.ghToken;
  }
  if (input.traceContext !== undefined) {
    env[TRACEPARENT_VARIABLE] = input.traceContext.traceparent;
    if (input.traceContext.tracestate === undefined) delete env[TRACESTATE_VARIABLE];
    else env[TRACESTATE_VARIABLE] = input.traceContext.tracestate;
  }
  return env;
}

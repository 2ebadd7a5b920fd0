// The environment every command runs with, foreground or background. Pure: the agent's environment
// and where the command runs in, the command's environment out.
import { isInside, joinPath } from '../paths.js';

/** Fixed for every command: no pager waits for a key, no prompt waits for a password, no colours. */
export const COMMAND_FIXED_ENVIRONMENT: Readonly<Record<string, string>> = {
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  GIT_TERMINAL_PROMPT: '0',
  NO_COLOR: '1',
  TERM: 'dumb',
  DEBIAN_FRONTEND: 'noninteractive',
};

/** Per-repository tokens: a JSON object from repository folder (absolute, or relative to the home) to token. */
export const REPO_TOKENS_VARIABLE = 'GUILD_REPO_TOKENS';
/**
 * The launcher moves NODE_EXTRA_CA_CERTS aside so that the helper's own start does not load the
 * certificates; commands get it back under its real name.
 */
export const SAVED_CA_CERTS_VARIABLE = 'GUILDS_NODE_EXTRA_CA_CERTS';

export interface CommandEnvironmentInput {
  agentEnv: Readonly<Record<string, string | undefined>>;
  home: string;
  /** Where the command starts: absolute, normalized. */
  cwd: string;
  runId: string;
  agentId: string;
}

function repoFolder(home: string, key: string): string {
  if (key === '~') return home;
  if (key.startsWith('~/')) return joinPath(home, key.slice(2));
  return joinPath(home, key);
}

/**
 * The token of the deepest listed folder that holds `cwd`, or undefined. A map that is not valid JSON
 * gives no token at all rather than a wrong one.
 */
export function repoTokenFor(tokensJson: string | undefined, home: string, cwd: string): string | undefined {
  if (tokensJson === undefined || tokensJson === '') return undefined;
  let tokens: unknown;
  try {
    tokens = JSON.parse(tokensJson);
  } catch {
    return undefined;
  }
  if (typeof tokens !== 'object' || tokens === null || Array.isArray(tokens)) return undefined;
  let best: { depth: number; token: string } | undefined;
  for (const [key, token] of Object.entries(tokens as Record<string, unknown>)) {
    if (typeof token !== 'string' || token === '' || key.includes('\0')) continue;
    const folder = repoFolder(home, key);
    if (!isInside(cwd, folder)) continue;
    const depth = folder === '/' ? 0 : folder.split('/').length;
    if (!best || depth > best.depth) best = { depth, token };
  }
  return best?.token;
}

export function commandEnvironment(input: CommandEnvironmentInput): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.agentEnv)) {
    if (value !== undefined) env[name] = value;
  }
  const token = repoTokenFor(env[REPO_TOKENS_VARIABLE], input.home, input.cwd);
  delete env[REPO_TOKENS_VARIABLE];
  delete env.GH_TOKEN;
  if (token !== undefined) env.GH_TOKEN = token;
  const savedCaCerts = env[SAVED_CA_CERTS_VARIABLE];
  delete env[SAVED_CA_CERTS_VARIABLE];
  if (savedCaCerts !== undefined && savedCaCerts !== '') env.NODE_EXTRA_CA_CERTS = savedCaCerts;
  Object.assign(env, COMMAND_FIXED_ENVIRONMENT);
  env.GUILD_RUN_ID = input.runId;
  env.GUILD_AGENT_ID = input.agentId;
  return env;
}

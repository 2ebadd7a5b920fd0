// The MCP server's command line and environment, read into its settings. Pure: the entry resolves
// the home on disk afterwards.
import { RESULT_DEFAULT_MAX_BYTES } from '../limits.js';
import { REPO_TOKENS_VARIABLE } from '../contract/environment.js';
import { isPlainObject } from '../contract/encoding.js';
import { resultMaxBytes } from '../orchestrator/request.js';
import { MCP_USAGE } from './format.js';

/** Names the harness (SPEC section 6); code_task is offered only when it is set. */
export const HARNESS_VARIABLE = 'GUILDS_HARNESS';

export interface McpOptions {
  /** As given (or the current folder); not yet resolved. */
  home: string;
  /** --home was given: that folder stays the home whatever roots the client lists. */
  homeFixed: boolean;
  maxBytes: number;
  readPointers: boolean;
  structuredContent: boolean;
  /** GUILD_REPO_TOKENS read: folder to token. */
  folderTokens: Record<string, string>;
  offerCodeTask: boolean;
}

export type ParsedOptions = { kind: 'options'; options: McpOptions } | { kind: 'help'; text: string } | { kind: 'error'; message: string };

/** The tokens of GUILD_REPO_TOKENS, or a reason it cannot be read. */
export function folderTokensFrom(value: string | undefined): Record<string, string> | string {
  if (value === undefined || value.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return `${REPO_TOKENS_VARIABLE} is not JSON`;
  }
  if (!isPlainObject(parsed)) return `${REPO_TOKENS_VARIABLE} must be a JSON object from folder to token`;
  const tokens: Record<string, string> = {};
  for (const [folder, token] of Object.entries(parsed)) {
    if (typeof token !== 'string' || token === '') return `${REPO_TOKENS_VARIABLE}: the token of ${JSON.stringify(folder)} must be a non-empty string`;
    tokens[folder] = token;
  }
  return tokens;
}

export function parseOptions(argv: readonly string[], cwd: string, env: Readonly<Record<string, string | undefined>>): ParsedOptions {
  let home = cwd;
  let homeFixed = false;
  let maxBytes = RESULT_DEFAULT_MAX_BYTES;
  let readPointers = true;
  let structuredContent = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string | undefined => inline ?? argv[++index];
    switch (flag) {
      case '--help':
      case '-h':
        return { kind: 'help', text: MCP_USAGE };
      case '--home': {
        const given = value();
        if (given === undefined || given === '') return { kind: 'error', message: '--home needs a folder' };
        home = given;
        homeFixed = true;
        break;
      }
      case '--max-bytes': {
        const given = value();
        if (given === undefined || !/^\d+$/.test(given)) return { kind: 'error', message: '--max-bytes needs a whole number of bytes' };
        maxBytes = resultMaxBytes(given);
        break;
      }
      case '--no-read-pointers':
        readPointers = false;
        break;
      case '--structured-content':
        structuredContent = true;
        break;
      default:
        return { kind: 'error', message: `unknown argument ${JSON.stringify(arg)} (--help lists them)` };
    }
  }
  const tokens = folderTokensFrom(env[REPO_TOKENS_VARIABLE]);
  if (typeof tokens === 'string') return { kind: 'error', message: tokens };
  const harness = env[HARNESS_VARIABLE];
  return {
    kind: 'options',
    options: { home, homeFixed, maxBytes, readPointers, structuredContent, folderTokens: tokens, offerCodeTask: harness !== undefined && harness.trim() !== '' },
  };
}

// What the orchestrator hands the helper in its environment rather than in the request (argv is
// readable by every process in the sandbox). Both sides name the variables from here.

/** The repository tokens, a JSON object from folder to token; the helper never passes it on. */
export const REPO_TOKENS_VARIABLE = 'GUILD_REPO_TOKENS';
/**
 * Where a helper started as root finds the repository tokens instead (src/io/node/identity.ts): a
 * file only root may read, since a process of the agent can read the environment of a helper acting
 * as the agent under gVisor. The helper reads it as root, before it acts as the agent.
 */
export const REPO_TOKENS_FILE_VARIABLE = 'GUILD_REPO_TOKENS_FILE';
/** The most a tokens file may hold. */
export const REPO_TOKENS_FILE_MAX_BYTES = 1_048_576;
/** Node parses this CA bundle at every start, which slows every cold helper start. */
export const NODE_EXTRA_CA_CERTS_VARIABLE = 'NODE_EXTRA_CA_CERTS';
/**
 * Where the orchestrator hands NODE_EXTRA_CA_CERTS on while the helper starts with it empty; the
 * helper gives the commands it runs the value back under Node's own name.
 */
export const HANDED_ON_EXTRA_CA_CERTS_VARIABLE = 'GUILDS_NODE_EXTRA_CA_CERTS';

/** The helper's state folder when GUILDS_RUN_DIR is not set. */
export const DEFAULT_RUN_DIR = '/run/guilds';
/** Moves the helper's state folder. */
export const RUN_DIR_VARIABLE = 'GUILDS_RUN_DIR';

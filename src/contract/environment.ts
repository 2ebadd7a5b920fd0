// What the orchestrator hands the helper in its environment rather than in the request (argv is
// readable by every process in the sandbox). Both sides name the variables from here.

/** The repository tokens, a JSON object from folder to token; the helper never passes it on. */
export const REPO_TOKENS_VARIABLE = 'GUILD_REPO_TOKENS';
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

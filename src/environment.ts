// The environment the helper passes on to the commands it runs.

/**
 * With NODE_EXTRA_CA_CERTS set, every Node start parses the whole CA bundle (about 80 ms on a
 * 2-core machine, more than the helper's own work). The helper never opens a TLS connection, so
 * the orchestrator starts it without the variable and hands its value on under this name; the
 * helper puts it back for the commands it runs (docs/performance.md).
 */
export const HANDED_ON_CA_CERTS_VARIABLE = 'GUILDS_NODE_EXTRA_CA_CERTS';

/** The agent's environment as its commands should see it, with NODE_EXTRA_CA_CERTS restored. */
export function commandEnvironment(
  env: Readonly<Record<string, string | undefined>>,
): Readonly<Record<string, string | undefined>> {
  const handedOn = env[HANDED_ON_CA_CERTS_VARIABLE];
  if (handedOn === undefined) return env;
  const restored: Record<string, string | undefined> = { ...env, NODE_EXTRA_CA_CERTS: handedOn };
  delete restored[HANDED_ON_CA_CERTS_VARIABLE];
  return restored;
}

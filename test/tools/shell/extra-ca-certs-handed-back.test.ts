// Restore NODE_EXTRA_CA_CERTS for commands from GUILDS_NODE_EXTRA_CA_CERTS.
import { expect, it } from 'vitest';
import { shellEnvironment } from '../../../src/tools/shell/environment.js';

const input = { runId: 'r1', agentId: 'a1', cwd: '/h', ghToken: undefined };

it("a command gets the agent's NODE_EXTRA_CA_CERTS back under its own name", () => {
  const env = shellEnvironment({ ...input, agentEnv: { NODE_EXTRA_CA_CERTS: '', GUILDS_NODE_EXTRA_CA_CERTS: '/etc/corp.pem' } });
  expect(env.NODE_EXTRA_CA_CERTS).toBe('/etc/corp.pem');
  expect(env.GUILDS_NODE_EXTRA_CA_CERTS).toBeUndefined();
});

it('an empty hand-over leaves the command without the variable', () => {
  const env = shellEnvironment({ ...input, agentEnv: { NODE_EXTRA_CA_CERTS: '', GUILDS_NODE_EXTRA_CA_CERTS: '' } });
  expect('NODE_EXTRA_CA_CERTS' in env).toBe(false);
});

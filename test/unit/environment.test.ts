import { describe, expect, it } from 'vitest';
import { commandEnvironment } from '../../src/environment.js';

describe('the environment passed on to commands', () => {
  it('is the agent environment unchanged when nothing was handed on', () => {
    expect(commandEnvironment({ PATH: '/usr/bin', NODE_EXTRA_CA_CERTS: '/etc/ca.pem' })).toEqual({
      PATH: '/usr/bin',
      NODE_EXTRA_CA_CERTS: '/etc/ca.pem',
    });
  });

  it('gets NODE_EXTRA_CA_CERTS back from GUILDS_NODE_EXTRA_CA_CERTS, which it does not see', () => {
    expect(commandEnvironment({ PATH: '/usr/bin', GUILDS_NODE_EXTRA_CA_CERTS: '/etc/ca.pem' })).toEqual({
      PATH: '/usr/bin',
      NODE_EXTRA_CA_CERTS: '/etc/ca.pem',
    });
  });

  it('takes the handed-on value over one the helper was started with', () => {
    expect(commandEnvironment({ NODE_EXTRA_CA_CERTS: '/old.pem', GUILDS_NODE_EXTRA_CA_CERTS: '/new.pem' })).toEqual({
      NODE_EXTRA_CA_CERTS: '/new.pem',
    });
  });

  it('hands on an empty value as empty', () => {
    expect(commandEnvironment({ GUILDS_NODE_EXTRA_CA_CERTS: '' })).toEqual({ NODE_EXTRA_CA_CERTS: '' });
  });
});

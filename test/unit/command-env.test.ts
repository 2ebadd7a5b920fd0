import { describe, expect, it } from 'vitest';
import { commandEnvironment, repoTokenFor } from '../../src/ops/command-env.js';

const HOME = '/home/agent';
const base = { home: HOME, cwd: '/home/agent/repos/app', runId: 'r1', agentId: 'a1' };

describe('commandEnvironment', () => {
  it("passes on the agent's environment with the fixed variables and the run's ids", () => {
    const env = commandEnvironment({ ...base, agentEnv: { PATH: '/usr/bin', PORT: '3100', MY_SECRET: 's', UNSET: undefined } });
    expect(env).toEqual({
      PATH: '/usr/bin',
      PORT: '3100',
      MY_SECRET: 's',
      PAGER: 'cat',
      GIT_PAGER: 'cat',
      GIT_TERMINAL_PROMPT: '0',
      NO_COLOR: '1',
      TERM: 'dumb',
      DEBIAN_FRONTEND: 'noninteractive',
      GUILD_RUN_ID: 'r1',
      GUILD_AGENT_ID: 'a1',
    });
  });

  it('the fixed variables win over the agent’s own', () => {
    const env = commandEnvironment({ ...base, agentEnv: { TERM: 'xterm-256color', PAGER: 'less', GUILD_RUN_ID: 'old' } });
    expect(env.TERM).toBe('dumb');
    expect(env.PAGER).toBe('cat');
    expect(env.GUILD_RUN_ID).toBe('r1');
  });

  it('sets GH_TOKEN from the repository folder that holds the working directory, and never passes the map on', () => {
    const tokens = JSON.stringify({ 'repos/app': 'tok-app', 'repos/lib': 'tok-lib' });
    const env = commandEnvironment({ ...base, cwd: '/home/agent/repos/app/src', agentEnv: { GUILD_REPO_TOKENS: tokens } });
    expect(env.GH_TOKEN).toBe('tok-app');
    expect('GUILD_REPO_TOKENS' in env).toBe(false);
  });

  it('has no GH_TOKEN at all outside every listed folder, even one the agent had', () => {
    const tokens = JSON.stringify({ 'repos/app': 'tok-app' });
    const env = commandEnvironment({ ...base, cwd: HOME, agentEnv: { GUILD_REPO_TOKENS: tokens, GH_TOKEN: 'stale' } });
    expect('GH_TOKEN' in env).toBe(false);
  });

  it('restores NODE_EXTRA_CA_CERTS from its saved name and drops the saved name', () => {
    const env = commandEnvironment({ ...base, agentEnv: { GUILDS_NODE_EXTRA_CA_CERTS: '/etc/ca.pem' } });
    expect(env.NODE_EXTRA_CA_CERTS).toBe('/etc/ca.pem');
    expect('GUILDS_NODE_EXTRA_CA_CERTS' in env).toBe(false);
  });

  it('leaves NODE_EXTRA_CA_CERTS alone when nothing was saved', () => {
    const env = commandEnvironment({ ...base, agentEnv: { NODE_EXTRA_CA_CERTS: '/own.pem' } });
    expect(env.NODE_EXTRA_CA_CERTS).toBe('/own.pem');
  });
});

describe('repoTokenFor', () => {
  it('picks the deepest listed folder that holds the directory', () => {
    const tokens = JSON.stringify({ repos: 'outer', 'repos/app': 'inner', '/home/agent/repos/app/vendor/x': 'deeper' });
    expect(repoTokenFor(tokens, HOME, '/home/agent/repos/app/src')).toBe('inner');
    expect(repoTokenFor(tokens, HOME, '/home/agent/repos/app/vendor/x/y')).toBe('deeper');
    expect(repoTokenFor(tokens, HOME, '/home/agent/repos/other')).toBe('outer');
  });
  it('takes absolute folders and ~/ folders as well as home-relative ones', () => {
    expect(repoTokenFor(JSON.stringify({ '/home/agent/repos/app': 't' }), HOME, '/home/agent/repos/app')).toBe('t');
    expect(repoTokenFor(JSON.stringify({ '~/repos/app': 't' }), HOME, '/home/agent/repos/app')).toBe('t');
  });
  it('a folder whose name only starts like the directory does not hold it', () => {
    expect(repoTokenFor(JSON.stringify({ 'repos/app': 't' }), HOME, '/home/agent/repos/app2')).toBeUndefined();
  });
  it('gives no token for a map that is not a JSON object, or for a value that is not a string', () => {
    expect(repoTokenFor('{not json', HOME, HOME)).toBeUndefined();
    expect(repoTokenFor('["x"]', HOME, HOME)).toBeUndefined();
    expect(repoTokenFor(JSON.stringify({ '': 5 }), HOME, HOME)).toBeUndefined();
    expect(repoTokenFor(undefined, HOME, HOME)).toBeUndefined();
  });
});

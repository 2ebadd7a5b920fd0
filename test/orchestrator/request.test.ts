import { checkRequest, type OpName } from '../../src/contract/tools/index.js';
import { describe, expect, it } from 'vitest';
import {
  checkRepositoryName,
  defaultCwdFor,
  helperEnvironment,
  helperTimeoutMs,
  resultMaxBytes,
} from '../../src/orchestrator/request.js';

describe('the result cap from CODE_RESULT_MAX_BYTES', () => {
  it('is 8192 when the setting is absent', () => expect(resultMaxBytes(undefined)).toBe(8192));
  it('is 8192 when the setting is empty', () => expect(resultMaxBytes('')).toBe(8192));
  it('takes a whole number of bytes as it is', () => expect(resultMaxBytes('4096')).toBe(4096));
  it('takes a number as it is', () => expect(resultMaxBytes(20000)).toBe(20000));
  it('is exactly the platform cap at 65536', () => expect(resultMaxBytes('65536')).toBe(65536));
  it('is lowered to the platform cap one byte over it', () => expect(resultMaxBytes('65537')).toBe(65536));
  it('is lowered to the platform cap well above it', () => expect(resultMaxBytes('200000')).toBe(65536));
  it('is lowered to the platform cap as a number too', () => expect(resultMaxBytes(1_048_576)).toBe(65536));
  it('allows spaces around the number', () => expect(resultMaxBytes(' 2048 ')).toBe(2048));
  it('is raised to 1024 when below it', () => expect(resultMaxBytes('100')).toBe(1024));
  it('is exactly 1024 at the minimum', () => expect(resultMaxBytes('1024')).toBe(1024));
  it('is 1024 for zero', () => expect(resultMaxBytes('0')).toBe(1024));
  it('is the default for a negative number', () => expect(resultMaxBytes('-5')).toBe(8192));
  it('is the default for a unit it does not know', () => expect(resultMaxBytes('8k')).toBe(8192));
  it('is the default for a fraction', () => expect(resultMaxBytes('8192.5')).toBe(8192));
  it('is the default for an exponent', () => expect(resultMaxBytes('1e4')).toBe(8192));
  it('is the default for a number too large to be exact', () => expect(resultMaxBytes('9'.repeat(30))).toBe(8192));
  it('is the default for a non-integer number', () => expect(resultMaxBytes(2048.5)).toBe(8192));
});

describe('where a run starts', () => {
  it('is the repository folder when the guild has exactly one', () => {
    expect(defaultCwdFor([{ name: 'app' }])).toBe('repos/app');
  });
  it('is the home when the guild has none', () => expect(defaultCwdFor([])).toBe(''));
  it('is the home when the guild has two', () => {
    expect(defaultCwdFor([{ name: 'app' }, { name: 'site' }])).toBe('');
  });
});

describe('a repository name', () => {
  it('is one folder name', () => expect(() => checkRepositoryName('my-app.v2')).not.toThrow());
  for (const bad of ['', '.', '..', 'a/b', '../x', 'a\0b']) {
    it(`refuses ${JSON.stringify(bad)}`, () => expect(() => checkRepositoryName(bad)).toThrow(TypeError));
  }
});

/** A call's request as CodeToolRun checks it: the arguments checked and resolved. */
function checked(op: OpName, args: Record<string, unknown>) {
  return checkRequest({ op, args, run_id: 'r1', agent_id: 'a1', call_id: 'c1' });
}

describe('how long the orchestrator waits', () => {
  it('is 120 s for file_read', () => expect(helperTimeoutMs(checked('file_read', { path: 'a' }))).toBe(120_000));
  it('is 120 s for code_search', () => expect(helperTimeoutMs(checked('code_search', { pattern: 'a' }))).toBe(120_000));
  it('is 120 s for shell_status', () => expect(helperTimeoutMs(checked('shell_status', {}))).toBe(120_000));
  it('is the default 120 s plus 30 s for shell', () => expect(helperTimeoutMs(checked('shell', { command: 'x' }))).toBe(150_000));
  it('is the timeout plus 30 s for shell', () => {
    expect(helperTimeoutMs(checked('shell', { command: 'x', timeout_seconds: 10 }))).toBe(40_000);
  });
  it('clamps a shell timeout over 600 s as the helper does', () => {
    expect(helperTimeoutMs(checked('shell', { command: 'x', timeout_seconds: 5000 }))).toBe(630_000);
  });
  it('clamps a shell timeout under 1 s as the helper does', () => {
    expect(helperTimeoutMs(checked('shell', { command: 'x', timeout_seconds: 0 }))).toBe(31_000);
  });
  it('uses the shell rule for a background start too', () => {
    expect(helperTimeoutMs(checked('shell', { command: 'x', background: true }))).toBe(150_000);
  });
});

describe("the helper's environment", () => {
  it("is the agent's environment, secrets included", () => {
    expect(helperEnvironment({ PORT: '4100', API_KEY: 's3cret' }, [])).toEqual({ PORT: '4100', API_KEY: 's3cret' });
  });

  it('carries the repository tokens as JSON keyed by folder', () => {
    const env = helperEnvironment({}, [
      { name: 'app', token: 'ghs_app' },
      { name: 'docs' },
      { name: 'site', token: 'ghs_site' },
    ]);
    expect(env).toEqual({ GUILD_REPO_TOKENS: '{"repos/app":"ghs_app","repos/site":"ghs_site"}' });
  });

  it('drops a GUILD_REPO_TOKENS that the agent set itself', () => {
    expect(helperEnvironment({ GUILD_REPO_TOKENS: '{"/":"x"}' }, [])).toEqual({});
  });

  it('starts the helper without NODE_EXTRA_CA_CERTS and hands its value on', () => {
    expect(helperEnvironment({ NODE_EXTRA_CA_CERTS: '/etc/corp-ca.pem' }, [])).toEqual({
      NODE_EXTRA_CA_CERTS: '',
      GUILDS_NODE_EXTRA_CA_CERTS: '/etc/corp-ca.pem',
    });
  });

  it('leaves an empty NODE_EXTRA_CA_CERTS alone', () => {
    expect(helperEnvironment({ NODE_EXTRA_CA_CERTS: '' }, [])).toEqual({ NODE_EXTRA_CA_CERTS: '' });
  });

  it("does not change the agent's own object", () => {
    const agentEnv = { NODE_EXTRA_CA_CERTS: '/ca.pem' };
    helperEnvironment(agentEnv, [{ name: 'app', token: 't' }]);
    expect(agentEnv).toEqual({ NODE_EXTRA_CA_CERTS: '/ca.pem' });
  });
});

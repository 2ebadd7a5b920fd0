import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRepoTokens, shellEnvironment, tokenForFolder } from '../../../src/tools/shell/environment.js';
import { backgroundScript, bashAnsiCQuote, bashQuote, foregroundScript, foregroundScriptArgs } from '../../../src/tools/shell/script.js';

const HOME = '/home/agent';

describe('parseRepoTokens', () => {
  it('absent is null (tokens are not managed)', () => expect(parseRepoTokens(undefined, HOME)).toBeNull());
  it('folders are absolute or relative to the home', () =>
    expect(parseRepoTokens('{"repos/a":"ta","/srv/b":"tb","~/c":"tc"}', HOME)).toEqual([
      { folder: '/home/agent/repos/a', token: 'ta' },
      { folder: '/srv/b', token: 'tb' },
      { folder: '/home/agent/c', token: 'tc' },
    ]));
  it('not JSON is an empty list', () => expect(parseRepoTokens('{nope', HOME)).toEqual([]));
  it('not an object is an empty list', () => expect(parseRepoTokens('["a"]', HOME)).toEqual([]));
  it('entries that are not string tokens are skipped', () =>
    expect(parseRepoTokens('{"a":1,"b":"","c":"tc"}', HOME)).toEqual([{ folder: '/home/agent/c', token: 'tc' }]));
});

describe('tokenForFolder', () => {
  const tokens = [
    { folder: '/home/agent/repos/a', token: 'ta' },
    { folder: '/home/agent/repos/a/sub', token: 'tsub' },
  ];
  it('the deepest holder wins', () => expect(tokenForFolder(tokens, ['/home/agent/repos/a/sub/x'])).toBe('tsub'));
  it('the folder itself holds', () => expect(tokenForFolder(tokens, ['/home/agent/repos/a'])).toBe('ta'));
  it('a sibling with a common prefix does not', () => expect(tokenForFolder(tokens, ['/home/agent/repos/ab'])).toBeNull());
  it('the resolved form counts too', () => expect(tokenForFolder(tokens, ['/elsewhere', '/home/agent/repos/a/z'])).toBe('ta'));
});

describe('shellEnvironment', () => {
  const base = { runId: 'r1', agentId: 'a1', cwd: '/home/agent/x' };
  it('adds the fixed variables over the agent\'s and drops the token map', () =>
    expect(
      shellEnvironment({ ...base, agentEnv: { PATH: '/bin', TERM: 'xterm', GUILD_REPO_TOKENS: '{}', OLDPWD: '/' }, ghToken: 't' }),
    ).toEqual({
      PATH: '/bin',
      PAGER: 'cat',
      GIT_PAGER: 'cat',
      GIT_TERMINAL_PROMPT: '0',
      NO_COLOR: '1',
      TERM: 'dumb',
      DEBIAN_FRONTEND: 'noninteractive',
      GH_PROMPT_DISABLED: '1',
      GCM_INTERACTIVE: 'never',
      GIT_ASKPASS: 'false',
      SSH_ASKPASS: 'false',
      GIT_EDITOR: 'false',
      EDITOR: 'false',
      GUILD_RUN_ID: 'r1',
      GUILD_AGENT_ID: 'a1',
      PWD: '/home/agent/x',
      GH_TOKEN: 't',
    }));
  const headless = (agentEnv: Record<string, string>) => {
    const env = shellEnvironment({ ...base, agentEnv, ghToken: undefined });
    return [env.GIT_ASKPASS, env.SSH_ASKPASS, env.GIT_EDITOR, env.EDITOR, env.VISUAL, env.GH_PROMPT_DISABLED, env.GCM_INTERACTIVE];
  };
  it('keeps the agent\'s own askpass programs', () =>
    expect(headless({ GIT_ASKPASS: '/bin/ask', SSH_ASKPASS: '/bin/ssh-ask' })).toEqual(['/bin/ask', '/bin/ssh-ask', 'false', 'false', undefined, '1', 'never']));
  it('an agent\'s EDITOR names the editor for git too: no GIT_EDITOR joins it', () =>
    expect(headless({ EDITOR: 'nano' })).toEqual(['false', 'false', undefined, 'nano', undefined, '1', 'never']));
  it('an agent\'s VISUAL leaves both GIT_EDITOR and EDITOR unset', () =>
    expect(headless({ VISUAL: 'code -w' })).toEqual(['false', 'false', undefined, undefined, 'code -w', '1', 'never']));
  it('an agent\'s GIT_EDITOR stays, and EDITOR is still set for the other programs', () =>
    expect(headless({ GIT_EDITOR: 'true' })).toEqual(['false', 'false', 'true', 'false', undefined, '1', 'never']));
  it('an empty value counts as unset, as git reads it', () =>
    expect(headless({ GIT_ASKPASS: '', EDITOR: '' })).toEqual(['false', 'false', 'false', 'false', undefined, '1', 'never']));
  it('the prompt switches win over the agent\'s own: nobody could answer a prompt', () =>
    expect(headless({ GH_PROMPT_DISABLED: '', GCM_INTERACTIVE: 'always' }).slice(5)).toEqual(['1', 'never']));
  it('no holder removes the agent\'s GH_TOKEN', () =>
    expect(shellEnvironment({ ...base, agentEnv: { GH_TOKEN: 'own' }, ghToken: null }).GH_TOKEN).toBeUndefined());
  it('no token map leaves the agent\'s GH_TOKEN', () =>
    expect(shellEnvironment({ ...base, agentEnv: { GH_TOKEN: 'own' }, ghToken: undefined }).GH_TOKEN).toBe('own'));
  it('the CA bundle comes back under its usual name, and the name it travelled under is dropped', () => {
    const env = shellEnvironment({ ...base, agentEnv: { NODE_EXTRA_CA_CERTS: '', GUILDS_NODE_EXTRA_CA_CERTS: '/ca.pem' }, ghToken: undefined });
    expect([env.NODE_EXTRA_CA_CERTS, 'GUILDS_NODE_EXTRA_CA_CERTS' in env]).toEqual(['/ca.pem', false]);
  });
  it('an empty handed-on CA bundle leaves the command without NODE_EXTRA_CA_CERTS', () => {
    const env = shellEnvironment({ ...base, agentEnv: { NODE_EXTRA_CA_CERTS: '', GUILDS_NODE_EXTRA_CA_CERTS: '' }, ghToken: undefined });
    expect(['NODE_EXTRA_CA_CERTS' in env, 'GUILDS_NODE_EXTRA_CA_CERTS' in env]).toEqual([false, false]);
  });
  it('without a handed-on value the agent\'s own NODE_EXTRA_CA_CERTS stays', () =>
    expect(shellEnvironment({ ...base, agentEnv: { NODE_EXTRA_CA_CERTS: '/own.pem' }, ghToken: undefined }).NODE_EXTRA_CA_CERTS).toBe('/own.pem'));
});

const PATHS = { start: "/h/it's\nhere", record: '/h/c1.cwd', command: '/h/c1.cmd' };

describe('the directory record', () => {
  it('quotes for bash', () => expect(bashQuote("it's")).toBe("'it'\\''s'"));
  it('ANSI-C quotes a backslash, a quote, a newline, a tab and DEL as escapes, and keeps UTF-8 as it is', () =>
    expect(bashAnsiCQuote("a\\b'c\nd\te\x7fé")).toBe("$'a\\\\b\\'c\\x0ad\\x09e\\x7fé'"));
  it('ANSI-C quotes what bash reads back as the same text, every control character, one line', () => {
    const text = `/h/${Array.from({ length: 32 }, (_, i) => String.fromCharCode(i + 1)).join('')}\x7f'\\é$x\``.replace('\0', '');
    const quoted = bashAnsiCQuote(text);
    expect(quoted).not.toContain('\n');
    expect(spawnSync('bash', ['-c', `printf %s ${quoted}`], { encoding: 'utf8' }).stdout).toBe(text);
  });
  const changeFolder =
    "__guilds_change_folder() { builtin \"$@\" 2>/dev/null && { [[ $BASH_SUBSHELL != 0 ]] || builtin pwd 2>/dev/null >| '/h/c1.cwd'; return 0; }; " +
    'local __guilds_status=$? __guilds_message; __guilds_message=$(builtin "$@" 2>&1 >/dev/null) || :; ' +
    "builtin printf '%s: line %s: %s\\n' \"${BASH_SOURCE[2]:-$0}\" \"${BASH_LINENO[1]}\" \"${__guilds_message#*: line [0-9]*: }\" >&2; " +
    'return "$__guilds_status"; }';
  const standIn = (name: string): string => `${name}() { { local -; set +x; } 2>/dev/null; __guilds_change_folder ${name} "$@"; }`;
  const enterFolder = 'builtin cd -- "$1" || builtin exit; builtin unset OLDPWD; builtin export OLDPWD; builtin set --';
  const moved = "[[ ${PWD-} == $'\\''/h/it\\'\\''s\\x0ahere'\\'' && ! -e '\\''/h/c1.cwd'\\'' ]]";
  const trap = `trap '{ builtin trap '\\'''\\'' TERM; ${moved} || builtin pwd >| '\\''/h/c1.cwd'\\''; } 2>/dev/null' EXIT`;
  const prelude = [enterFolder, changeFolder, standIn('cd'), standIn('pushd'), standIn('popd'), trap].join('; ');
  it('shares the command\'s first line: the folder entered from $1, the directory-change functions, the EXIT trap (writing only when the shell moved, or a function recorded), the command; nothing forked', () =>
    expect(foregroundScript('make test', PATHS, 100_000)).toEqual({ script: `${prelude}; make test`, commandFileText: null }));
});

describe('the EXIT trap, run by bash', () => {
  const folder = mkdtempSync(join(tmpdir(), 'guilds-trap-'));
  const run = (start: string, command: string): string | null => {
    mkdirSync(start, { recursive: true });
    const record = join(folder, 'c1.cwd');
    rmSync(record, { force: true });
    const { script } = foregroundScript(command, { start, record, command: join(folder, 'c1.cmd') }, 100_000);
    spawnSync('bash', ['-c', script, ...foregroundScriptArgs(start)], { stdio: 'ignore' });
    return existsSync(record) ? readFileSync(record, 'utf8') : null;
  };
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  for (const name of ['plain', "it's \\ odd $x", 'a\nnewline', 'tab\tand\x7f']) {
    it(`writes nothing when the shell ends where it started (${JSON.stringify(name)})`, () => expect(run(join(folder, name), 'true')).toBeNull());
    it(`writes the folder the shell moved to (${JSON.stringify(name)})`, () => expect(run(join(folder, name), 'builtin cd ..')).toBe(`${folder}\n`));
  }
  it('writes the folder a function recorded and the shell came back from', () => expect(run(join(folder, 'plain'), 'cd ..; builtin cd plain')).toBe(`${join(folder, 'plain')}\n`));
});

describe('a command too long for one argument', () => {
  const prelude = foregroundScript('', PATHS, 100_000).script.slice(0, -2);
  const cap = prelude.length + 100;
  it('stays in the script when the whole is exactly at the cap', () => {
    const command = 'x'.repeat(98);
    expect(foregroundScript(command, PATHS, cap)).toEqual({ script: `${prelude}; ${command}`, commandFileText: null });
  });
  it('travels through the file when the whole is one byte over', () => {
    const command = 'x'.repeat(99);
    expect(foregroundScript(command, PATHS, cap)).toEqual({
      script: `${prelude}; BASH_EXECUTION_STRING=$(< '/h/c1.cmd') || exit 126; eval "$BASH_EXECUTION_STRING"`,
      commandFileText: command,
    });
  });
  it('enters its folder from bash\'s arguments, $0 first', () => expect(foregroundScriptArgs('/h/a\nb')).toEqual(['bash', '/h/a\nb']));
  it('counts UTF-8 bytes, not characters', () =>
    expect(foregroundScript('é'.repeat(50), PATHS, cap).commandFileText).toBe('é'.repeat(50)));
  it('in the background, the job reads the file, removes it and clears its parameters', () => {
    expect(backgroundScript('sleep 9', '/h/c2.cmd', 7)).toEqual({ script: 'sleep 9', scriptArgs: [], commandFileText: null });
    expect(backgroundScript('sleep 99', '/h/c2.cmd', 7)).toEqual({
      script: 'BASH_EXECUTION_STRING=$(< "$1") || exit 126; rm -f -- "$1" 2>/dev/null; set --; eval "$BASH_EXECUTION_STRING"',
      scriptArgs: ['bash', '/h/c2.cmd'],
      commandFileText: 'sleep 99',
    });
  });
});

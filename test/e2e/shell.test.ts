import { mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callHelper, makeSandbox, type Sandbox } from '../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

function shell(args: Record<string, unknown>, env: Record<string, string | undefined> = {}, extra: Record<string, unknown> = {}) {
  return callHelper(sandbox, { op: 'shell', args, ...extra }, env);
}

describe('shell: running', () => {
  it('keeps the output of every process in order when it arrives in several reads', () => {
    const command = "printf 'a\\nb\\n'; sleep 0.1; /bin/echo 1; sleep 0.1; node -e 'console.log(2)'";
    expect(shell({ command }).text).toBe('a\nb\n1\n2');
  });

  it('stdout and stderr arrive as one stream in the order written', () => {
    const envelope = shell({ command: 'for i in 1 2 3; do echo out$i; echo err$i >&2; done' });
    expect(envelope).toEqual({
      ok: true,
      text: 'out1\nerr1\nout2\nerr2\nout3\nerr3',
      meta: { exit_code: 0, cwd: sandbox.home, timed_out: false, elapsed_ms: expect.any(Number) },
    });
  });

  it('stdin is /dev/null', () => {
    expect(shell({ command: 'cat; echo "read $(wc -c < /dev/stdin) bytes"' }).text).toBe('read 0 bytes');
  });

  it('runs in bash with the fixed variables, the run and agent ids, and the agent environment', () => {
    const envelope = shell(
      { command: 'echo "$BASH_VERSION" | cut -c1 | grep -q . && echo bash; echo $PAGER $GIT_PAGER $GIT_TERMINAL_PROMPT $NO_COLOR $TERM $DEBIAN_FRONTEND $GUILD_RUN_ID $GUILD_AGENT_ID $AGENT_SECRET' },
      { AGENT_SECRET: 's3cret', TERM: 'xterm-256color', PAGER: 'less' },
      { run_id: 'run-7', agent_id: 'agent_9' },
    );
    expect(envelope.text).toBe('bash\ncat cat 0 1 dumb noninteractive run-7 agent_9 s3cret');
  });

  it('never passes GUILD_REPO_TOKENS on, and hands GUILDS_NODE_EXTRA_CA_CERTS over as NODE_EXTRA_CA_CERTS', () => {
    const envelope = shell(
      { command: 'echo "${GUILD_REPO_TOKENS-unset} ${NODE_EXTRA_CA_CERTS-unset}"' },
      { GUILD_REPO_TOKENS: '{"repos/a":"t"}', GUILDS_NODE_EXTRA_CA_CERTS: '/etc/ca.pem' },
    );
    expect(envelope.text).toBe('unset /etc/ca.pem');
  });

  it('a non-zero exit code is a trailer and meta, not an error', () => {
    expect(shell({ command: 'echo partial; exit 3' })).toEqual({
      ok: true,
      text: 'partial\nexit_code: 3',
      meta: { exit_code: 3, cwd: sandbox.home, timed_out: false, elapsed_ms: expect.any(Number) },
    });
  });

  it('a shell killed by a signal exits 128 + the signal', () => {
    expect(shell({ command: 'kill -KILL $$' }).text).toBe('(no output)\nexit_code: 137');
  });

  it('no output reads (no output)', () => {
    expect(shell({ command: 'true' }).text).toBe('(no output)');
  });

  it('escapes are removed and carriage-return redraws keep their last state', () => {
    const envelope = shell({ command: "printf '\\033[1;31mFAIL\\033[0m x\\r\\ndownloading 10%%\\rdownloading 100%%\\n'" });
    expect(envelope.text).toBe('FAIL x\ndownloading 100%');
  });

  it('line numbers stay the command\'s own', () => {
    expect(shell({ command: 'true\nfalse\necho line $LINENO' }).text).toBe('line 3');
    // What plain `bash -c` says for the same text.
    expect(shell({ command: 'true\nfalse\n(' }).text).toBe('bash: -c: line 4: syntax error: unexpected end of file\nexit_code: 2');
  });

  it('a link where the log goes is replaced, never written through', () => {
    mkdirSync(join(sandbox.home, '.runs', 'r1'), { recursive: true });
    symlinkSync(join(sandbox.outside, 'target'), join(sandbox.home, '.runs', 'r1', 'linked.log'));
    expect(shell({ command: 'echo hi' }, {}, { call_id: 'linked' }).text).toBe('hi');
    expect(readdirSync(sandbox.outside)).toEqual([]);
  });

  it('the log is removed when the output was returned whole', () => {
    shell({ command: 'echo hi' }, {}, { call_id: 'whole1' });
    expect(readdirSync(join(sandbox.home, '.runs', 'r1')).sort()).toEqual(['cwd']);
  });
});

describe('shell: the working directory', () => {
  it('a command that ends where it started leaves the record as it is; one that moves rewrites it', () => {
    mkdirSync(join(sandbox.home, 'a'));
    const record = join(sandbox.home, '.runs', 'r1', 'cwd');
    shell({ command: 'cd a' });
    const first = statSync(record);
    expect(shell({ command: 'true' }).meta).toMatchObject({ cwd: join(sandbox.home, 'a') });
    expect(statSync(record).ino).toBe(first.ino);
    shell({ command: 'cd ..' });
    expect(statSync(record).ino).not.toBe(first.ino);
    expect(shell({ command: 'pwd' }).text).toBe(sandbox.home);
  });

  it('a cd carries over to the next call; environment changes do not', () => {
    mkdirSync(join(sandbox.home, 'a', 'b'), { recursive: true });
    expect(shell({ command: 'cd a/b && export CARRIED=yes' }).meta).toMatchObject({ cwd: sandbox.home });
    const next = shell({ command: 'pwd; echo ${CARRIED-no}' });
    expect(next.text).toBe(`${join(sandbox.home, 'a', 'b')}\nno`);
    expect(next.meta).toMatchObject({ cwd: join(sandbox.home, 'a', 'b') });
  });

  it('a cd followed by an outside program still carries over (bash does not exec it past the trap)', () => {
    mkdirSync(join(sandbox.home, 'a'));
    shell({ command: 'cd a && /bin/true' });
    expect(shell({ command: 'pwd' }).text).toBe(join(sandbox.home, 'a'));
  });

  it('the final folder is recorded after exit N too', () => {
    mkdirSync(join(sandbox.home, 'a'));
    expect(shell({ command: 'cd a; exit 4' }).text).toBe('(no output)\nexit_code: 4');
    expect(shell({ command: 'pwd' }).text).toBe(join(sandbox.home, 'a'));
  });

  it('a cd in a subshell does not carry over', () => {
    expect(shell({ command: '(cd /; true); echo $(cd /tmp; pwd)' }).text).toBe('/tmp');
    expect(shell({ command: 'pwd' }).text).toBe(sandbox.home);
  });

  it('a folder reached through a link keeps its name', () => {
    mkdirSync(join(sandbox.home, 'real'));
    symlinkSync(join(sandbox.home, 'real'), join(sandbox.home, 'link'));
    shell({ command: 'cd link' });
    expect(shell({ command: 'pwd' }).text).toBe(join(sandbox.home, 'link'));
  });

  it('a working directory that no longer exists falls back to the default', () => {
    mkdirSync(join(sandbox.home, 'repos', 'app'), { recursive: true });
    mkdirSync(join(sandbox.home, 'gone'));
    shell({ command: 'cd gone' }, {}, { default_cwd: 'repos/app' });
    rmSync(join(sandbox.home, 'gone'), { recursive: true });
    const envelope = shell({ command: 'pwd' }, {}, { default_cwd: 'repos/app' });
    expect(envelope.text).toBe(join(sandbox.home, 'repos', 'app'));
  });
});

describe('shell: GH_TOKEN', () => {
  it('comes from the deepest listed repository holding the working directory, and is absent elsewhere', () => {
    for (const folder of ['repos/a/sub/deeper', 'repos/b', 'notes']) mkdirSync(join(sandbox.home, folder), { recursive: true });
    const env = {
      GH_TOKEN: 'agent-own',
      GUILD_REPO_TOKENS: JSON.stringify({
        'repos/a': 'token-a',
        [join(sandbox.home, 'repos/a/sub')]: 'token-sub',
        'repos/b': 'token-b',
      }),
    };
    const token = (extra: Record<string, unknown>) =>
      shell({ command: 'echo ${GH_TOKEN-none}' }, env, { run_id: `t${Math.random()}`.replace('0.', ''), ...extra }).text;
    expect(token({ default_cwd: 'repos/a' })).toBe('token-a');
    expect(token({ default_cwd: 'repos/a/sub/deeper' })).toBe('token-sub');
    expect(token({ default_cwd: 'repos/b' })).toBe('token-b');
    expect(token({ default_cwd: 'notes' })).toBe('none');
    expect(token({ default_cwd: '' })).toBe('none');
  });

  it('follows the folder after a cd in an earlier call', () => {
    mkdirSync(join(sandbox.home, 'repos', 'a'), { recursive: true });
    const env = { GUILD_REPO_TOKENS: JSON.stringify({ 'repos/a': 'token-a' }) };
    expect(shell({ command: 'cd repos/a; echo ${GH_TOKEN-none}' }, env).text).toBe('none');
    expect(shell({ command: 'echo ${GH_TOKEN-none}' }, env).text).toBe('token-a');
  });

  it('without GUILD_REPO_TOKENS the agent environment is left as it is', () => {
    expect(shell({ command: 'echo ${GH_TOKEN-none}' }, { GH_TOKEN: 'agent-own' }).text).toBe('agent-own');
  });
});

describe('shell: long output', () => {
  it('50 MB of output keeps its head and tail, names the kept log, and counts what it left out', () => {
    const envelope = shell({ command: 'yes 0123456789abcdef | head -c 50000000' }, {}, { call_id: 'big' });
    const logPath = join(sandbox.home, '.runs', 'r1', 'big.log');
    expect(envelope.meta).toEqual({ exit_code: 0, cwd: sandbox.home, timed_out: false, elapsed_ms: expect.any(Number), log_path: logPath });
    expect(statSync(logPath).size).toBe(50_000_000);
    const text = envelope.text!;
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(8192);
    const match = /^((?:0123456789abcdef\n){119}0123456789abcdef)\n\[… (\d+) bytes elided; full output: (\S+) …\]\n((?:0123456789abcdef\n)+01234567)$/.exec(text);
    expect(match).not.toBeNull();
    const [, head, elided, log, tail] = match!;
    expect(log).toBe(logPath);
    // 120 lines of 17 bytes end the head; the tail is whole lines up to the last, cut, one.
    expect(Buffer.byteLength(head!) + 1).toBe(120 * 17);
    expect(120 * 17 + Number(elided) + Buffer.byteLength(tail!)).toBe(50_000_000);
    expect(Buffer.byteLength(text)).toBeGreaterThan(8192 - 17 - 8);
  });

  it('a multibyte character at the cut is never split, and the bytes add up', () => {
    const envelope = shell({ command: "printf '€%.0s' $(seq 4000)" });
    const text = envelope.text!;
    expect(text).not.toContain('\uFFFD');
    const match = /^(€+)\n\[… (\d+) bytes elided; full output: \S+ …\]\n(€+)$/.exec(text);
    expect(match).not.toBeNull();
    const [, head, elided, tail] = match!;
    expect(head!.length).toBe(682); // 2046 bytes: the last whole character within 2048
    expect(Buffer.byteLength(head!) + Number(elided) + Buffer.byteLength(tail!)).toBe(12_000);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(8192);
  });

  it('one line of 20 MB is shaped like any other long output', () => {
    const envelope = shell({ command: "head -c 20000000 /dev/zero | tr '\\0' x; echo; echo done" }, {}, { max_bytes: 1024 });
    const match = /^(x+)\n\[… (\d+) bytes elided; full output: \S+ …\]\n(x+)\ndone$/.exec(envelope.text!);
    expect(match).not.toBeNull();
    expect(match![1]!.length).toBe(256);
    expect(256 + Number(match![2]) + match![3]!.length + 1 + 4).toBe(20_000_006 - 1);
  });
});

describe('shell: a long log path at the smallest cap', () => {
  it('keeps the tail and the exit code, naming the log from the home', () => {
    // A home of about 500 bytes and ids of 128: the log path alone is about 770 bytes.
    const home = join(sandbox.home, ...Array.from({ length: 4 }, (_, i) => `${i}${'h'.repeat(110)}`));
    mkdirSync(home, { recursive: true });
    const runId = 'r'.repeat(128);
    const callId = 'c'.repeat(128);
    const envelope = shell({ command: 'seq 1 2000; exit 3' }, { HOME: home }, { run_id: runId, call_id: callId, max_bytes: 1024 });
    const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
    const shortLog = `~/.runs/${runId}/${callId}.log`;
    expect(envelope).toEqual({
      ok: true,
      text: [...lines(1, 88), `[… 8193 bytes elided; full output: ${shortLog} …]`, ...lines(1912, 2000), 'exit_code: 3'].join('\n'),
      meta: { exit_code: 3, cwd: home, timed_out: false, elapsed_ms: expect.any(Number), log_path: join(home, '.runs', runId, `${callId}.log`) },
    });
  });
});

describe('shell: a home that cannot hold the run folder', () => {
  it('a file named .runs is one clear line, as for a background start', () => {
    writeFileSync(join(sandbox.home, '.runs'), '');
    expect(shell({ command: 'echo hi' })).toEqual({
      ok: false,
      error: `shell: cannot run the command: cannot create ${join(sandbox.home, '.runs', 'r1')}: a file stands where a folder should be (ENOTDIR)`,
      kind: 'io',
    });
  });

  it('a folder where the log would go is one clear line', () => {
    mkdirSync(join(sandbox.home, '.runs', 'r1', 'taken.log'), { recursive: true });
    expect(shell({ command: 'echo hi' }, {}, { call_id: 'taken' })).toEqual({
      ok: false,
      error: `shell: cannot run the command: cannot clear ${join(sandbox.home, '.runs', 'r1', 'taken.log')}: a folder stands where a file should be (EISDIR)`,
      kind: 'io',
    });
  });

  it('a command that leaves a folder where its log was still answers', () => {
    const log = join(sandbox.home, '.runs', 'r1', 'swap.log');
    const record = join(sandbox.home, '.runs', 'r1', 'swap.cwd');
    expect(shell({ command: `echo hi; rm -f ${log}; mkdir ${log} ${record}` }, {}, { call_id: 'swap' })).toEqual({
      ok: true,
      // The EXIT trap cannot record the final folder, quietly; the run keeps the folder it had.
      text: 'hi',
      meta: { exit_code: 0, cwd: sandbox.home, timed_out: false, elapsed_ms: expect.any(Number) },
    });
  });
});

describe('shell: bad input', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a missing command', {}, 'shell: command is required'],
    ['a command that is not a string', { command: 42 }, 'shell: command must be a string'],
    ['an empty command', { command: '  ' }, 'shell: command is empty'],
    ['a NUL byte in the command', { command: 'echo a\u0000b' }, 'shell: the command contains a NUL byte'],
    ['a timeout that is not a number', { command: 'true', timeout_seconds: '5' }, 'shell: timeout_seconds must be a whole number'],
  ];
  for (const [name, args, error] of cases) {
    it(`${name} is a clear error`, () => expect(shell(args)).toEqual({ ok: false, error, kind: 'invalid_request' }));
  }

  it('a blank background command is refused as the foreground one is, and starts nothing', () => {
    expect(shell({ command: '   ', background: true })).toEqual({ ok: false, error: 'shell: command is empty', kind: 'invalid_request' });
    expect(shell({ command: 'echo a\u0000b', background: true })).toEqual({
      ok: false,
      error: 'shell: the command contains a NUL byte',
      kind: 'invalid_request',
    });
    expect(callHelper(sandbox, { op: 'shell_status', args: {} }).text).toBe('no background commands');
  });

  it('a timeout past 600 is clamped, not refused', () => {
    expect(shell({ command: 'echo ok', timeout_seconds: 100000 }).text).toBe('ok');
  });
});

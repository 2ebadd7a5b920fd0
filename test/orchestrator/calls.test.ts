// CodeToolRun end to end over a scripted sandbox: requests, failures, secrets, the envelopes of
// every tool.
import { describe, expect, it } from 'vitest';
import { CodeToolRun, type CodeToolsConfig } from '../../src/orchestrator/code-tools.js';
import { answering, FakeSandbox, printed, stdoutOf, type Answer } from './fake-sandbox.js';

function runWith(answer: Answer, config: Partial<CodeToolsConfig> = {}): { run: CodeToolRun; sandbox: FakeSandbox } {
  const sandbox = new FakeSandbox(answer);
  return { sandbox, run: new CodeToolRun({ sandbox, runId: 'run-1', agentId: 'agent-1', ...config }) };
}

const OK = { ok: true, text: 'done', meta: {} };

describe('the request a call sends', () => {
  it('carries the op, the arguments, the ids, the start folder and the cap', async () => {
    const { run, sandbox } = runWith(answering(OK), { repositories: [{ name: 'app' }], resultMaxBytes: '4096' });
    await run.call({ tool: 'file_read', args: { path: 'README.md', limit: 5 }, callId: 'call-3', resultSeq: 3 });
    expect(sandbox.request()).toEqual({
      op: 'file_read',
      args: { path: 'README.md', limit: 5 },
      run_id: 'run-1',
      agent_id: 'agent-1',
      call_id: 'call-3',
      default_cwd: 'repos/app',
      max_bytes: 4096,
    });
  });

  it('starts in the home with the default cap when nothing is configured', async () => {
    const { run, sandbox } = runWith(answering(OK));
    await run.call({ tool: 'shell_status', args: {}, callId: 'c1', resultSeq: 1 });
    expect(sandbox.request()).toMatchObject({ default_cwd: '', max_bytes: 8192 });
  });

  it('drops arguments the model sent as null', async () => {
    const { run, sandbox } = runWith(answering(OK));
    await run.call({ tool: 'code_search', args: { pattern: 'x', path: null, glob: null }, callId: 'c1', resultSeq: 1 });
    expect(sandbox.request().args).toEqual({ pattern: 'x' });
  });

  it('takes the arguments as JSON text too', async () => {
    const { run, sandbox } = runWith(answering(OK));
    await run.call({ tool: 'shell', args: '{"command":"ls","timeout_seconds":5}', callId: 'c1', resultSeq: 1 });
    expect(sandbox.request().args).toEqual({ command: 'ls', timeout_seconds: 5 });
    expect(sandbox.execs[0]!.timeoutMs).toBe(35_000);
  });

  it('waits 120 s for an op', async () => {
    const { run, sandbox } = runWith(answering(OK));
    await run.call({ tool: 'file_read', args: { path: 'a' }, callId: 'c1', resultSeq: 1 });
    expect(sandbox.execs[0]!.timeoutMs).toBe(120_000);
  });

  it('puts secrets and tokens in the environment, never in argv', async () => {
    const { run, sandbox } = runWith(answering(OK), {
      env: { API_KEY: 'sk-very-secret', PORT: '4100' },
      repositories: [{ name: 'app', token: 'ghs_tokenvalue' }],
    });
    await run.call({ tool: 'shell', args: { command: 'gh pr list' }, callId: 'c1', resultSeq: 1 });
    const [call] = sandbox.execs;
    expect(call!.env).toEqual({
      API_KEY: 'sk-very-secret',
      PORT: '4100',
      GUILD_REPO_TOKENS: '{"repos/app":"ghs_tokenvalue"}',
    });
    const argvText = call!.argv.join(' ') + Buffer.from(call!.argv.at(-1)!, 'base64').toString('utf8');
    expect(argvText).not.toContain('sk-very-secret');
    expect(argvText).not.toContain('ghs_tokenvalue');
  });

  it('starts the helper without NODE_EXTRA_CA_CERTS, handing its value on', async () => {
    const { run, sandbox } = runWith(answering(OK), { env: { NODE_EXTRA_CA_CERTS: '/etc/ssl/corp.pem' } });
    await run.call({ tool: 'shell_status', args: {}, callId: 'c1', resultSeq: 1 });
    expect(sandbox.execs[0]!.env).toEqual({ NODE_EXTRA_CA_CERTS: '', GUILDS_NODE_EXTRA_CA_CERTS: '/etc/ssl/corp.pem' });
  });
});

describe('bad input from the model', () => {
  const cases: Array<[string, string, unknown, string]> = [
    ['an unknown tool', 'rm_rf', {}, "unknown tool 'rm_rf' (the code tools are shell, shell_status, file_read, code_search, code_task)"],
    ['a code_task with a blank brief', 'code_task', { brief: ' ' }, 'code_task: brief is empty'],
    ['arguments that are not JSON', 'shell', '{"command": ', 'shell: the arguments are not valid JSON'],
    ['arguments that are a list', 'shell', ['ls'], 'shell: the arguments must be a JSON object'],
    ['arguments that are JSON text of a string', 'shell', '"ls"', 'shell: the arguments must be a JSON object'],
    ['a missing required argument', 'file_read', {}, 'file_read: path is required'],
    ['an argument of the wrong type', 'file_read', { path: 'a', offset: '5' }, 'file_read: offset must be a whole number'],
    ['an unknown argument', 'shell', { command: 'ls', cwd: '/' }, "shell: unknown argument 'cwd' (it takes command, timeout_seconds, background)"],
    ['a value outside the allowed ones', 'code_search', { pattern: 'x', mode: 'lines' }, 'code_search: mode must be "files" or "content"'],
  ];
  it('names an unknown tool by its first 64 characters, never splitting one', async () => {
    const { run } = runWith(answering(OK));
    const result = await run.call({ tool: `${'x'.repeat(63)}😀y`, args: {}, callId: 'c1', resultSeq: 1 });
    expect(result.text).toBe(`unknown tool '${'x'.repeat(63)}😀' (the code tools are shell, shell_status, file_read, code_search, code_task)`);
  });

  for (const [name, tool, args, error] of cases) {
    it(`is a failed call, without running the helper: ${name}`, async () => {
      const { run, sandbox } = runWith(answering(OK));
      const result = await run.call({ tool, args, callId: 'c1', resultSeq: 1 });
      expect(result).toMatchObject({ ok: false, text: error, meta: {} });
      expect(sandbox.execs).toEqual([]);
    });
  }

  it('is a failed call for an id the helper would refuse, and no request file is written', async () => {
    const { run, sandbox } = runWith(answering(OK));
    const result = await run.call({ tool: 'file_read', args: { path: 'x'.repeat(70_000) }, callId: '../../etc/x', resultSeq: 1 });
    expect(result.ok).toBe(false);
    expect(result.text).toBe('invalid request: call_id must be 1 to 128 of A-Z a-z 0-9 _ . - (not . or ..)');
    expect(sandbox.files.size).toBe(0);
  });

  it('keeps the row of a call with bad arguments readable', async () => {
    const { run } = runWith(answering(OK));
    const result = await run.call({ tool: 'shell', args: { command: 'ls', cwd: '/' }, callId: 'c1', resultSeq: 1 });
    expect(result.summary).toBe('Run ls');
    expect(result.metadata).toEqual([
      { label: 'Call', value: 'c1' },
      { label: 'Tool', value: 'shell' },
    ]);
  });
});

describe('a failed call', () => {
  it('is what the helper said, for a tool this helper does not have yet', async () => {
    const { run } = runWith(answering({ ok: false, error: 'code_search is not available in this version of guilds-code' }));
    const result = await run.call({ tool: 'code_search', args: { pattern: 'x', path: 'src' }, callId: 'c1', resultSeq: 1 });
    expect(result).toEqual({
      ok: false,
      text: 'code_search is not available in this version of guilds-code',
      summary: 'Search files in src',
      meta: {},
      metadata: [
        { label: 'Call', value: 'c1' },
        { label: 'Tool', value: 'code_search' },
      ],
      cut: false,
    });
  });

  it('is code helper failed with the end of stderr when the helper dies', async () => {
    const { run } = runWith(() => printed('', { exitCode: 1, stderr: 'node: bad option\n' }));
    const result = await run.call({ tool: 'shell_status', args: {}, callId: 'c1', resultSeq: 1 });
    expect(result.ok).toBe(false);
    expect(result.text).toBe('code helper failed: no envelope (exit status 1)\nnode: bad option');
    expect(result.summary).toBe('List background commands');
  });

  it('goes through the pipeline: redacted, with the trailer', async () => {
    const { run } = runWith(answering({ ok: false, error: 'cannot read /home/agent/sk-very-secret' }), {
      secretValues: ['sk-very-secret'],
    });
    const result = await run.call({ tool: 'file_read', args: { path: 'x' }, callId: 'c1', resultSeq: 1, remainingToolCalls: 4 });
    expect(result.text).toBe('cannot read /home/agent/[REDACTED]\n\nremaining_tool_calls: 4');
  });

  it('never throws, even for a sandbox that throws synchronously', async () => {
    const sandbox = {
      exec(): never {
        throw new Error('exec API down');
      },
      async writeFile(): Promise<void> {},
      async cleanup(): Promise<void> {},
    };
    const run = new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1' });
    const result = await run.call({ tool: 'shell_status', args: {}, callId: 'c1', resultSeq: 1 });
    expect(result).toMatchObject({ ok: false, text: 'code helper failed: the sandbox could not run it: exec API down' });
  });
});

describe('a result', () => {
  it('of shell shows its row and metadata from the meta', async () => {
    const { run } = runWith(
      answering({ ok: true, text: 'FAIL src/a.test.ts\nexit_code: 1', meta: { exit_code: 1, cwd: '/h/repos/app', timed_out: false } }),
    );
    const result = await run.call({ tool: 'shell', args: { command: 'npm test' }, callId: 'c4', resultSeq: 4 });
    expect(result).toEqual({
      ok: true,
      text: 'FAIL src/a.test.ts\nexit_code: 1',
      summary: 'Run npm test · exit 1',
      meta: { exit_code: 1, cwd: '/h/repos/app', timed_out: false },
      metadata: [
        { label: 'Call', value: 'c4' },
        { label: 'Tool', value: 'shell' },
        { label: 'Exit code', value: '1' },
        { label: 'Working directory', value: '/h/repos/app' },
      ],
      cut: false,
    });
  });

  it('of a timed-out shell reads timed out', async () => {
    const { run } = runWith(
      answering({
        ok: true,
        text: '[timed out after 5s; the command was stopped]\nexit_code: 124',
        meta: { exit_code: 124, cwd: '/h', timed_out: true },
      }),
    );
    const result = await run.call({ tool: 'shell', args: { command: 'sleep 60', timeout_seconds: 5 }, callId: 'c1', resultSeq: 1 });
    expect(result.summary).toBe('Run sleep 60 · timed out');
  });

  it('of a background start reads Start', async () => {
    const { run } = runWith(
      answering({
        ok: true,
        text: 'started b1 in the background (pid 42)',
        meta: { exit_code: null, cwd: '/h', timed_out: false, background_id: 'b1', log_path: '/h/.runs/r1/c1.log' },
      }),
    );
    const result = await run.call({ tool: 'shell', args: { command: 'npm run dev', background: true }, callId: 'c1', resultSeq: 1 });
    expect(result.summary).toBe('Start npm run dev');
    expect(result.metadata).toContainEqual({ label: 'Background command', value: 'b1' });
  });

  it('of shell_status stop reads Stop', async () => {
    const { run } = runWith(answering({ ok: true, text: 'state: stopping', meta: { background_id: 'b1', state: 'stopping', exit_code: null, log_path: '/l' } }));
    const result = await run.call({ tool: 'shell_status', args: { id: 'b1', stop: true }, callId: 'c1', resultSeq: 1 });
    expect(result.summary).toBe('Stop b1');
  });

  it('of code_search in content mode reads Search lines', async () => {
    const { run } = runWith(answering({ ok: true, text: 'src/a.ts:3: x\n1 match in 1 file', meta: { matches: 1, files: 1 } }));
    const result = await run.call({ tool: 'code_search', args: { pattern: 'x', mode: 'content' }, callId: 'c1', resultSeq: 1 });
    expect(result.summary).toBe('Search lines');
    expect(result.metadata.slice(2)).toEqual([
      { label: 'Matches', value: '1' },
      { label: 'Files', value: '1' },
    ]);
  });

  it('has secret values and repository tokens masked', async () => {
    const { run } = runWith(answering({ ok: true, text: 'API_KEY=sk-very-secret\nremote: https://x:ghs_tok@github.com', meta: {} }), {
      secretValues: ['sk-very-secret'],
      repositories: [{ name: 'app', token: 'ghs_tok' }],
    });
    const result = await run.call({ tool: 'shell', args: { command: 'env' }, callId: 'c1', resultSeq: 1, remainingToolCalls: 10 });
    expect(result.text).toBe('API_KEY=[REDACTED]\nremote: https://x:[REDACTED]@github.com\n\nremaining_tool_calls: 10');
  });

  it('of a pointer takes the absolute path when the text has no header to take the path from', async () => {
    const meta = { path: '/h/a.ts', range: [1, 2], content_hash: 'f'.repeat(64), lines: 2 };
    const { run } = runWith(answering({ ok: true, text: 'no header here', meta }));
    await run.call({ tool: 'file_read', args: { path: 'a.ts' }, callId: 'c1', resultSeq: 1 });
    const again = await run.call({ tool: 'file_read', args: { path: 'a.ts' }, callId: 'c2', resultSeq: 2 });
    expect(again.text).toBe('/h/a.ts lines 1–2: unchanged since step 1; read that result.');
  });

  it('of a file_read with meta the helper did not fill is returned as it is', async () => {
    const { run } = runWith(answering({ ok: true, text: 'x', meta: { path: 5 } }));
    await run.call({ tool: 'file_read', args: { path: 'a' }, callId: 'c1', resultSeq: 1 });
    expect((await run.call({ tool: 'file_read', args: { path: 'a' }, callId: 'c2', resultSeq: 2 })).text).toBe('x');
    expect(run.history.records).toEqual([]);
  });
});

describe('a run', () => {
  it('refuses a repository name that would leave repos/', () => {
    const sandbox = new FakeSandbox(answering(OK));
    expect(() => new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1', repositories: [{ name: '../etc' }] })).toThrow(
      'invalid repository name "../etc": it must be one folder name',
    );
  });

  it('sends a long request through the request file named after the run and the call', async () => {
    const { run, sandbox } = runWith(answering({ ok: false, error: 'file_read: the path is too long' }));
    const result = await run.call({ tool: 'file_read', args: { path: 'p'.repeat(60_000) }, callId: 'c9', resultSeq: 9 });
    expect(sandbox.execs[0]!.argv.at(-1)).toBe('/run/guilds/requests/run-1-c9.json');
    expect(sandbox.request()).toMatchObject({ op: 'file_read', call_id: 'c9' });
    expect(result.text).toBe('file_read: the path is too long');
  });

  it('reads garbage on stdout as a failed call', async () => {
    const { run } = runWith(() => printed('<html>502 Bad Gateway</html>\n', { exitCode: 0 }));
    const result = await run.call({ tool: 'file_read', args: { path: 'a' }, callId: 'c1', resultSeq: 1 });
    expect(result.text).toBe('code helper failed: the answer is not an envelope (exit status 0)');
  });

  it('reads a helper stopped at its timeout as a failed call', async () => {
    const { run } = runWith(() => printed(stdoutOf(OK).slice(0, 10), { timedOut: true, exitCode: null }));
    const result = await run.call({ tool: 'shell', args: { command: 'x', timeout_seconds: 1 }, callId: 'c1', resultSeq: 1 });
    expect(result.text).toBe('code helper failed: no answer within 31 s');
  });
});

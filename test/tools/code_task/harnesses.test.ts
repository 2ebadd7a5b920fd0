import { describe, expect, it } from 'vitest';
import { HARNESS_FINAL_MESSAGE_MAX_BYTES, HARNESS_LINE_MAX_BYTES, HARNESS_REASON_MAX_CHARS } from '../../../src/limits.js';
import { wholeText } from '../../../src/text/head-tail.js';
import { LineSplitter } from '../../../src/text/line-splitter.js';
import { geminiErrorReason } from '../../../src/tools/code_task/harnesses/gemini.js';
import { DETECTION_ORDER, HARNESSES } from '../../../src/tools/code_task/harnesses/index.js';
import type { HarnessAdapter, HarnessEvents, HarnessParserLimits } from '../../../src/tools/code_task/harnesses/types.js';
import { run, runsOf } from './transcripts.js';

const LIMITS: HarnessParserLimits = { finalMessageMaxBytes: HARNESS_FINAL_MESSAGE_MAX_BYTES, reasonMaxChars: HARNESS_REASON_MAX_CHARS };

/** Parse output fed in pieces of `pieceBytes`, as a pipe would hand it over. */
function parse(adapter: HarnessAdapter, output: string, pieceBytes = 7, limits = LIMITS): HarnessEvents {
  const parser = adapter.parser(limits);
  const splitter = new LineSplitter((line, clipped) => parser.line(line, clipped), HARNESS_LINE_MAX_BYTES);
  const bytes = new TextEncoder().encode(output);
  for (let i = 0; i < bytes.length; i += pieceBytes) splitter.write(bytes.subarray(i, i + pieceBytes));
  splitter.end();
  return parser.result();
}

const NEW = { repo: '/home/agent/repo', resumeId: null, newSessionId: null, model: null, command: null };
// The models the recordings ran with (GUILDS_HARNESS_MODEL): Codex needs one it knows, OpenCode a provider's.
const RECORDED_MODEL: Record<string, string | null> = { claude: null, codex: 'gpt-5.5', gemini: null, opencode: 'fake/fake-model' };

describe.each(['claude', 'codex', 'gemini', 'opencode'] as const)('%s: the recorded command lines are the adapter\'s', (cli) => {
  it.each(runsOf(cli).map((entry) => [entry.scenario, entry] as const))('%s', (_scenario, entry) => {
    const adapter = HARNESSES[cli];
    const resumeAt = entry.args.indexOf(cli === 'opencode' ? '--session' : '--resume');
    const resumeId = cli === 'codex' ? (entry.args[1] === 'resume' ? entry.args.at(-2)! : null) : resumeAt >= 0 ? entry.args[resumeAt + 1]! : null;
    const presetAt = entry.args.indexOf('--session-id');
    const newSessionId = presetAt >= 0 ? entry.args[presetAt + 1]! : null;
    const launch = adapter.launch({ repo: entry.cwd, resumeId, newSessionId, model: RECORDED_MODEL[cli]!, command: null });
    expect(launch.argv).toEqual([cli, ...entry.args]);
  });
});

describe('claude', () => {
  it('reads a new task: session, final message, usage and this call\'s cost', () => {
    expect(run('claude', 'task').exit).toMatch(/^exit=0 /);
    expect(parse(HARNESSES.claude, run('claude', 'task').output)).toEqual({
      sessionId: '38150eb2-6d29-44c2-8b02-65d33a3cf2da',
      finalMessage: wholeText('FAKE_DONE one.txt | markers=[MARK-t1]'),
      error: null,
      lastPlainLine: null,
      usage: { turns: 2, inputTokens: 20, outputTokens: 10, costUsd: 0.00028000000000000003 },
    });
  });

  it('reads a resume: the same session, and the cost of this call, not the session\'s total', () => {
    expect(parse(HARNESSES.claude, run('claude', 'resume').output)).toEqual({
      sessionId: '38150eb2-6d29-44c2-8b02-65d33a3cf2da',
      finalMessage: wholeText('FAKE_DONE two.txt | markers=[MARK-t1,MARK-t2]'),
      error: null,
      lastPlainLine: null,
      usage: { turns: 2, inputTokens: 20, outputTokens: 10, costUsd: 0.00028000000000000003 },
    });
  });

  it('reads a resume that edited a tracked file', () => {
    expect(parse(HARNESSES.claude, run('claude', 'edit').output)).toMatchObject({
      sessionId: '38150eb2-6d29-44c2-8b02-65d33a3cf2da',
      finalMessage: wholeText('FAKE_DONE README.md | markers=[MARK-t1,MARK-t2,MARK-t3]'),
      error: null,
    });
  });

  it('takes a 401 from is_error although the subtype says success, and gives no final message', () => {
    expect(run('claude', 'api-error').exit).toMatch(/^exit=1 /);
    expect(run('claude', 'api-error').output).toMatch(/"is_error":true,.*"subtype":"success"/);
    expect(parse(HARNESSES.claude, run('claude', 'api-error').output)).toEqual({
      sessionId: '33e11aa1-2aad-453e-a081-abe094f7edfc',
      finalMessage: null,
      error: 'Invalid API key · Fix external API key',
      lastPlainLine: null,
      usage: { turns: 1, inputTokens: 0, outputTokens: 0, costUsd: 0 },
    });
  });

  it('reads a run stopped while the model hung: the session chosen up front, nothing else', () => {
    expect(run('claude', 'hang').exit).toMatch(/^exit=143 .* timed_out=true/);
    expect(parse(HARNESSES.claude, run('claude', 'hang').output)).toEqual({
      sessionId: '38fa9ddb-0404-4b91-b712-1c17b07c9b09',
      finalMessage: null,
      error: null,
      lastPlainLine: null,
      usage: {},
    });
  });

  it('falls back to the last assistant text when no result came', () => {
    const output = '{"type":"assistant","message":{"content":[{"type":"text","text":"half"},{"type":"tool_use"},{"type":"text","text":"done"}]}}\n';
    expect(parse(HARNESSES.claude, output).finalMessage).toEqual(wholeText('half\ndone'));
  });

  it('keeps the CLI\'s own last line when it prints no event', () => {
    const output = 'Error: --permission-mode bypassPermissions cannot be used with root privileges\n';
    expect(parse(HARNESSES.claude, output).lastPlainLine).toBe(
      'Error: --permission-mode bypassPermissions cannot be used with root privileges',
    );
  });

  it('starts a new session with the id chosen, and resumes one, approved, quiet, the brief never in argv', () => {
    expect(HARNESSES.claude.choosesSessionId).toBe(true);
    expect(HARNESSES.claude.launch({ ...NEW, newSessionId: 'u-1' })).toEqual({
      argv: ['claude', '-p', '--output-format', 'stream-json', '--verbose', '--permission-mode', 'bypassPermissions', '--session-id', 'u-1'],
      env: { IS_SANDBOX: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_AUTOUPDATER: '1' },
    });
    expect(HARNESSES.claude.launch({ ...NEW, resumeId: 'u-1', model: 'opus' }).argv).toEqual([
      'claude', '-p', '--output-format', 'stream-json', '--verbose', '--permission-mode', 'bypassPermissions', '--resume', 'u-1', '--model', 'opus',
    ]);
  });
});

describe('codex', () => {
  it('reads a new task: the thread id is the session, the last agent message the final one', () => {
    expect(parse(HARNESSES.codex, run('codex', 'task').output)).toEqual({
      sessionId: '01a23165-eb7f-7df2-9d97-ea7ed345eb84',
      finalMessage: wholeText('FAKE_DONE one.txt | markers=[MARK-t1]'),
      error: null,
      lastPlainLine: null,
      usage: { inputTokens: 20, outputTokens: 10 },
    });
  });

  it('reads resumes (tokens as Codex counts them: over the whole thread)', () => {
    expect(parse(HARNESSES.codex, run('codex', 'resume').output)).toEqual({
      sessionId: '01a23165-eb7f-7df2-9d97-ea7ed345eb84',
      finalMessage: wholeText('FAKE_DONE two.txt | markers=[MARK-t1,MARK-t2]'),
      error: null,
      lastPlainLine: null,
      usage: { inputTokens: 40, outputTokens: 20 },
    });
    expect(parse(HARNESSES.codex, run('codex', 'edit').output).usage).toEqual({ inputTokens: 60, outputTokens: 30 });
  });

  it('takes a 401 from turn.failed', () => {
    expect(run('codex', 'api-error').exit).toMatch(/^exit=1 /);
    expect(parse(HARNESSES.codex, run('codex', 'api-error').output)).toEqual({
      sessionId: '01a23165-f39c-7780-bcd2-55abb1f27454',
      finalMessage: null,
      error:
        'unexpected status 401 Unauthorized: Incorrect API key provided: sk-fake. You can find your API key at https://platform.openai.com/account/api-keys., url: http://127.0.0.1:PORT/v1/responses, request id: req_fake0016',
      lastPlainLine: null,
      usage: {},
    });
  });

  it('reads a run stopped while the model hung: the thread id came before any model request', () => {
    expect(run('codex', 'hang').exit).toMatch(/^exit=null signal=SIGTERM timed_out=true/);
    expect(parse(HARNESSES.codex, run('codex', 'hang').output)).toEqual({
      sessionId: '01a23165-f545-7df0-bdfa-76328a1f73d8',
      finalMessage: null,
      error: null,
      lastPlainLine: null,
      usage: {},
    });
  });

  it('lets turn.failed speak last over a retry notice', () => {
    const output = '{"type":"thread.started","thread_id":"t-1"}\n{"type":"error","message":"Reconnecting... 1/5"}\n{"type":"turn.failed","error":{"message":"unexpected status 401 Unauthorized"}}\n';
    expect(parse(HARNESSES.codex, output)).toMatchObject({ sessionId: 't-1', error: 'unexpected status 401 Unauthorized' });
  });

  it('starts in the repository with -C and resumes from it without, approved and quiet', () => {
    expect(HARNESSES.codex.choosesSessionId).toBe(false);
    expect(HARNESSES.codex.launch(NEW)).toEqual({
      argv: [
        'codex', 'exec', '--json', '--dangerously-bypass-approvals-and-sandbox',
        '-c', 'analytics.enabled=false', '-c', 'check_for_update_on_startup=false', '--disable', 'plugins', '-C', '/home/agent/repo', '-',
      ],
      env: {},
    });
    expect(HARNESSES.codex.launch({ ...NEW, resumeId: 't-1', model: 'gpt-5.5' }).argv).toEqual([
      'codex', 'exec', 'resume', '--json', '--dangerously-bypass-approvals-and-sandbox', '-m', 'gpt-5.5',
      '-c', 'analytics.enabled=false', '-c', 'check_for_update_on_startup=false', '--disable', 'plugins', 't-1', '-',
    ]);
  });
});

describe('gemini', () => {
  it('reads a new task among its startup notices: the assistant deltas after the last tool event', () => {
    expect(run('gemini', 'task').output).toContain('Ripgrep is not available. Falling back to GrepTool.');
    expect(parse(HARNESSES.gemini, run('gemini', 'task').output)).toEqual({
      sessionId: '31e9577b-ff94-4157-ac77-6b928db3a5ed',
      finalMessage: wholeText('FAKE_DONE one.txt | markers=[MARK-t1]'),
      error: null,
      lastPlainLine: null,
      usage: { inputTokens: 30, outputTokens: 15 },
    });
  });

  it('reads resumes', () => {
    expect(parse(HARNESSES.gemini, run('gemini', 'resume').output)).toMatchObject({
      sessionId: '31e9577b-ff94-4157-ac77-6b928db3a5ed',
      finalMessage: wholeText('FAKE_DONE two.txt | markers=[MARK-t1,MARK-t2]'),
      error: null,
    });
    expect(parse(HARNESSES.gemini, run('gemini', 'edit').output).finalMessage).toEqual(wholeText('FAKE_DONE README.md | markers=[MARK-t1,MARK-t2,MARK-t3]'));
  });

  it('takes a 401 (exit 145, the status mod 256) from the result event, the API\'s JSON read into words; stack frames are no last line', () => {
    expect(run('gemini', 'api-error').exit).toMatch(/^exit=145 /);
    expect(parse(HARNESSES.gemini, run('gemini', 'api-error').output)).toEqual({
      sessionId: 'e2e2bf7a-fd88-45a1-9bf0-a1f15dcd614a',
      finalMessage: null,
      error:
        'API error 401 UNAUTHENTICATED: Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      lastPlainLine: expect.stringMatching(/^Error when talking to Gemini API Full report available at: \/home\/agent\/tmp\/gemini-client-error-/),
      usage: { inputTokens: 0, outputTokens: 0 },
    });
  });

  it('reads a run stopped while the model hung (it exited 0 after the SIGTERM): the session chosen up front', () => {
    expect(run('gemini', 'hang').exit).toMatch(/^exit=0 .* timed_out=true/);
    expect(parse(HARNESSES.gemini, run('gemini', 'hang').output)).toEqual({
      sessionId: '0c199f8d-4eee-43d8-8a2e-e0b2f4e9e6b4',
      finalMessage: null,
      error: null,
      lastPlainLine: null,
      usage: {},
    });
  });

  it('joins deltas and forgets the text before a tool call', () => {
    const output = [
      '{"type":"message","role":"assistant","content":"Let me look","delta":true}',
      '{"type":"tool_use","tool_name":"read_file"}',
      '{"type":"message","role":"assistant","content":"All ","delta":true}',
      '{"type":"message","role":"assistant","content":"done.","delta":true}',
      '{"type":"result","status":"error","error":{"type":"FatalError","message":"quota exceeded"},"stats":{}}',
    ].join('\n');
    expect(parse(HARNESSES.gemini, output)).toMatchObject({ finalMessage: wholeText('All done.'), error: 'quota exceeded' });
  });

  it('keeps its own words for an exit without events', () => {
    const output = 'YOLO mode is enabled. All tool calls will be automatically approved.\nInvalid auth method selected.\n';
    expect(parse(HARNESSES.gemini, output).lastPlainLine).toBe('Invalid auth method selected.');
  });

  it.each([
    ['[API Error: {"error":{"code":429,"message":"Quota exceeded.","status":"RESOURCE_EXHAUSTED"}}]', 'API error 429 RESOURCE_EXHAUSTED: Quota exceeded.'],
    ['[API Error: {"error":{"message":"Bad gateway"}}]', 'API error: Bad gateway'],
    ['[API Error: not json]', '[API Error: not json]'],
    ['[API Error: {"error":{"code":500}}]', '[API Error: {"error":{"code":500}}]'],
    ['Model stream ended with an invalid chunk', 'Model stream ended with an invalid chunk'],
  ])('reads the API error %s as %s', (message, reason) => {
    expect(geminiErrorReason(message)).toBe(reason);
  });

  it('keeps the brief on stdin: an empty prompt in argv; trusted and without telemetry', () => {
    expect(HARNESSES.gemini.launch({ ...NEW, newSessionId: 'u-2' })).toEqual({
      argv: ['gemini', '--output-format', 'stream-json', '--approval-mode', 'yolo', '--skip-trust', '--session-id', 'u-2', '-p', ''],
      env: { GEMINI_CLI_TRUST_WORKSPACE: 'true', GEMINI_TELEMETRY_ENABLED: 'false' },
    });
    expect(HARNESSES.gemini.launch({ ...NEW, resumeId: 'u-2', model: 'gemini-2.5-pro' }).argv).toEqual([
      'gemini', '--output-format', 'stream-json', '--approval-mode', 'yolo', '--skip-trust', '--resume', 'u-2', '-m', 'gemini-2.5-pro', '-p', '',
    ]);
  });
});

describe('opencode', () => {
  it('reads a new task: the session from its events, the last step\'s text, steps as turns', () => {
    expect(parse(HARNESSES.opencode, run('opencode', 'task').output)).toEqual({
      sessionId: 'ses_dce993c21ffeRXTmLO7Yh3niAh',
      finalMessage: wholeText('FAKE_DONE one.txt | markers=[MARK-t1]'),
      error: null,
      lastPlainLine: null,
      usage: { turns: 2, inputTokens: 20, outputTokens: 10, costUsd: 0 },
    });
  });

  it('reads resumes', () => {
    expect(parse(HARNESSES.opencode, run('opencode', 'resume').output)).toMatchObject({
      sessionId: 'ses_dce993c21ffeRXTmLO7Yh3niAh',
      finalMessage: wholeText('FAKE_DONE two.txt | markers=[MARK-t1,MARK-t2]'),
    });
    expect(parse(HARNESSES.opencode, run('opencode', 'edit').output).finalMessage).toEqual(wholeText('FAKE_DONE README.md | markers=[MARK-t1,MARK-t2,MARK-t3]'));
  });

  it('takes a 401 from its error event', () => {
    expect(run('opencode', 'api-error').exit).toMatch(/^exit=1 /);
    expect(parse(HARNESSES.opencode, run('opencode', 'api-error').output)).toEqual({
      sessionId: 'ses_dce984041ffeU66Ain0LUrH2YN',
      finalMessage: null,
      error: 'Incorrect API key provided: sk-fake. You can find your API key at https://platform.openai.com/account/api-keys.',
      lastPlainLine: null,
      usage: {},
    });
  });

  it('has no session when it hung before the first model reply: it printed nothing', () => {
    expect(run('opencode', 'hang').output).toBe('');
    expect(parse(HARNESSES.opencode, run('opencode', 'hang').output)).toEqual({
      sessionId: null,
      finalMessage: null,
      error: null,
      lastPlainLine: null,
      usage: {},
    });
  });

  it('starts in the repository, approves what the default agent would ask about, resumes with --session', () => {
    expect(HARNESSES.opencode.choosesSessionId).toBe(false);
    expect(HARNESSES.opencode.launch({ ...NEW, resumeId: 'ses_1', model: 'fake/fake-model' })).toEqual({
      argv: ['opencode', 'run', '--format', 'json', '--auto', '--dir', '/home/agent/repo', '-m', 'fake/fake-model', '--session', 'ses_1'],
      env: {
        OPENCODE_DISABLE_AUTOUPDATE: '1',
        OPENCODE_DISABLE_MODELS_FETCH: '1',
        OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
        OPENCODE_DISABLE_SHARE: '1',
      },
    });
  });
});

describe('command', () => {
  it('takes the session, final and error lines; everything else is log', () => {
    const output = [
      'starting',
      '{"type":"session","id":"cmd-7"}',
      '{"type":"final","text":"All done:\\nthree files."}',
      '{"type":"other","x":1}',
      'trailing words',
    ].join('\n');
    expect(parse(HARNESSES.command, output)).toEqual({
      sessionId: 'cmd-7',
      finalMessage: wholeText('All done:\nthree files.'),
      error: null,
      lastPlainLine: 'trailing words',
      usage: {},
    });
  });

  it('takes the last paragraph of plain output when there is no final line', () => {
    const output = 'first paragraph\nstill first\n\n\nsecond paragraph\nline two\n\n';
    expect(parse(HARNESSES.command, output).finalMessage).toEqual(wholeText('second paragraph\nline two'));
  });

  it('takes the last paragraph without a final newline, and a CRLF output', () => {
    expect(parse(HARNESSES.command, 'a\r\n\r\nb\r\nc').finalMessage).toEqual(wholeText('b\nc'));
  });

  it('has no final message for empty output', () => {
    expect(parse(HARNESSES.command, '')).toEqual({ sessionId: null, finalMessage: null, error: null, lastPlainLine: null, usage: {} });
  });

  it('takes invalid JSON and JSON of other shapes for plain output', () => {
    const output = '{"type":"final","text":\n{"type":"final","text":3}\n[1,2]\n';
    expect(parse(HARNESSES.command, output).finalMessage).toEqual(wholeText('{"type":"final","text":\n{"type":"final","text":3}\n[1,2]'));
  });

  it('refuses a session id that could not name a record', () => {
    expect(parse(HARNESSES.command, '{"type":"session","id":"../../etc"}\n').sessionId).toBeNull();
  });

  it('takes the error line', () => {
    expect(parse(HARNESSES.command, '{"type":"error","message":"tests still fail"}\n').error).toBe('tests still fail');
  });

  it('keeps a paragraph of megabytes as its head and tail', () => {
    const limits = { ...LIMITS, finalMessageMaxBytes: 1000 };
    const lines = Array.from({ length: 100_000 }, (_, i) => `line ${i}`);
    const result = parse(HARNESSES.command, lines.join('\n') + '\n', 65_536, limits).finalMessage!;
    expect(result.head.startsWith('line 0\nline 1\n')).toBe(true);
    expect(result.tail.endsWith('line 99999')).toBe(true);
    expect(new TextEncoder().encode(result.head + result.tail).length).toBeLessThanOrEqual(1000);
    expect(result.elidedBytes + new TextEncoder().encode(result.head + result.tail).length).toBe(lines.join('\n').length);
  });

  it('runs the command through bash with the session and the repository in its environment', () => {
    expect(HARNESSES.command.launch({ ...NEW, command: 'my-agent --headless' })).toEqual({
      argv: ['bash', '-c', 'my-agent --headless'],
      env: { GUILDS_SESSION_ID: '', GUILDS_REPO: '/home/agent/repo' },
    });
    expect(HARNESSES.command.launch({ ...NEW, command: 'x', resumeId: 'cmd-7' }).env.GUILDS_SESSION_ID).toBe('cmd-7');
  });
});

describe('every parser', () => {
  it.each(DETECTION_ORDER.concat(['command']))('%s gives the same result whatever the pieces', (name) => {
    for (const entry of runsOf(name === 'command' ? 'codex' : name)) {
      const whole = parse(HARNESSES[name], entry.output, 1 << 20);
      for (const piece of [1, 3, 64]) expect(parse(HARNESSES[name], entry.output, piece)).toEqual(whole);
    }
  });

  it.each(DETECTION_ORDER.concat(['command']))('%s ignores a line clipped at the line cap', (name) => {
    const parser = HARNESSES[name].parser(LIMITS);
    parser.line('{"type":"result","result":"x"', true);
    parser.line('{"type":"final","text":"x"', true);
    expect(parser.result().error).toBeNull();
  });
});

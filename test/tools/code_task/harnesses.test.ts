import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HARNESS_FINAL_MESSAGE_MAX_BYTES, HARNESS_LINE_MAX_BYTES, HARNESS_REASON_MAX_CHARS } from '../../../src/limits.js';
import { wholeText } from '../../../src/text/head-tail.js';
import { LineSplitter } from '../../../src/text/line-splitter.js';
import { DETECTION_ORDER, HARNESSES } from '../../../src/tools/code_task/harnesses/index.js';
import type { HarnessAdapter, HarnessEvents, HarnessParserLimits } from '../../../src/tools/code_task/harnesses/types.js';

const TRANSCRIPTS = join(import.meta.dirname, '../../../fixtures/harness-transcripts');
const LIMITS: HarnessParserLimits = { finalMessageMaxBytes: HARNESS_FINAL_MESSAGE_MAX_BYTES, reasonMaxChars: HARNESS_REASON_MAX_CHARS };

interface Run {
  header: string;
  output: string;
}

/** A transcript holds several runs, each after a `# <time> <cli> <argv> cwd=…` line. */
function runsOf(name: string): Run[] {
  const runs: Run[] = [];
  for (const line of readFileSync(join(TRANSCRIPTS, name), 'utf8').split('\n')) {
    if (line.startsWith('# ')) runs.push({ header: line, output: '' });
    else if (line !== '') runs.at(-1)!.output += line + '\n';
  }
  return runs;
}

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

describe('claude', () => {
  const runs = runsOf('claude.jsonl');

  it('reads a new task: session, final message, usage and this call\'s cost', () => {
    expect(parse(HARNESSES.claude, runs[0]!.output)).toEqual({
      sessionId: '26d00057-108d-42ac-8149-f719a92d68ca',
      finalMessage: wholeText('FAKE_DONE one.txt | markers=[MARK-t1]'),
      error: null,
      lastPlainLine: null,
      usage: { turns: 2, inputTokens: 20, outputTokens: 10, costUsd: 0.00028000000000000003 },
    });
  });

  it('reads a resume: the same session, and the cost of this call, not the session\'s total', () => {
    expect(parse(HARNESSES.claude, runs[1]!.output)).toEqual({
      sessionId: '26d00057-108d-42ac-8149-f719a92d68ca',
      finalMessage: wholeText('FAKE_DONE two.txt | markers=[MARK-t1,MARK-t2]'),
      error: null,
      lastPlainLine: null,
      usage: { turns: 2, inputTokens: 20, outputTokens: 10, costUsd: 0.00028000000000000003 },
    });
  });

  it('reads a run stopped while the model hung: a session, nothing else', () => {
    expect(parse(HARNESSES.claude, runs[2]!.output)).toEqual({
      sessionId: '9e49af51-743c-4775-9923-96aa582eb6e0',
      finalMessage: null,
      error: null,
      lastPlainLine: null,
      usage: {},
    });
  });

  it('takes an API error from is_error, whatever the subtype says', () => {
    const output = [
      '{"type":"system","subtype":"init","session_id":"s-1"}',
      '{"type":"result","subtype":"success","is_error":true,"api_error_status":401,"terminal_reason":"api_error","result":"API Error: 401 {\\"error\\":\\"invalid x-api-key\\"}","num_turns":1,"session_id":"s-1"}',
    ].join('\n');
    expect(parse(HARNESSES.claude, output)).toMatchObject({
      sessionId: 's-1',
      finalMessage: null,
      error: 'API Error: 401 {"error":"invalid x-api-key"}',
      usage: { turns: 1 },
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

  it('starts a new session with the id chosen, and resumes one, the brief never in argv', () => {
    expect(HARNESSES.claude.choosesSessionId).toBe(true);
    expect(HARNESSES.claude.launch({ ...NEW, newSessionId: 'u-1' })).toEqual({
      argv: ['claude', '-p', '--output-format', 'stream-json', '--verbose', '--permission-mode', 'bypassPermissions', '--session-id', 'u-1'],
      env: { IS_SANDBOX: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' },
    });
    expect(HARNESSES.claude.launch({ ...NEW, resumeId: 'u-1', model: 'opus' }).argv).toEqual([
      'claude', '-p', '--output-format', 'stream-json', '--verbose', '--permission-mode', 'bypassPermissions', '--resume', 'u-1', '--model', 'opus',
    ]);
  });
});

describe('codex', () => {
  const runs = runsOf('codex.jsonl');

  it('reads a new task: the thread id is the session, the last agent message the final one', () => {
    expect(parse(HARNESSES.codex, runs[0]!.output)).toEqual({
      sessionId: '01a230ec-56ff-78a3-84cf-81ee8b4b2397',
      finalMessage: wholeText('FAKE_DONE one.txt | markers=[MARK-t1]'),
      error: null,
      lastPlainLine: null,
      usage: { inputTokens: 20, outputTokens: 10 },
    });
  });

  it('reads a resume (tokens as Codex counts them: over the whole thread)', () => {
    expect(parse(HARNESSES.codex, runs[1]!.output)).toEqual({
      sessionId: '01a230ec-56ff-78a3-84cf-81ee8b4b2397',
      finalMessage: wholeText('FAKE_DONE two.txt | markers=[MARK-t1,MARK-t2]'),
      error: null,
      lastPlainLine: null,
      usage: { inputTokens: 40, outputTokens: 20 },
    });
  });

  it('reads a run stopped while the model hung', () => {
    expect(parse(HARNESSES.codex, runs[2]!.output)).toEqual({
      sessionId: '01a230ec-5a18-79e3-a313-4a91f48f08a5',
      finalMessage: null,
      error: null,
      lastPlainLine: null,
      usage: {},
    });
  });

  it('takes the reason of a failed turn', () => {
    const output = '{"type":"thread.started","thread_id":"t-1"}\n{"type":"error","message":"Reconnecting... 1/5"}\n{"type":"turn.failed","error":{"message":"unexpected status 401 Unauthorized"}}\n';
    expect(parse(HARNESSES.codex, output)).toMatchObject({ sessionId: 't-1', error: 'unexpected status 401 Unauthorized' });
  });

  it('starts in the repository with -C, and resumes from it without', () => {
    expect(HARNESSES.codex.choosesSessionId).toBe(false);
    expect(HARNESSES.codex.launch(NEW).argv).toEqual([
      'codex', 'exec', '--json', '-C', '/home/agent/repo', '--dangerously-bypass-approvals-and-sandbox',
      '-c', 'analytics.enabled=false', '-c', 'check_for_update_on_startup=false', '--disable', 'plugins', '-',
    ]);
    expect(HARNESSES.codex.launch({ ...NEW, resumeId: 't-1', model: 'gpt-5.5' }).argv).toEqual([
      'codex', 'exec', 'resume', '--json', '--dangerously-bypass-approvals-and-sandbox',
      '-c', 'analytics.enabled=false', '-c', 'check_for_update_on_startup=false', '--disable', 'plugins', '-m', 'gpt-5.5', 't-1', '-',
    ]);
  });
});

describe('gemini', () => {
  const runs = runsOf('gemini.jsonl');

  it('reads a new task among its plain warnings: the assistant deltas after the last tool event', () => {
    expect(parse(HARNESSES.gemini, runs[0]!.output)).toEqual({
      sessionId: '481236bc-24e1-468a-a619-7c5bba3cb7ca',
      finalMessage: wholeText('FAKE_DONE one.txt | markers=[MARK-t1]'),
      error: null,
      lastPlainLine: 'Ripgrep is not available. Falling back to GrepTool.',
      usage: { inputTokens: 30, outputTokens: 15 },
    });
  });

  it('reads a resume', () => {
    expect(parse(HARNESSES.gemini, runs[1]!.output)).toMatchObject({
      sessionId: '481236bc-24e1-468a-a619-7c5bba3cb7ca',
      finalMessage: wholeText('FAKE_DONE two.txt | markers=[MARK-t1,MARK-t2]'),
      error: null,
    });
  });

  it('reads a run stopped while the model hung', () => {
    expect(parse(HARNESSES.gemini, runs[2]!.output)).toMatchObject({
      sessionId: 'bd8de338-7788-40c6-980d-6e4f5bcc896d',
      finalMessage: null,
      error: null,
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

  it('keeps the brief on stdin: an empty prompt in argv', () => {
    expect(HARNESSES.gemini.launch({ ...NEW, newSessionId: 'u-2' }).argv).toEqual([
      'gemini', '--output-format', 'stream-json', '--approval-mode', 'yolo', '--skip-trust', '--session-id', 'u-2', '-p', '',
    ]);
    expect(HARNESSES.gemini.launch({ ...NEW, resumeId: 'u-2' }).argv).toContain('--resume');
  });
});

describe('opencode', () => {
  const runs = runsOf('opencode.jsonl');

  it('reads a new task: the session from its events, the last step\'s text, steps as turns', () => {
    expect(parse(HARNESSES.opencode, runs[0]!.output)).toEqual({
      sessionId: 'ses_dcf13140bffeWzYWED7cIUsTjc',
      finalMessage: wholeText('FAKE_DONE one.txt | markers=[MARK-t1]'),
      error: null,
      lastPlainLine: null,
      usage: { turns: 2, inputTokens: 20, outputTokens: 10, costUsd: 0 },
    });
  });

  it('reads a resume', () => {
    expect(parse(HARNESSES.opencode, runs[1]!.output)).toMatchObject({
      sessionId: 'ses_dcf13140bffeWzYWED7cIUsTjc',
      finalMessage: wholeText('FAKE_DONE two.txt | markers=[MARK-t1,MARK-t2]'),
    });
  });

  it('has no session when it hung before the first model reply', () => {
    expect(runs[2]!.output).toBe('');
    expect(parse(HARNESSES.opencode, runs[2]!.output)).toEqual({
      sessionId: null,
      finalMessage: null,
      error: null,
      lastPlainLine: null,
      usage: {},
    });
  });

  it('takes the reason of an error event', () => {
    const output = '{"type":"error","sessionID":"ses_1","error":{"name":"APIError","data":{"message":"Unauthorized","statusCode":401}}}\n';
    expect(parse(HARNESSES.opencode, output)).toMatchObject({ sessionId: 'ses_1', error: 'Unauthorized' });
  });

  it('starts in the repository and resumes with --session', () => {
    expect(HARNESSES.opencode.launch({ ...NEW, resumeId: 'ses_1', model: 'fake/fake-model' })).toEqual({
      argv: ['opencode', 'run', '--format', 'json', '--dir', '/home/agent/repo', '--session', 'ses_1', '-m', 'fake/fake-model'],
      env: { OPENCODE_DISABLE_MODELS_FETCH: '1', OPENCODE_DISABLE_AUTOUPDATE: '1' },
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
    const file = name === 'command' ? 'codex.jsonl' : `${name}.jsonl`;
    for (const run of runsOf(file)) {
      const whole = parse(HARNESSES[name], run.output, 1 << 20);
      for (const piece of [1, 3, 64]) expect(parse(HARNESSES[name], run.output, piece)).toEqual(whole);
    }
  });

  it.each(DETECTION_ORDER.concat(['command']))('%s ignores a line clipped at the line cap', (name) => {
    const parser = HARNESSES[name].parser(LIMITS);
    parser.line('{"type":"result","result":"x"', true);
    parser.line('{"type":"final","text":"x"', true);
    expect(parser.result().error).toBeNull();
  });
});

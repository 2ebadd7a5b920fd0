// code_task's progress steps (SPEC section 9), derived from each CLI's own JSON stream: golden, with
// exact text, against the real CLIs' recorded runs, and against the events those runs did not show
// (a command, a read, a failed tool, a long or many-line message).
import { describe, expect, it } from 'vitest';
import { HARNESS_LINE_MAX_BYTES, PROGRESS_STEP_MAX_CHARS } from '../../../src/limits.js';
import { LineSplitter } from '../../../src/text/line-splitter.js';
import { HARNESSES } from '../../../src/tools/code_task/harnesses/index.js';
import { StepStream, stepText, type StepReport } from '../../../src/tools/code_task/harnesses/steps.js';
import { run } from './transcripts.js';

const LIMITS = { maxChars: PROGRESS_STEP_MAX_CHARS };
type Cli = 'claude' | 'codex' | 'gemini' | 'opencode';

/** The steps of an output fed in pieces of `pieceBytes`, as a pipe hands it over, then its end. */
function steps(cli: Cli, output: string, pieceBytes = 7): StepReport[] {
  const stream = new StepStream(HARNESSES[cli].steps!(LIMITS));
  const out: StepReport[] = [];
  const splitter = new LineSplitter((line, clipped) => out.push(...stream.line(line, clipped)), HARNESS_LINE_MAX_BYTES);
  const bytes = new TextEncoder().encode(output);
  for (let i = 0; i < bytes.length; i += pieceBytes) splitter.write(bytes.subarray(i, i + pieceBytes));
  splitter.end();
  return [...out, ...stream.end()];
}

const lines = (...events: unknown[]): string => events.map((event) => `${JSON.stringify(event)}\n`).join('');
const edit = (text: string): StepReport => ({ type: 'step', kind: 'edit', text });
const message = (text: string): StepReport => ({ type: 'step', kind: 'message', text });
const tool = (text: string): StepReport => ({ type: 'step', kind: 'tool', text });
const command = (text: string): StepReport => ({ type: 'step', kind: 'command', text });
const error = (text: string): StepReport => ({ type: 'step', kind: 'error', text });

describe('the recorded runs of the real CLIs', () => {
  it('claude: the file written, then the final message; an API error both as the message it came as and as the error', () => {
    expect(steps('claude', run('claude', 'task').output)).toEqual([
      edit('Write /home/agent/repo-claude/one.txt'),
      message('FAKE_DONE one.txt | markers=[MARK-t1]'),
    ]);
    expect(steps('claude', run('claude', 'resume').output)).toEqual([
      edit('Write /home/agent/repo-claude/two.txt'),
      message('FAKE_DONE two.txt | markers=[MARK-t1,MARK-t2]'),
    ]);
    expect(steps('claude', run('claude', 'edit').output)).toEqual([
      edit('Write /home/agent/repo-claude/README.md'),
      message('FAKE_DONE README.md | markers=[MARK-t1,MARK-t2,MARK-t3]'),
    ]);
    expect(steps('claude', run('claude', 'api-error').output)).toEqual([
      message('Invalid API key · Fix external API key'),
      error('Invalid API key · Fix external API key'),
    ]);
    expect(steps('claude', run('claude', 'hang').output)).toEqual([]);
  });

  it('codex: each change with its kind, then the final message; a 401 once, though both the error and the failed turn say it', () => {
    expect(steps('codex', run('codex', 'task').output)).toEqual([
      edit('add /home/agent/repo-codex/one.txt'),
      message('FAKE_DONE one.txt | markers=[MARK-t1]'),
    ]);
    expect(steps('codex', run('codex', 'resume').output)).toEqual([
      edit('add /home/agent/repo-codex/two.txt'),
      message('FAKE_DONE two.txt | markers=[MARK-t1,MARK-t2]'),
    ]);
    expect(steps('codex', run('codex', 'edit').output)).toEqual([
      edit('add /home/agent/repo-codex/README.md'),
      message('FAKE_DONE README.md | markers=[MARK-t1,MARK-t2,MARK-t3]'),
    ]);
    expect(steps('codex', run('codex', 'api-error').output)).toEqual([
      error(
        'unexpected status 401 Unauthorized: Incorrect API key provided: sk-fake. You can find your API key at https://platform.openai.com/account/api-keys., url: http://127.0.0.1:PORT/v1/responses, request id: req_fake0016',
      ),
    ]);
    expect(steps('codex', run('codex', 'hang').output)).toEqual([]);
  });

  it('gemini: the tool with its first argument, then the message its deltas make; the API error in words; startup notices and stacks are no step', () => {
    expect(steps('gemini', run('gemini', 'task').output)).toEqual([edit('write_file one.txt'), message('FAKE_DONE one.txt | markers=[MARK-t1]')]);
    expect(steps('gemini', run('gemini', 'resume').output)).toEqual([
      edit('write_file two.txt'),
      message('FAKE_DONE two.txt | markers=[MARK-t1,MARK-t2]'),
    ]);
    expect(steps('gemini', run('gemini', 'edit').output)).toEqual([
      edit('write_file README.md'),
      message('FAKE_DONE README.md | markers=[MARK-t1,MARK-t2,MARK-t3]'),
    ]);
    expect(steps('gemini', run('gemini', 'api-error').output)).toEqual([
      error(
        'API error 401 UNAUTHENTICATED: Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      ),
    ]);
    expect(steps('gemini', run('gemini', 'hang').output)).toEqual([]);
  });

  it('opencode: the tool with its first argument, then the text; the error its parser reads', () => {
    expect(steps('opencode', run('opencode', 'task').output)).toEqual([
      edit('write /home/agent/repo-opencode/one.txt'),
      message('FAKE_DONE one.txt | markers=[MARK-t1]'),
    ]);
    expect(steps('opencode', run('opencode', 'resume').output)).toEqual([
      edit('write /home/agent/repo-opencode/two.txt'),
      message('FAKE_DONE two.txt | markers=[MARK-t1,MARK-t2]'),
    ]);
    expect(steps('opencode', run('opencode', 'edit').output)).toEqual([
      edit('write /home/agent/repo-opencode/README.md'),
      message('FAKE_DONE README.md | markers=[MARK-t1,MARK-t2,MARK-t3]'),
    ]);
    expect(steps('opencode', run('opencode', 'api-error').output)).toEqual([
      error('Incorrect API key provided: sk-fake. You can find your API key at https://platform.openai.com/account/api-keys.'),
    ]);
    expect(steps('opencode', run('opencode', 'hang').output)).toEqual([]);
  });

  it.each(['claude', 'codex', 'gemini', 'opencode'] as const)('%s gives the same steps whatever the pieces', (cli) => {
    for (const scenario of ['task', 'resume', 'edit', 'api-error', 'hang']) {
      const whole = steps(cli, run(cli, scenario).output, 1 << 20);
      for (const piece of [1, 3, 64]) expect(steps(cli, run(cli, scenario).output, piece)).toEqual(whole);
    }
  });
});

describe('events the recordings did not show', () => {
  it('claude: a command alone, any other tool with its first argument, a failed tool in its own words; thinking and the brief are none', () => {
    const output = lines(
      { type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'the brief' }] } },
      { type: 'assistant', message: { content: [{ type: 'thinking', thinking: 'hmm' }, { type: 'text', text: 'Looking.\n\nFirst the tests:' }] } },
      { type: 'assistant', message: { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'npm test\n  -- --watch=false', description: 'run' } }] } },
      { type: 'assistant', message: { content: [{ type: 'tool_use', name: 'Read', input: { file_path: '/r/a.ts', limit: 20 } }] } },
      { type: 'assistant', message: { content: [{ type: 'tool_use', name: 'TodoWrite', input: { todos: [] } }] } },
      { type: 'assistant', message: { content: [{ type: 'tool_use', name: 'Edit', input: { file_path: '/r/a.ts', old_string: 'a', new_string: 'b' } }] } },
      { type: 'user', message: { content: [{ type: 'tool_result', is_error: true, content: [{ type: 'text', text: 'File has not been read yet.' }] }] } },
      { type: 'user', message: { content: [{ type: 'tool_result', content: 'fine' }] } },
      { type: 'result', is_error: true, api_error_status: 529 },
    );
    expect(steps('claude', output)).toEqual([
      message('Looking. First the tests:'),
      command('npm test -- --watch=false'),
      tool('Read /r/a.ts'),
      tool('TodoWrite'),
      edit('Edit /r/a.ts'),
      error('File has not been read yet.'),
      error('API error 529'),
    ]);
  });

  it('codex: a command as it starts, an MCP tool and a web search when done, a retry notice and the failure', () => {
    const output = lines(
      { type: 'item.started', item: { type: 'command_execution', command: "bash -lc 'npm test'", status: 'in_progress' } },
      { type: 'item.completed', item: { type: 'command_execution', command: "bash -lc 'npm test'", exit_code: 0 } },
      { type: 'item.completed', item: { type: 'reasoning', text: 'thinking' } },
      { type: 'item.completed', item: { type: 'mcp_tool_call', server: 'docs', tool: 'lookup', arguments: { topic: 'git' } } },
      { type: 'item.completed', item: { type: 'web_search', query: 'vitest pool' } },
      { type: 'item.completed', item: { type: 'file_change', changes: [{ path: '/r/a.ts', kind: 'update' }, { path: '/r/b.ts', kind: 'delete' }] } },
      { type: 'error', message: 'Reconnecting... 1/5' },
      { type: 'turn.failed', error: { message: 'stream disconnected' } },
    );
    expect(steps('codex', output)).toEqual([
      command("bash -lc 'npm test'"),
      tool('lookup git'),
      tool('web_search vitest pool'),
      edit('update /r/a.ts, delete /r/b.ts'),
      error('Reconnecting... 1/5'),
      error('stream disconnected'),
    ]);
  });

  it('gemini: deltas joined into one message before the next tool call, a command alone, a failed tool, the last message at the end', () => {
    const output = lines(
      { type: 'message', role: 'user', content: 'the brief' },
      { type: 'message', role: 'assistant', content: 'I will ', delta: true },
      { type: 'message', role: 'assistant', content: 'run\nthe tests.', delta: true },
      { type: 'tool_use', tool_name: 'run_shell_command', parameters: { command: 'npm test', description: 'tests' } },
      { type: 'tool_result', status: 'error', error: { type: 'x', message: 'Command exited 1' } },
      { type: 'tool_use', tool_name: 'read_file', parameters: { absolute_path: '/r/a.ts' } },
      { type: 'tool_use', tool_name: 'replace', parameters: { file_path: '/r/a.ts', old_string: 'a' } },
      { type: 'message', role: 'assistant', content: 'Done', delta: true },
      { type: 'message', role: 'assistant', content: '.', delta: true },
    );
    expect(steps('gemini', output)).toEqual([
      message('I will run the tests.'),
      command('npm test'),
      error('Command exited 1'),
      tool('read_file /r/a.ts'),
      edit('replace /r/a.ts'),
      message('Done.'),
    ]);
  });

  it('gemini: a message of many deltas is held at its first characters and cut as the whole would be', () => {
    const deltas = Array.from({ length: 1000 }, () => ({ type: 'message', role: 'assistant', content: 'word  ', delta: true }));
    const [step] = steps('gemini', lines(...deltas));
    expect(step).toEqual(message(`${'word '.repeat(59)}word…`));
    expect([...step!.text]).toHaveLength(PROGRESS_STEP_MAX_CHARS);
    expect(steps('gemini', lines({ type: 'message', role: 'assistant', content: ` ${'x'.repeat(PROGRESS_STEP_MAX_CHARS)}\n` }))).toEqual([
      message('x'.repeat(PROGRESS_STEP_MAX_CHARS)),
    ]);
  });

  it('opencode: a command alone, another tool with its first argument, a failed tool and its error', () => {
    const output = lines(
      { type: 'tool_use', part: { tool: 'bash', state: { status: 'completed', input: { command: 'npm test', description: 'x' } } } },
      { type: 'tool_use', part: { tool: 'read', state: { status: 'completed', input: { filePath: '/r/a.ts' } } } },
      { type: 'tool_use', part: { tool: 'edit', state: { status: 'error', input: { filePath: '/r/a.ts' }, error: 'oldString not found' } } },
      { type: 'text', part: { text: 'All\tgreen.' } },
    );
    expect(steps('opencode', output)).toEqual([
      command('npm test'),
      tool('read /r/a.ts'),
      edit('edit /r/a.ts'),
      error('oldString not found'),
      message('All green.'),
    ]);
  });

  it('the command harness has none: its output is shown as output', () => {
    expect(HARNESSES.command.steps).toBeNull();
  });

  it.each(['claude', 'codex', 'gemini', 'opencode'] as const)('%s: a clipped line and plain output are no step', (cli) => {
    const stream = new StepStream(HARNESSES[cli].steps!(LIMITS));
    expect(stream.line('{"type":"text","part":{"text":"x"}}', true)).toEqual([]);
    expect(stream.line('Error: something', false)).toEqual([]);
  });
});

describe('the text of a step', () => {
  it('is one line: blanks, line breaks and control characters a space each run, the ends trimmed', () => {
    expect(stepText('  a\r\n\tb\u2028c\u0000\u001b[31md\u0085e  ', 300)).toBe('a b c [31md e');
    expect(stepText(' \n ', 300)).toBe('');
  });

  it('is cut at the cap in code points, the … included', () => {
    expect(stepText('a'.repeat(300), 300)).toBe('a'.repeat(300));
    expect(stepText('a'.repeat(301), 300)).toBe(`${'a'.repeat(299)}…`);
    expect(stepText('😀'.repeat(301), 300)).toBe(`${'😀'.repeat(299)}…`);
  });

  it('is no step when empty', () => {
    expect(steps('claude', lines({ type: 'assistant', message: { content: [{ type: 'text', text: ' \n' }] } }))).toEqual([]);
  });
});

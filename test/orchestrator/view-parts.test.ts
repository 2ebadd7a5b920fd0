// The Result's Markdown view, part by part: what is code stays code (every character), what is prose
// is Markdown. Golden, per tool.
import { describe, expect, it } from 'vitest';
import type { CodeToolResult } from '../../src/orchestrator/code-tools.js';
import { callView, markdownLiteral, resultParts, type ResultPart } from '../../src/orchestrator/index.js';

/** Everything a careless renderer turns into something else. */
const HOSTILE_LINES = ['# not a heading', '* star item', '- dash item', '1. numbered', '__init__.py', '`x` and ``y``', '<img src=x onerror=alert(1)>', '---', '\tindented\twith tabs', '    four spaces', '日本語のテキスト', '> quoted'];
const HOSTILE = HOSTILE_LINES.join('\n');

function parts(tool: string, text: string, meta: CodeToolResult['meta'] = {}, ok = true): ResultPart[] {
  return resultParts({ tool, ok, meta, text });
}

describe('what a tool printed or read is code, every character kept', () => {
  it("file_read's numbered lines, header and all", () => {
    const text = `src/greet.js · lines 1–4 of 4\n1\texport function greet(name) {\n2\t  const who = name;\n3\t  return \`Hello, \${who}!\`;\n4\t}`;
    expect(parts('file_read', text, { range: [1, 4], lines: 4 })).toEqual([{ type: 'code', text }]);
  });

  it("shell's output of hostile text, with its exit code line", () => {
    const text = `${HOSTILE}\nexit_code: 2`;
    expect(parts('shell', text, { exit_code: 2 })).toEqual([{ type: 'code', text }]);
  });

  it("shell's (no output)", () => expect(parts('shell', '(no output)', { exit_code: 0 })).toEqual([{ type: 'code', text: '(no output)' }]));

  it("shell's background start, three status lines", () => {
    const text = 'started b1 in the background (pid 7)\nlog: /h/.runs/r/c7.log\ncheck it with shell_status {"id": "b1"}; stop it with {"id": "b1", "stop": true}';
    expect(parts('shell', text, { background_id: 'b1' })).toEqual([{ type: 'code', text }]);
  });

  it("code_search's lines with context and -- between groups", () => {
    const text = 'a.py-1- # setup\na.py:2: __init__ = 1\n--\nb.py:9: * item\n2 matches in 2 files';
    expect(parts('code_search', text, { matches: 2, files: 2 })).toEqual([{ type: 'code', text }]);
  });

  it("shell_status's state, elapsed, log and log tail", () => {
    const text = 'state: running\nelapsed: 1s\nlog: /h/.runs/r/c7.log\n# ready';
    expect(parts('shell_status', text, { background_id: 'b1', state: 'running' })).toEqual([{ type: 'code', text }]);
  });

  it("a JSON document, for a platform that draws no tree", () => {
    expect(parts('shell', '{"a": "<b>"}', { exit_code: 0 })).toEqual([{ type: 'code', text: '{"a": "<b>"}' }]);
  });
});

describe('what is a note reads as written, through Markdown', () => {
  it('escapes every ASCII punctuation character and keeps the rest', () => {
    expect(markdownLiteral('__init__.py: `x` <b> # [a](b) 日本')).toBe('\\_\\_init\\_\\_\\.py\\: \\`x\\` \\<b\\> \\# \\[a\\]\\(b\\) 日本');
  });

  it("writes blanks at a line's ends as character references, so that they indent nothing and stay", () => {
    expect(markdownLiteral('    x\n\ty  ')).toBe('&#32;&#32;&#32;&#32;x\n&#9;y&#32;&#32;');
  });

  it("is a repeated read's pointer", () => {
    expect(parts('file_read', 'src/a_b_.js lines 3–4: unchanged since step 2; read that result.', { range: [3, 4], repeat_of: 2 })).toEqual([
      { type: 'markdown', text: 'src\\/a\\_b\\_\\.js lines 3–4\\: unchanged since step 2\\; read that result\\.' },
    ]);
  });

  it("is file_read's binary, empty and past-the-end lines", () => {
    expect(parts('file_read', 'img.png is binary (9 bytes); not shown', { range: null, lines: 0 })).toEqual([
      { type: 'markdown', text: 'img\\.png is binary \\(9 bytes\\)\\; not shown' },
    ]);
  });

  it("is code_search's no matches, with what ignore files hid", () => {
    expect(parts('code_search', "no matches for '__x__' in src\n(2 more matches in 1 file ignored by .gitignore)", { matches: 0, files: 0 })).toEqual([
      { type: 'markdown', text: "no matches for \\'\\_\\_x\\_\\_\\' in src\n\\(2 more matches in 1 file ignored by \\.gitignore\\)" },
    ]);
  });

  it('is shell_status with no background commands', () => {
    expect(parts('shell_status', 'no background commands', { count: 0 })).toEqual([{ type: 'markdown', text: 'no background commands' }]);
  });

  it("is a failure's line, and what follows it (a helper's stderr) is code", () => {
    expect(parts('file_read', 'no such file or folder: __init__.py', {}, false)).toEqual([
      { type: 'markdown', text: 'no such file or folder\\: \\_\\_init\\_\\_\\.py' },
    ]);
    expect(parts('shell', 'code helper failed\n# stderr line\n  at x', {}, false)).toEqual([
      { type: 'markdown', text: 'code helper failed' },
      { type: 'code', text: '# stderr line\n  at x' },
    ]);
  });

  it('is the remaining-calls trailer and a cap’s cut, after the code they follow', () => {
    expect(parts('shell', '# out\n[… cut to stay under 65536 bytes]\n\nremaining_tool_calls: 3', { exit_code: 0 })).toEqual([
      { type: 'code', text: '# out' },
      { type: 'markdown', text: '\\[… cut to stay under 65536 bytes\\]' },
      { type: 'markdown', text: 'remaining\\_tool\\_calls\\: 3' },
    ]);
  });
});

describe("a code_task's answer", () => {
  const status = 'completed in 4s · command';
  const diffstat = ' src/greet.js | 1 +\n 1 file changed, 1 insertion(+)';

  it('is its status line and diffstat as code, its final message as Markdown, its log line as code', () => {
    const message = '## Added farewell()\n\n- src/greet.js\n- test/farewell.test.js\n\n`node test/farewell.test.js` passes.';
    expect(parts('code_task', `${status}\n${diffstat}\n\n${message}\n\nlog: /h/.runs/r/c10.log`, { status: 'completed' })).toEqual([
      { type: 'code', text: `${status}\n${diffstat}` },
      { type: 'markdown', text: message },
      { type: 'code', text: 'log: /h/.runs/r/c10.log' },
    ]);
  });

  it("shows the helper's (no final message) as its note", () => {
    expect(parts('code_task', `${status}\nno changes\n\n(no final message)\n\nlog: /h/l.log`, { status: 'failed' })).toEqual([
      { type: 'code', text: `${status}\nno changes` },
      { type: 'markdown', text: '\\(no final message\\)' },
      { type: 'code', text: 'log: /h/l.log' },
    ]);
  });

  it('keeps a final message cut before its log line as Markdown, the cut said after it', () => {
    expect(parts('code_task', `${status}\nno changes\n\n# Done\n[… cut to stay under 65536 bytes]`, { status: 'completed' })).toEqual([
      { type: 'code', text: `${status}\nno changes` },
      { type: 'markdown', text: '# Done' },
      { type: 'markdown', text: '\\[… cut to stay under 65536 bytes\\]' },
    ]);
  });

  it('is code whole when it has no blank line (a text of the status line alone)', () => {
    expect(parts('code_task', status, { status: 'completed' })).toEqual([{ type: 'code', text: status }]);
  });
});

describe('the parts of a call view', () => {
  it("are the Result view's, from the call's tool and meta", () => {
    const result: CodeToolResult = { ok: true, text: HOSTILE, summary: 'Run cat x', meta: { exit_code: 0 }, metadata: [], cut: false };
    expect(callView({ seq: 1, callId: 'c1', tool: 'shell', args: { command: 'cat x' }, result }).result.parts).toEqual([{ type: 'code', text: HOSTILE }]);
  });
});

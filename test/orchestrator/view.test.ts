// The view model: what the app shows of a run's calls, exact for every shaping rule.
import { describe, expect, it } from 'vitest';
import type { CodeToolResult } from '../../src/orchestrator/code-tools.js';
import {
  argumentsView,
  callView,
  flowView,
  jsonTree,
  parseJsonDocument,
  resultView,
  VIEW_LIMITS,
  type RecordedCall,
} from '../../src/orchestrator/index.js';

function okResult(text: string, overrides: Partial<CodeToolResult> = {}): CodeToolResult {
  return { ok: true, text, summary: 'Run x', meta: {}, metadata: [{ label: 'Call', value: 'c1' }], cut: false, ...overrides };
}

describe('a JSON value as a tree', () => {
  it('keeps keys, types and scalars as JSON writes them, in order', () => {
    expect(jsonTree({ a: 'x\ny', b: [1, true, null], c: {} }, 100)).toEqual({
      type: 'object',
      children: [
        { type: 'string', key: 'a', text: '"x\\ny"' },
        {
          type: 'array',
          key: 'b',
          children: [
            { type: 'number', key: '0', text: '1' },
            { type: 'boolean', key: '1', text: 'true' },
            { type: 'null', key: '2', text: 'null' },
          ],
        },
        { type: 'object', key: 'c', children: [] },
      ],
    });
  });

  it('is a lone scalar node for a scalar', () => expect(jsonTree('<b>', 10)).toEqual({ type: 'string', text: '"<b>"' }));

  it('stops at exactly the node budget and counts what it left out', () => {
    expect(jsonTree([1, 2, 3, 4], 3)).toEqual({
      type: 'array',
      children: [
        { type: 'number', key: '0', text: '1' },
        { type: 'number', key: '1', text: '2' },
      ],
      omitted: 2,
    });
  });

  it('holds every node when the value has exactly as many as the budget', () => {
    expect(jsonTree([1, 2], 3).omitted).toBeUndefined();
  });

  it('counts the left-out members of each container on the way down', () => {
    expect(jsonTree({ a: [1, 2], b: 3 }, 3)).toEqual({
      type: 'object',
      children: [{ type: 'array', key: 'a', children: [{ type: 'number', key: '0', text: '1' }], omitted: 1 }],
      omitted: 1,
    });
  });

  it('stays within the budget for a document nested 30,000 deep', () => {
    const deep = JSON.parse('['.repeat(30_000) + ']'.repeat(30_000)) as unknown;
    let depth = 0;
    for (let node = jsonTree(deep, 2000); node.children?.[0]; node = node.children[0]) depth++;
    expect(depth).toBe(1999);
  });
});

describe('which texts are JSON documents', () => {
  it('takes an object or an array, blanks around it', () => expect(parseJsonDocument('\n {"a": 1}\n')).toEqual({ a: 1 }));
  it('takes an array', () => expect(parseJsonDocument('[1]')).toEqual([1]));
  it('leaves a bare number as text', () => expect(parseJsonDocument('3')).toBeUndefined());
  it('leaves a bare string as text', () => expect(parseJsonDocument('"x"')).toBeUndefined());
  it('leaves broken JSON as text', () => expect(parseJsonDocument('{"a": }')).toBeUndefined());
  it('leaves an empty text as text', () => expect(parseJsonDocument('')).toBeUndefined());
  it('leaves a JSON object followed by an exit code line as text', () => {
    expect(parseJsonDocument('{"a": 1}\nexit_code: 2')).toBeUndefined();
  });
});

describe('the Result view', () => {
  it('is Markdown for plain text, the text as returned for Raw', () => {
    expect(resultView('shell', okResult('src/a.ts · lines 1–1 of 1\n1\t# x'))).toEqual({
      kind: 'markdown',
      text: 'src/a.ts · lines 1–1 of 1\n1\t# x',
      parts: [{ type: 'code', text: 'src/a.ts · lines 1–1 of 1\n1\t# x' }],
      cut: false,
    });
  });

  it('is a JSON tree for a JSON document, the text kept exactly for Raw', () => {
    expect(resultView('shell', okResult('{ "a": [1] }\n'))).toEqual({
      kind: 'json',
      text: '{ "a": [1] }\n',
      parts: [{ type: 'code', text: '{ "a": [1] }\n' }],
      tree: { type: 'object', children: [{ type: 'array', key: 'a', children: [{ type: 'number', key: '0', text: '1' }] }] },
      cut: false,
    });
  });

  it("is Markdown for a failed call's error, even one that reads as JSON", () => {
    expect(resultView('shell', { ok: false, text: '{"a": 1}', cut: false, meta: {} }).kind).toBe('markdown');
  });

  it('is Markdown for a JSON text the platform cut, which no longer parses anyway', () => {
    expect(resultView('shell', okResult('[1]', { cut: true }))).toEqual({ kind: 'markdown', text: '[1]', parts: [{ type: 'code', text: '[1]' }], cut: true });
  });

  it('keeps a text exactly at the cap whole', () => {
    const text = 'x'.repeat(VIEW_LIMITS.resultMaxBytes);
    expect(resultView('shell', okResult(text))).toEqual({ kind: 'markdown', text, parts: [{ type: 'code', text }], cut: false });
  });

  it('cuts a 5 MB line to the cap, at a character boundary, and says so', () => {
    const view = resultView('shell', okResult('é'.repeat(2_500_000)));
    const marker = '\n[… cut to stay under 65536 bytes]';
    expect(view.cut).toBe(true);
    expect(view.text.endsWith(marker)).toBe(true);
    expect(view.text.slice(0, -marker.length)).toBe('é'.repeat(32_750));
    expect(Buffer.byteLength(view.text)).toBe(65_536);
    expect(view.parts).toEqual([
      { type: 'code', text: 'é'.repeat(32_750) },
      { type: 'markdown', text: '\\[… cut to stay under 65536 bytes\\]' },
    ]);
  });

  it('cuts one byte over the cap', () => {
    expect(resultView('shell', okResult('x'.repeat(VIEW_LIMITS.resultMaxBytes + 1))).cut).toBe(true);
  });

  it('takes its limits as arguments', () => {
    expect(resultView('shell', okResult('[1, 2, 3]'), { resultMaxBytes: 1024, jsonTreeMaxNodes: 2 }).tree).toEqual({
      type: 'array',
      children: [{ type: 'number', key: '0', text: '1' }],
      omitted: 2,
    });
  });
});

describe('the Arguments view', () => {
  it('is the arguments as one line of JSON and as a tree', () => {
    expect(argumentsView({ path: 'a.ts', offset: 3 })).toEqual({
      json: '{"path":"a.ts","offset":3}',
      tree: {
        type: 'object',
        children: [
          { type: 'string', key: 'path', text: '"a.ts"' },
          { type: 'number', key: 'offset', text: '3' },
        ],
      },
    });
  });
  it('keeps JSON text the model gave as given', () => {
    expect(argumentsView(' {"id": "b1"} ')).toEqual({ json: '{"id": "b1"}', tree: { type: 'object', children: [{ type: 'string', key: 'id', text: '"b1"' }] } });
  });
  it('shows arguments that are not JSON as the text they were', () => {
    expect(argumentsView('{path: a}')).toEqual({ json: '{path: a}', tree: { type: 'string', text: '"{path: a}"' } });
  });
  it('is an empty object for absent arguments', () => expect(argumentsView(undefined).json).toBe('{}'));
});

describe("a run's flow", () => {
  const read: RecordedCall = {
    seq: 2,
    callId: 'c2',
    tool: 'file_read',
    args: { path: 'a.ts' },
    result: okResult('a.ts · lines 1–1 of 1\n1\tx', {
      summary: 'Read a.ts',
      metadata: [
        { label: 'Call', value: 'c2' },
        { label: 'Tool', value: 'file_read' },
      ],
    }),
  };
  const block = {
    title: 'Add farewell()',
    headline: 'completed in 4s · command',
    status: 'completed',
    elapsed: '4s',
    harness: 'command',
    session: null,
    diffstat: ['no changes'],
    finalMessage: 'Done.',
    log: '/h/.runs/r/c3.log',
  };
  const task: RecordedCall = {
    seq: 3,
    callId: 'c3',
    tool: 'code_task',
    args: { brief: 'Add farewell()' },
    result: okResult('completed in 4s · command\nno changes\n\nDone.\n\nlog: /h/.runs/r/c3.log', { summary: 'Code task Add farewell()', block }),
  };
  const failed: RecordedCall = {
    seq: 4,
    callId: 'c4',
    tool: 'file_read',
    args: { path: 'gone.ts' },
    result: { ok: false, kind: 'not_found', text: 'file_read: gone.ts: no such file', summary: 'Read gone.ts', meta: {}, metadata: [], cut: false },
  };

  it('is a row per call and a block per answered code_task, in order', () => {
    expect(flowView([read, task, failed])).toEqual([
      {
        type: 'row',
        call: {
          seq: 2,
          callId: 'c2',
          tool: 'file_read',
          ok: true,
          summary: 'Read a.ts',
          arguments: { json: '{"path":"a.ts"}', tree: { type: 'object', children: [{ type: 'string', key: 'path', text: '"a.ts"' }] } },
          result: { kind: 'markdown', text: 'a.ts · lines 1–1 of 1\n1\tx', parts: [{ type: 'code', text: 'a.ts · lines 1–1 of 1\n1\tx' }], cut: false },
          metadata: [
            { label: 'Call', value: 'c2' },
            { label: 'Tool', value: 'file_read' },
          ],
        },
      },
      { type: 'block', call: callView(task), block },
      { type: 'row', call: callView(failed) },
    ]);
  });

  it("marks a failed call with its kind and shows its error as the Result", () => {
    expect(callView(failed)).toMatchObject({ ok: false, kind: 'not_found', result: { kind: 'markdown', text: 'file_read: gone.ts: no such file' } });
  });

  it("says a failed call's kind in its Metadata, after the call and the tool", () => {
    const result = { ...failed.result, metadata: [{ label: 'Call', value: 'c4' }, { label: 'Tool', value: 'file_read' }] };
    expect(callView({ ...failed, result }).metadata).toEqual([
      { label: 'Call', value: 'c4' },
      { label: 'Tool', value: 'file_read' },
      { label: 'Failure', value: 'not_found' },
    ]);
  });

  it('adds no Failure field to a failure without a kind, nor to a call that succeeded', () => {
    const { kind: _kind, ...withoutKind } = failed.result;
    expect(callView({ ...failed, result: withoutKind }).metadata).toEqual([]);
    expect(callView(read).metadata.map((field) => field.label)).toEqual(['Call', 'Tool']);
  });

  it('is empty for a run without calls', () => expect(flowView([])).toEqual([]));
});

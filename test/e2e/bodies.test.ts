// The bundle's bodies, one per tool, as the orchestrator meets them: the loader picks the body of the
// op that the helper itself reads from the request, whichever way the request arrives.
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, runHelperArgument, type Sandbox } from '../helpers/helper.js';
import { BUNDLE, HARNESS_BUNDLE } from '../helpers/paths.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
  writeFileSync(join(sandbox.home, 'a.txt'), 'needle\n');
});
afterEach(() => sandbox.cleanup());

const ids = (call: string): string => `"run_id":"r1","agent_id":"a1","call_id":"${call}"`;
/** One call of each tool, as JSON text, and the start of what each answers. */
const CALLS: Array<[op: string, args: string, answer: string]> = [
  ['file_read', '{"path":"a.txt"}', 'a.txt · lines 1–1 of 1\n1\tneedle'],
  ['shell', '{"command":"echo from-shell"}', 'from-shell'],
  ['shell_status', '{}', 'no background commands'],
  ['code_search', '{"pattern":"needle"}', 'a.txt: 1\n1 match in 1 file'],
];
const base64 = (json: string): string => Buffer.from(json, 'utf8').toString('base64');
const requestFile = (name: string, json: string): string => {
  const path = join(sandbox.runDir, 'requests', name);
  writeFileSync(path, json);
  return path;
};
const textOf = (argument: string): string | undefined => {
  const { envelope } = runHelperArgument(sandbox, argument);
  return envelope.ok ? envelope.text : `error: ${envelope.error}`;
};

describe('each tool', () => {
  it.each(CALLS)('%s answers when its request comes as base64', (op, args, answer) => {
    expect(textOf(base64(`{"op":"${op}","args":${args},${ids('c1')}}`))).toBe(answer);
  });

  it.each(CALLS)('%s answers when its request comes as a request file, which is then gone', (op, args, answer) => {
    const path = requestFile('r1-c1.json', `{"op":"${op}","args":${args},${ids('c1')}}`);
    expect(textOf(path)).toBe(answer);
    expect(existsSync(path)).toBe(false);
  });
});

describe('the op the loader goes by', () => {
  it('is the last of two op keys, as JSON and the helper read it', () => {
    const json = `{"op":"file_read","args":{"command":"echo last-op"},"op":"shell",${ids('c1')}}`;
    expect(textOf(base64(json))).toBe('last-op');
    expect(textOf(requestFile('r1-c2.json', json))).toBe('last-op');
  });

  it('is never an op key inside the arguments', () => {
    expect(textOf(base64(`{"op":"shell","args":{"command":"echo outer","op":"file_read"},${ids('c1')}}`))).toBe(
      "error: shell: unknown argument 'op' (it takes command, timeout_seconds, background)",
    );
  });

  it('is none for a request the helper refuses, which every body refuses alike', () => {
    expect(textOf('@@@')).toBe('error: invalid request: the argument is not standard base64');
    expect(textOf(base64('{"op":'))).toBe('error: invalid request: not JSON');
    expect(textOf(base64(`{"op":"format_disk","args":{},${ids('c1')}}`))).toBe(
      "error: invalid request: unknown op 'format_disk' (one of shell, shell_status, file_read, code_search)",
    );
    expect(textOf(base64(`{"op":["shell"],"args":{},${ids('c1')}}`))).toBe('error: invalid request: op must be a string');
  });

  it('reads a request file through no link, as the helper refuses one anyway', () => {
    const target = requestFile('r1-c3.json', `{"op":"shell","args":{"command":"echo x"},${ids('c3')}}`);
    const link = join(sandbox.runDir, 'requests', 'r1-c4.json');
    symlinkSync(target, link);
    expect(textOf(link)).toBe(`error: invalid request: ${link} is not a regular file`);
  });
});

/** The bundle's pieces by function name, and each kind of call's first line and pieces, as the loader reads them. */
function piecesOf(file: string): { code: Map<string, string>; opening: Map<string, number>; kinds: Map<string, { firstLine: number; pieces: Array<[string, number]> }> } {
  const source = readFileSync(file, 'utf8');
  const code = new Map<string, string>();
  const opening = new Map<string, number>();
  for (const match of source.matchAll(/^function (guilds(?:Body|Chunk)_\w+)\(\) \{\/\*\n([\s\S]*?)^\*\/\}$/gm)) {
    code.set(match[1]!, match[2]!);
    opening.set(match[1]!, source.slice(0, match.index).split('\n').length);
  }
  const kinds = new Map<string, { firstLine: number; pieces: Array<[string, number]> }>();
  for (const [, labels, firstLine, list] of source.matchAll(/ {4}(case [^\n]*)\n {6}return \[(\d+), \[(.*)\]\];/g)) {
    const pieces = [...list!.matchAll(/\[(guilds\w+), (\d+)\]/g)].map((m) => [m[1]!, Number(m[2])] as [string, number]);
    for (const [, kind] of labels!.matchAll(/case "([^"]+)":/g)) kinds.set(kind!, { firstLine: Number(firstLine), pieces });
  }
  return { code, opening, kinds };
}

describe('the bundle', () => {
  it("holds each tool's own sentences only in the pieces that tool's calls run (the code is minified: no module names)", () => {
    const { code, kinds } = piecesOf(BUNDLE);
    expect([...kinds.keys()]).toEqual(['shell', 'shell-background', 'shell_status', 'file_read', 'other', 'code_search', 'serve', 'sweep']);
    // A sentence of each tool's format module that no other tool says; the warm stream's body serves them all.
    const own: Record<string, string> = { shell: 'timed_out', shell_status: 'no background commands', file_read: '"UTF-16 LE"', code_search: 'ignored by' };
    // The orchestrator's sweep after a cold helper died runs no tool: it holds none of their sentences.
    for (const kind of ['shell', 'shell_status', 'file_read', 'code_search', 'serve', 'sweep']) {
      const text = kinds.get(kind)!.pieces.map(([name]) => code.get(name)!).join('');
      const expected = kind === 'serve' ? Object.keys(own) : kind === 'sweep' ? [] : [kind];
      expect(Object.keys(own).filter((tool) => text.includes(own[tool]!)), kind).toEqual(expected);
    }
  });

  it('writes the code the bodies share once', () => {
    const source = readFileSync(BUNDLE, 'utf8');
    // The call host's refusal of a request that is no JSON, which every body and the warm stream say.
    expect(source.split('not JSON').length - 1).toBe(1);
    expect([...piecesOf(BUNDLE).code.keys()].filter((name) => name.startsWith('guildsChunk_')).length).toBeGreaterThan(0);
  });

  it("guilds-harness holds code_task's body and its warm stream's, each with its own entry", () => {
    const { code, kinds } = piecesOf(HARNESS_BUNDLE);
    expect([...code.keys()].filter((name) => name.startsWith('guildsBody_'))).toEqual(['guildsBody_code_task', 'guildsBody_serve']);
    const entriesOf = (kind: string): string[] => {
      const text = kinds.get(kind)!.pieces.map(([name]) => code.get(name)!).join('');
      return ['src/tools/code_task/body.generated.ts', 'src/serve-harness-main.ts'].filter((entry) => text.includes(`// ${entry}`));
    };
    expect(entriesOf('code_task')).toEqual(['src/tools/code_task/body.generated.ts']);
    expect(entriesOf('serve')).toEqual(['src/serve-harness-main.ts']);
  });

  it.each([
    ['guilds-code', BUNDLE],
    ['guilds-harness', HARNESS_BUNDLE],
  ])("%s: each piece of a kind's code keeps its lines of the file, so that stack traces name them", (_, file) => {
    const { code, opening, kinds } = piecesOf(file);
    for (const [kind, { firstLine, pieces }] of kinds) {
      let line = firstLine;
      for (const [name, newlinesBefore] of pieces) {
        line += newlinesBefore;
        expect(line, `${kind}: ${name}`).toBe(opening.get(name)! + 1);
        line += code.get(name)!.split('\n').length - 1;
      }
    }
  });
});

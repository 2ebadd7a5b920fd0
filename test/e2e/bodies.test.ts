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

describe('the bundle', () => {
  it('holds each tool\'s own sentences in that tool\'s body only (the bodies are minified: no module names)', () => {
    const source = readFileSync(BUNDLE, 'utf8');
    const bodies = [...source.matchAll(/^function (guildsBody_\w+)\(\) \{\/\*\n([\s\S]*?)^\*\/\}$/gm)].map((m) => [m[1], m[2]!] as const);
    expect(bodies.map(([name]) => name)).toEqual(['guildsBody_shell', 'guildsBody_shell_status', 'guildsBody_file_read', 'guildsBody_code_search', 'guildsBody_serve']);
    // A sentence of each tool's format module that no other tool says; the warm stream's body serves them all.
    const own = ['timed_out', 'no background commands', '"UTF-16 LE"', 'ignored by'];
    for (const [index, [name, code]] of bodies.entries()) {
      expect(own.filter((sentence) => code.includes(sentence)), name).toEqual(name === 'guildsBody_serve' ? own : [own[index]]);
    }
  });

  it('guilds-harness holds code_task\'s body and its warm stream\'s, each with its own entry', () => {
    const source = readFileSync(HARNESS_BUNDLE, 'utf8');
    const bodies = [...source.matchAll(/^function (guildsBody_\w+)\(\) \{\/\*\n([\s\S]*?)^\*\/\}$/gm)].map((m) => [m[1], m[2]!] as const);
    expect(bodies.map(([name]) => name)).toEqual(['guildsBody_code_task', 'guildsBody_serve']);
    expect(bodies.map(([, code]) => ['src/tools/code_task/body.ts', 'src/serve-harness-main.ts'].filter((entry) => code.includes(`// ${entry}`)))).toEqual([
      ['src/tools/code_task/body.ts'],
      ['src/serve-harness-main.ts'],
    ]);
  });

  it('tells the loader the line where each body\'s code starts, so that stack traces name lines of the file', () => {
    const lines = readFileSync(BUNDLE, 'utf8').split('\n');
    for (const [, name, firstLine] of readFileSync(BUNDLE, 'utf8').matchAll(/return \[(guildsBody_\w+), (\d+)\];/g)) {
      expect(lines[Number(firstLine) - 2], name).toBe(`function ${name}() {/*`);
    }
  });
});

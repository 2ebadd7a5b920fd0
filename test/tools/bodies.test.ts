// The helper's bodies (src/tools/<tool>/body.ts): each runs one tool, and validates every request as the others do.
import { describe, expect, it } from 'vitest';
import { ToolError } from '../../src/contract/errors.js';
import { partLeftOut } from '../../src/io/node/core.js';
import type { ShellProcesses } from '../../src/io/shell-types.js';
import { CODE_TOOLS } from '../../src/tools/all.js';
import type { Context } from '../../src/tools/context.js';
import { codeTools } from '../../src/tools/index.js';

const thrown = (run: () => unknown): ToolError => {
  try {
    run();
  } catch (error) {
    return error as ToolError;
  }
  throw new Error('nothing was thrown');
};

describe('a body\'s table of the code tools', () => {
  it('has all four specs and resolvers whatever run steps it has, so that every body validates alike', () => {
    const bare = codeTools({});
    expect(Object.keys(bare)).toEqual(Object.keys(CODE_TOOLS));
    for (const name of ['shell', 'shell_status', 'file_read', 'code_search'] as const) {
      expect(bare[name]!.spec).toBe(CODE_TOOLS[name]!.spec);
      expect(bare[name]!.resolve).toBe(CODE_TOOLS[name]!.resolve);
    }
  });

  it('keeps the run step it is given', () => {
    const run = () => ({ text: 'read', meta: {} });
    expect(codeTools({ file_read: run as never }).file_read!.run).toBe(run);
  });

  it('answers a tool it does not run as the helper\'s own fault, naming the tool', () => {
    const error = thrown(() => codeTools({}).shell!.run({} as Context, {} as never));
    expect(error).toBeInstanceOf(ToolError);
    expect(error.kind).toBe('internal');
    expect(error.message).toBe("shell was sent to helper code without it (a defect of the helper's loader)");
  });
});

describe('an I/O part left out of a body', () => {
  it('answers any use as the helper\'s own fault, naming the part', () => {
    const shell = partLeftOut<ShellProcesses>('a shell');
    const error = thrown(() => shell.run({} as never, () => undefined));
    expect(error).toBeInstanceOf(ToolError);
    expect(error.kind).toBe('internal');
    expect(error.message).toBe('this part of the helper was built without a shell (a defect of its build)');
  });

  it('answers a call of a left-out function the same way', () => {
    const sha256 = partLeftOut<(bytes: number) => unknown>('SHA-256');
    expect(thrown(() => sha256(10)).message).toBe('this part of the helper was built without SHA-256 (a defect of its build)');
  });
});

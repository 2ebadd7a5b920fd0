// A helper's table of its tools (src/tools/index.ts, toolTable): every body validates a request as the
// others do, and runs its own tool's step only.
import { describe, expect, it } from 'vitest';
import { ToolError } from '../../src/contract/errors.js';
import { CODE_TOOLS } from '../../src/tools/all.js';
import { CODE_TOOL_CONTRACTS } from '../../src/tools/code-contracts.generated.js';
import { toolTable } from '../../src/tools/index.js';

const thrown = (run: () => unknown): ToolError => {
  try {
    run();
  } catch (error) {
    return error as ToolError;
  }
  throw new Error('nothing was thrown');
};

describe("a body's table of the code tools", () => {
  it('has all four specs and resolvers whatever run steps it has, so that every body validates alike', () => {
    const bare = toolTable(CODE_TOOL_CONTRACTS, {});
    expect(Object.keys(bare)).toEqual(['shell', 'shell_status', 'file_read', 'code_search']);
    for (const name of ['shell', 'shell_status', 'file_read', 'code_search'] as const) {
      expect(bare[name]!.spec).toBe(CODE_TOOLS[name]!.spec);
      expect(bare[name]!.resolve).toBe(CODE_TOOLS[name]!.resolve);
    }
  });

  it('keeps the run step it is given', () => {
    const run = () => ({ text: 'read', meta: {} });
    expect(toolTable(CODE_TOOL_CONTRACTS, { file_read: run as never }).file_read!.run).toBe(run);
  });

  it("answers a tool it does not run as the helper's own fault, naming the tool", () => {
    const error = thrown(() => toolTable(CODE_TOOL_CONTRACTS, {}).shell!.run({} as never, {} as never));
    expect(error).toBeInstanceOf(ToolError);
    expect(error.kind).toBe('internal');
    expect(error.message).toBe("shell was sent to helper code without it (a defect of the helper's loader)");
  });
});

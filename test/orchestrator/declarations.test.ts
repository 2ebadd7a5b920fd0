import { describe, expect, it } from 'vitest';
import {
  CODE_TOOL_DECLARATIONS,
  codeToolDeclarations,
  isCodeTool,
} from '../../src/orchestrator/declarations.js';
import { TOOL_SPECS } from '../../src/contract/tools/index.js';

describe('which tools are offered', () => {
  it('is none while the coding flag is off', () => expect(codeToolDeclarations(false)).toEqual([]));
  it('is the five code tools while it is on', () => {
    expect(codeToolDeclarations(true).map((tool) => tool.name)).toEqual(['shell', 'shell_status', 'file_read', 'code_search', 'code_task']);
  });
  it('follows the flag from one generation to the next', () => {
    const flags = [true, false, true];
    expect(flags.map((flag) => codeToolDeclarations(flag).length)).toEqual([5, 0, 5]);
  });
});

describe('a declaration', () => {
  it('gives file_read its arguments with defaults and bounds', () => {
    const fileRead = CODE_TOOL_DECLARATIONS.find((tool) => tool.name === 'file_read')!;
    expect(fileRead.parameters).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: TOOL_SPECS.file_read.args.path!.description },
        offset: { type: 'integer', default: 1, minimum: 1, description: 'The first line to return (default 1).' },
        limit: {
          type: 'integer',
          default: 200,
          minimum: 1,
          maximum: 500,
          description: 'How many lines (default 200, at most 500).',
        },
      },
      required: ['path'],
      additionalProperties: false,
    });
  });

  it('gives shell its timeout from 1 to 600 seconds, 120 by default', () => {
    const shell = CODE_TOOL_DECLARATIONS.find((tool) => tool.name === 'shell')!;
    expect(shell.parameters.required).toEqual(['command']);
    expect(shell.parameters.properties.timeout_seconds).toMatchObject({ type: 'integer', default: 120, minimum: 1, maximum: 600 });
    expect(shell.parameters.properties.background).toMatchObject({ type: 'boolean', default: false });
  });

  it("gives code_search's mode its two values", () => {
    const search = CODE_TOOL_DECLARATIONS.find((tool) => tool.name === 'code_search')!;
    expect(search.parameters.properties.mode).toMatchObject({ type: 'string', enum: ['files', 'content'], default: 'files' });
    expect(search.parameters.properties.context).toMatchObject({ minimum: 0, maximum: 5 });
  });

  it('declares exactly the arguments the helper accepts, for every tool', () => {
    for (const tool of CODE_TOOL_DECLARATIONS) {
      expect(Object.keys(tool.parameters.properties)).toEqual(Object.keys(TOOL_SPECS[tool.name].args));
      const required = Object.entries(TOOL_SPECS[tool.name].args).filter(([, arg]) => arg.required).map(([name]) => name);
      expect(tool.parameters.required).toEqual(required);
    }
  });

  it("starts each description with the helper's own and adds the orchestrator's rules", () => {
    for (const tool of CODE_TOOL_DECLARATIONS) {
      expect(tool.description.startsWith(TOOL_SPECS[tool.name].description + ' ')).toBe(true);
    }
    const fileRead = CODE_TOOL_DECLARATIONS.find((tool) => tool.name === 'file_read')!;
    expect(fileRead.description).toContain('"<path> lines a–b: unchanged since step N; read that result."');
  });

  it("states the pointer rule once, the orchestrator's, and the default byte cap", () => {
    const fileRead = codeToolDeclarations(true).find((tool) => tool.name === 'file_read')!;
    expect(fileRead.description).toBe(
      'Read numbered lines of a text file inside the home. Returns at most 500 lines (default 200); ' +
        'lines over 400 characters are clipped; a result that would pass the byte cap stops early and ' +
        'says which offset continues it. The byte cap is 8192 bytes. A read of lines that one earlier ' +
        'read of this run already returned, with the file unchanged, returns one line instead: ' +
        '"<path> lines a–b: unchanged since step N; read that result." The text is in the result of step N.',
    );
  });

  it('states the byte cap as CODE_RESULT_MAX_BYTES sets it', () => {
    const capOf = (setting: string | number | undefined) =>
      /The byte cap is (\d+) bytes\./.exec(codeToolDeclarations(true, setting).find((tool) => tool.name === 'file_read')!.description)?.[1];
    expect(capOf('20000')).toBe('20000');
    expect(capOf(4096)).toBe('4096');
    expect(capOf('100')).toBe('1024');
    expect(capOf('200000')).toBe('65536');
    expect(capOf('8k')).toBe('8192');
    expect(capOf(undefined)).toBe('8192');
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(CODE_TOOL_DECLARATIONS))).toEqual(CODE_TOOL_DECLARATIONS);
  });
});

describe('a code tool name', () => {
  it('is one of the four', () => expect(['shell', 'shell_status', 'file_read', 'code_search'].every(isCodeTool)).toBe(true));
  it('is code_task too, which its own helper runs', () => expect(isCodeTool('code_task')).toBe(true));
  it('is not an inherited property name', () => expect(isCodeTool('toString')).toBe(false));
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CodeToolResult } from '../../src/orchestrator/code-tools.js';
import { flowItem } from '../../src/orchestrator/view/index.js';
import { CODE_TOOL_DECLARATIONS, type ToolDeclaration } from '../../src/orchestrator/index.js';
import {
  closingLine,
  npmTookOption,
  parseCommandLine,
  portInUse,
  renderCall,
  toolHelp,
  TOUR,
  tourOpening,
  UsageError,
  usageErrorText,
  wrapText,
} from '../../scripts/try-cli.js';
import { REPO_ROOT } from '../helpers/paths.js';

function catchUsage(run: () => unknown): UsageError {
  try {
    run();
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error('no UsageError');
}

describe("the try-out command's command line", () => {
  it('is the tour when empty', () => expect(parseCommandLine([])).toEqual({ runId: 'try' }));

  it('types arguments as the tool takes them', () => {
    expect(parseCommandLine(['file_read', '--path', 'a.ts', '--offset', '3', '--limit', '2'])).toEqual({
      runId: 'try',
      step: { tool: 'file_read', args: { path: 'a.ts', offset: 3, limit: 2 } },
    });
  });

  it('takes --name=value', () => {
    expect(parseCommandLine(['shell', '--command=ls -la', '--timeout-seconds=5'])).toEqual({
      runId: 'try',
      step: { tool: 'shell', args: { command: 'ls -la', timeout_seconds: 5 } },
    });
  });

  it('takes a boolean flag without a value', () => {
    expect(parseCommandLine(['shell_status', '--stop', '--id', 'b1'])).toEqual({
      runId: 'try',
      step: { tool: 'shell_status', args: { stop: true, id: 'b1' } },
    });
  });

  it('takes a boolean flag with true or false', () => {
    expect(parseCommandLine(['shell', '--background', 'false', '--command', 'ls'])).toMatchObject({
      step: { args: { background: false, command: 'ls' } },
    });
  });

  it('passes a wrong value on as text, for the call to say what is wrong', () => {
    expect(parseCommandLine(['file_read', '--path', 'a', '--limit', 'many'])).toMatchObject({
      step: { args: { path: 'a', limit: 'many' } },
    });
  });

  it('passes an unknown tool and its arguments on as text', () => {
    expect(parseCommandLine(['frobnicate', '--x', '1'])).toEqual({ runId: 'try', step: { tool: 'frobnicate', args: { x: '1' } } });
  });

  it('takes --home and --run anywhere', () => {
    expect(parseCommandLine(['--home', '/h', 'shell_status', '--run', 'r7'])).toEqual({
      home: '/h',
      runId: 'r7',
      step: { tool: 'shell_status', args: {} },
    });
  });

  it('serves the web page with --web, on its default port', () => {
    expect(parseCommandLine(['--web'])).toEqual({ runId: 'try', web: { port: 4177 } });
  });

  it('takes --port and --home with --web, in any order', () => {
    expect(parseCommandLine(['--port', '0', '--web', '--home', '/h'])).toEqual({ runId: 'try', home: '/h', web: { port: 0 } });
  });

  it('runs in a container with --sandbox docker: the image npm run image makes, under runc, unless --image and --runtime say otherwise', () => {
    expect(parseCommandLine(['--sandbox', 'docker'])).toEqual({ runId: 'try', docker: { image: 'guilds-code-sandbox:latest', runtime: 'runc' } });
    expect(parseCommandLine(['--runtime', 'runsc', '--web', '--image', 'mine:1', '--sandbox', 'docker'])).toEqual({
      runId: 'try',
      web: { port: 4177 },
      docker: { image: 'mine:1', runtime: 'runsc' },
    });
    expect(parseCommandLine(['--sandbox', 'machine'])).toEqual({ runId: 'try' });
  });

  it('refuses a sandbox or runtime it does not know, a container option without --sandbox docker, and --home with it', () => {
    expect(() => parseCommandLine(['--sandbox', 'vm'])).toThrow(new UsageError("--sandbox takes machine or docker, not 'vm'"));
    expect(() => parseCommandLine(['--sandbox', 'docker', '--runtime', 'kata'])).toThrow(new UsageError("--runtime takes runc or runsc, not 'kata'"));
    expect(() => parseCommandLine(['--image', 'mine:1'])).toThrow(new UsageError('--image is for a container: add --sandbox docker'));
    expect(() => parseCommandLine(['--runtime', 'runsc'])).toThrow(new UsageError('--runtime is for a container: add --sandbox docker'));
    expect(() => parseCommandLine(['--sandbox', 'docker', '--home', '/h'])).toThrow(
      new UsageError('--sandbox docker makes its own home (a volume, removed at the end): leave --home out'),
    );
  });

  it('refuses --port without --web', () => {
    expect(() => parseCommandLine(['--port', '80'])).toThrow(new UsageError('--port is for the web page: add --web'));
  });

  it('refuses a port past 65535 or not a number', () => {
    expect(() => parseCommandLine(['--web', '--port', '65536'])).toThrow(new UsageError("--port takes a number from 0 to 65535, not '65536'"));
    expect(() => parseCommandLine(['--web', '--port', '-1'])).toThrow(new UsageError("--port takes a number from 0 to 65535, not '-1'"));
  });

  it('refuses a tool with --web: the page makes its calls from its form', () => {
    expect(() => parseCommandLine(['--web', 'shell', '--command', 'ls'])).toThrow(
      new UsageError('the web page makes its calls from its form: leave the tool out'),
    );
  });

  it('asks for the usage with --help alone', () => {
    expect(parseCommandLine(['--help'])).toEqual({ help: true });
    expect(parseCommandLine(['-h', '--home', '/h'])).toEqual({ help: true });
  });

  it("asks for a tool's arguments with --help and the tool's name, before or after it", () => {
    expect(parseCommandLine(['--help', 'file_read'])).toEqual({ help: true, tool: 'file_read' });
    expect(parseCommandLine(['file_read', '--help'])).toEqual({ help: true, tool: 'file_read' });
    expect(parseCommandLine(['shell', '--command', 'ls', '-h'])).toEqual({ help: true, tool: 'shell' });
  });

  it('gives help to a line that asks for it, even when the line is wrong besides', () => {
    expect(parseCommandLine(['--help', '--bogus'])).toEqual({ help: true });
    expect(parseCommandLine(['shell', '--command', '--help'])).toEqual({ help: true, tool: 'shell' });
  });

  it('refuses help for a tool there is not', () => {
    expect(() => parseCommandLine(['--help', 'nosuch'])).toThrow(
      new UsageError("--help takes a tool's name (shell, shell_status, file_read, code_search, code_task), not 'nosuch'"),
    );
  });

  it('refuses an argument before the tool', () => {
    expect(() => parseCommandLine(['--path', 'a', 'file_read'])).toThrow(new UsageError("--path comes before the tool's name"));
  });

  it('refuses an option it does not know, by its name', () => {
    expect(() => parseCommandLine(['--bogus'])).toThrow(new UsageError('unknown option --bogus'));
    expect(() => parseCommandLine(['--bogus=1', 'shell'])).toThrow(new UsageError('unknown option --bogus'));
    expect(() => parseCommandLine(['--web', '--bogus', 'x'])).toThrow(new UsageError('unknown option --bogus'));
  });

  it('says that npm kept the option when a path comes where the tool goes: npm start --home DIR without --', () => {
    expect(() => parseCommandLine(['/tmp/agent', 'shell_status'])).toThrow(
      new UsageError("'/tmp/agent' is not a tool's name: npm keeps the options given before -- for itself; give them after it, as in npm start -- --home DIR"),
    );
    expect(() => parseCommandLine(['/tmp/agent'])).toThrow(new UsageError(npmTookOption('/tmp/agent')));
  });

  it('refuses a second tool name', () => {
    expect(() => parseCommandLine(['file_read', 'shell'])).toThrow(new UsageError("unexpected 'shell': give arguments as --name value", 'file_read'));
  });

  it('refuses a string argument without a value, naming the tool whose help says more', () => {
    expect(() => parseCommandLine(['file_read', '--path'])).toThrow(new UsageError('--path needs a value', 'file_read'));
    expect(catchUsage(() => parseCommandLine(['file_read', '--path'])).tool).toBe('file_read');
    expect(catchUsage(() => parseCommandLine(['file_read', 'shell'])).tool).toBe('file_read');
    expect(catchUsage(() => parseCommandLine(['frobnicate', '--x'])).tool).toBeUndefined();
    expect(catchUsage(() => parseCommandLine(['--bogus'])).tool).toBeUndefined();
  });

  it('refuses --home without a folder', () => {
    expect(() => parseCommandLine(['--home'])).toThrow(new UsageError('--home needs a value'));
  });
});

describe("the try-out's sentences and tour", () => {
  it('says an option error in one line and points at the help in a second, not the whole usage', () => {
    expect(usageErrorText(new UsageError('unknown option --bogus'))).toBe('unknown option --bogus\nnpm start -- --help lists the options and the tools\n');
    expect(usageErrorText(new UsageError('--path needs a value', 'file_read'))).toBe(
      '--path needs a value\nnpm start -- --help file_read lists its arguments\n',
    );
  });

  it('opens the tour with one sentence of what it shows', () => {
    expect(tourOpening(TOUR)).toBe(
      [
        'A tour of the 5 code tools: 10 real calls in a copy of fixtures/tryout-repo, each printed as the app',
        'shows it: its row, its arguments, its result and its metadata.',
      ].join('\n'),
    );
  });

  it('says the logs it named go with the home it removes', () => {
    expect(closingLine('scratch', true)).toBe('(the scratch home is removed now, and the logs named above with it; pass --home DIR to keep one)');
    expect(closingLine('scratch', false)).toBe('(the scratch home is removed now; pass --home DIR to keep one)');
    expect(closingLine('container', true)).toBe('(the container and its home volume are removed now, and the logs named above with them)');
    expect(closingLine('container', false)).toBe('(the container and its home volume are removed now)');
    expect(closingLine('kept', true)).toBeUndefined();
  });

  it('wraps text at spaces within the width, a longer word on a line of its own', () => {
    expect(wrapText('aa bb cc  dd', 5)).toEqual(['aa bb', 'cc dd']);
    expect(wrapText('a verylongword b', 4)).toEqual(['a', 'verylongword', 'b']);
    expect(wrapText('', 10)).toEqual([]);
  });

  it('says a port in use before the tour, with the way out', () => {
    expect(portInUse(4177)).toBe('port 4177 on 127.0.0.1 is in use: choose another with --port N (--port 0 takes a free one)');
  });

  it("starts its code_task's brief with a plain sentence, the block's title", () => {
    expect(TOUR.at(-1)!.args.brief).toMatch(/^Add farewell\(\) to src\/greet\.js, with a test\.\n/);
  });

  it('checks its background command only after that command printed something', () => {
    const start = TOUR.findIndex((step) => step.args.background === true);
    expect(TOUR.find((step) => step.tool === 'shell_status' && step.args.id === 'b1')).toMatchObject({ afterOutputOf: start + 1 });
  });
});

describe('a call as the try-out command prints it', () => {
  it('shows the row, the arguments, the result and the metadata', () => {
    const result: CodeToolResult = {
      ok: true,
      text: 'a.ts · lines 1–1 of 1\n1\tx',
      summary: 'Read a.ts',
      meta: {},
      metadata: [
        { label: 'Call', value: 'c2' },
        { label: 'Tool', value: 'file_read' },
        { label: 'Lines', value: '1–1 of 1' },
      ],
      cut: false,
    };
    expect(renderCall(flowItem({ seq: 2, callId: 'c2', tool: 'file_read', args: { path: 'a.ts' }, result }))).toBe(
      [
        '── step 2 · file_read ' + '─'.repeat(50),
        'Read a.ts',
        '',
        'Arguments',
        '  {"path":"a.ts"}',
        '',
        'Result',
        '  a.ts · lines 1–1 of 1',
        '  1\tx',
        '',
        'Metadata',
        '  Call   c2',
        '  Tool   file_read',
        '  Lines  1–1 of 1',
        '',
      ].join('\n'),
    );
  });

  it('marks a failed call', () => {
    const result: CodeToolResult = {
      ok: false,
      text: "unknown tool 'frobnicate' (the code tools are shell, shell_status, file_read, code_search)",
      summary: 'frobnicate',
      meta: {},
      metadata: [
        { label: 'Call', value: 'c1' },
        { label: 'Tool', value: 'frobnicate' },
      ],
      cut: false,
    };
    expect(renderCall(flowItem({ seq: 1, callId: 'c1', tool: 'frobnicate', args: {}, result }))).toBe(
      [
        '── step 1 · frobnicate ' + '─'.repeat(49),
        '✗ frobnicate',
        '',
        'Arguments',
        '  {}',
        '',
        'Result (failed)',
        "  unknown tool 'frobnicate' (the code tools are shell, shell_status, file_read, code_search)",
        '',
        'Metadata',
        '  Call  c1',
        '  Tool  frobnicate',
        '',
      ].join('\n'),
    );
  });

  it('says when the view model took the result for JSON', () => {
    const result: CodeToolResult = { ok: true, text: '{"a": 1}', summary: 'Run x', meta: {}, metadata: [{ label: 'Call', value: 'c1' }], cut: false };
    expect(renderCall(flowItem({ seq: 1, callId: 'c1', tool: 'shell', args: { command: 'x' }, result }))).toContain('\nResult (JSON)\n  {"a": 1}\n');
  });

  it('keeps blank lines of the result blank', () => {
    const result: CodeToolResult = { ok: true, text: 'a\n\nb', summary: 'Run x', meta: {}, metadata: [{ label: 'Call', value: 'c1' }], cut: false };
    expect(renderCall(flowItem({ seq: 1, callId: 'c1', tool: 'shell', args: { command: 'x' }, result }))).toContain('\nResult\n  a\n\n  b\n');
  });
});

describe("npm start -- --help <tool>: the tool's arguments from its declaration", () => {
  const declaration = (name: string): ToolDeclaration => CODE_TOOL_DECLARATIONS.find((candidate) => candidate.name === name)!;

  it('lists file_read\'s arguments with their types, defaults and limits', () => {
    expect(toolHelp(declaration('file_read'))).toBe(
      [
        'usage: npm start -- file_read [--<arg> <value> …]',
        '',
        'Read numbered lines of a text file inside the home. Returns at most 500 lines (default 200); lines',
        'over 400 characters are clipped; a result that would pass the byte cap stops early and says which',
        'offset continues it. The byte cap is 8192 bytes. A read of lines that one earlier read of this run',
        'already returned, with the file unchanged, returns one line instead: "<path> lines a–b: unchanged',
        'since step N; read that result." The text is in the result of step N.',
        '',
        'arguments:',
        '  --path  string, required',
        '      The file, relative to the working directory, ~/…, or absolute.',
        '  --offset  integer, default 1, at least 1',
        '      The first line to return (default 1).',
        '  --limit  integer, default 200, 1 to 500',
        '      How many lines (default 200, at most 500).',
        '',
      ].join('\n'),
    );
  });

  it("lists a choice's values and says a boolean alone means true", () => {
    const made: ToolDeclaration = {
      name: 'code_search',
      description: 'Search.',
      parameters: {
        type: 'object',
        properties: {
          mode: { type: 'string', enum: ['files', 'content'], default: 'files', description: 'The mode.' },
          fixed: { type: 'boolean', default: false, description: 'Literal text.' },
          depth: { type: 'integer', maximum: 9, description: 'At most nine levels down, a description long enough to wrap.' },
        },
        required: [],
        additionalProperties: false,
      },
    };
    expect(toolHelp(made, 40)).toBe(
      [
        'usage: npm start -- code_search [--<arg> <value> …]',
        '',
        'Search.',
        '',
        'arguments:',
        '  --mode  string, one of files, content, default files',
        '      The mode.',
        '  --fixed  boolean, default false, --fixed alone means true',
        '      Literal text.',
        '  --depth  integer, at most 9',
        '      At most nine levels down, a',
        '      description long enough to wrap.',
        '',
      ].join('\n'),
    );
  });

  it('has an entry for every argument of every tool, in the declaration\'s order', () => {
    for (const { name, parameters } of CODE_TOOL_DECLARATIONS) {
      const listed = [...toolHelp(declaration(name)).matchAll(/^ {2}--(\w+) {2}/gm)].map((match) => match[1]);
      expect(listed).toEqual(Object.keys(parameters.properties));
    }
  });
});

describe('the npm start lines of the README and docs/', () => {
  // docs/spec/ holds copies of the product's pages, which name no npm start.
  const files = ['README.md', ...readdirSync(join(REPO_ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => join('docs', name))];

  it('give every option after --, since npm keeps one given before it for itself', () => {
    const wrong = files.flatMap((file) =>
      readFileSync(join(REPO_ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => ([...line.matchAll(/npm start(?!\s+--\s)\s+-{1,2}[A-Za-z][\w-]*/g)].length > 0 ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(wrong).toEqual([]);
  });
});

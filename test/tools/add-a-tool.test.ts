// Adding a tool is its folder and its row in the registry (docs/orchestrator.md, "One descriptor per
// tool"): a copy of the sources gets two throwaway tools and nothing else, is built, and the tools are
// then in the declarations, the MCP server's tools, the web page's form and the helpers' bodies, and
// the built helpers answer them. echo_note, a guilds-code tool, has an I/O port of its own (the byte
// length of a text, in Node); echo_task is a guilds-harness tool, beside code_task.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneEnvelope, sandboxEnv } from '../helpers/bundle.js';
import { encodeRequest, makeSandbox, type RequestFields, type Sandbox } from '../helpers/helper.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** A throwaway tool's folder, file by file: its contract, run step, I/O and its Node side, and descriptor. */
function toolFiles(name: string, upper: string, camel: string, pascal: string, io: { type: string; node: string; imports: string }, said: string): Record<string, string> {
  return {
    'contract.ts': `
import type { ToolContract, ToolSpec, ValidatedArgs } from '../../contract/tools/spec.js';
import type { JsonSchemaObject } from '../../contract/meta-schema.js';

export const ${upper}_SPEC: ToolSpec<'${name}'> = {
  name: '${name}',
  description: 'Say a note back.',
  args: { note: { type: 'string', required: true, description: 'The note to say back.' } },
};

export interface ${pascal}Args { note: string }
export interface ${pascal}Meta { chars: number }

export const resolve${pascal}Args = (args: ValidatedArgs): ${pascal}Args => ({ note: String(args.note) });
export const ${upper}_META_SCHEMA = { type: 'object', properties: { chars: { type: 'integer' } } } as const satisfies JsonSchemaObject;
export const ${upper}_CONTRACT: ToolContract<'${name}', ${pascal}Args, ${pascal}Meta> = { spec: ${upper}_SPEC, resolve: resolve${pascal}Args };
`,
    'io.ts': `
export interface ${pascal}Io ${io.type}
`,
    'node-io.ts': `
${io.imports}
import type { ${pascal}Io } from './io.js';

export const ${upper}_NODE_IO: ${pascal}Io = ${io.node};
`,
    'run.ts': `
import type { Context } from '../context.js';
import type { ${pascal}Args } from './contract.js';
import type { ${pascal}Io } from './io.js';

export const ${camel} = (context: Context<${pascal}Io>, args: ${pascal}Args) => ({ text: ${said}, meta: { chars: args.note.length } });
`,
    'tool.ts': `
import { describeTool } from '../descriptor.js';
import { ${upper}_CONTRACT, ${upper}_META_SCHEMA } from './contract.js';

export const ${upper}_TOOL = describeTool(${upper}_CONTRACT, {
  metaSchema: ${upper}_META_SCHEMA,
  title: 'Say a note back',
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  timeoutMs: () => 1000,
  row: () => 'Echo a note',
  notes: { declaration: () => 'It changes nothing.', mcp: () => 'It changes nothing, here either.' },
  readOnly: () => true,
  reportsProgress: () => false,
});
`,
  };
}

const TOOLS: Record<string, Record<string, string>> = {
  // A port of its own: the tool asks its I/O, which Node answers.
  echo_note: toolFiles(
    'echo_note',
    'ECHO_NOTE',
    'echoNote',
    'EchoNote',
    { type: '{ byteLength(text: string): number }', node: "{ byteLength: (text) => Buffer.byteLength(text, 'utf8') }", imports: "import { Buffer } from 'node:buffer';" },
    "`note: ${args.note} (${context.io.byteLength(args.note)} bytes)`",
  ),
  // None beyond what every tool has, in the other helper.
  echo_task: toolFiles('echo_task', 'ECHO_TASK', 'echoTask', 'EchoTask', { type: '{}', node: '{}', imports: '' }, "`task note: ${args.note} in ${context.io.home === '' ? '?' : 'the home'}`"),
};

/** What the tools take outside their folders: their rows in the registry, after code_search's and code_task's. */
const REGISTRY_ROWS: Array<[file: string, after: string, added: string]> = [
  ['src/contract/registry.ts', "cacheKinds: ['code_search'] },", "\n  { name: 'echo_note', helper: 'guilds-code', cacheKinds: ['echo_note'] },"],
  ['src/contract/registry.ts', "cacheKinds: ['code_task', 'other'] },", "\n  { name: 'echo_task', helper: 'guilds-harness', cacheKinds: ['echo_task'] },"],
];

/** What the copy's tables hold, read by tsx from the copy's own sources. */
const CHECK = `
import { CODE_TOOL_DECLARATIONS } from './src/orchestrator/index.js';
import { mcpTools } from './src/mcp/tools.js';
import { TOOL_REGISTRY } from './src/contract/registry.js';
import { formFields } from './scripts/web/client/form.js';

const declaration = CODE_TOOL_DECLARATIONS.find((each) => each.name === 'echo_note');
const settings = { home: '/home/agent', maxBytes: 8192, readPointers: true, offerCodeTask: true, structuredContent: false };
const mcp = mcpTools(settings).find((each) => each.name === 'echo_note');
process.stdout.write(JSON.stringify({
  declared: CODE_TOOL_DECLARATIONS.map((each) => each.name),
  declaration: declaration?.description,
  mcpTools: mcpTools(settings).map((each) => each.name),
  mcpDescription: mcp?.description,
  formFields: declaration && formFields(declaration).map((field) => field.name),
  rows: TOOL_REGISTRY.filter((each) => each.name.startsWith('echo_')),
}));
`;

function edit(copy: string, [file, after, added]: [string, string, string]): void {
  const path = join(copy, file);
  const text = readFileSync(path, 'utf8');
  const at = text.indexOf(after);
  if (at < 0) throw new Error(`${file} has no ${after}: this test's recipe is out of date`);
  writeFileSync(path, text.slice(0, at + after.length) + added + text.slice(at + after.length));
}

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.status}\n${result.stderr}`);
  return result.stdout;
}

let copy: string;
let sandbox: Sandbox;
beforeAll(() => {
  copy = realpathSync(mkdtempSync(join(tmpdir(), 'guilds-code-add-a-tool-')));
  for (const part of ['src', 'scripts', 'build.mjs', 'package.json', 'tsconfig.json']) cpSync(join(ROOT, part), join(copy, part), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  for (const [tool, files] of Object.entries(TOOLS)) {
    mkdirSync(join(copy, 'src/tools', tool));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(copy, 'src/tools', tool, name), text.trimStart());
  }
  for (const row of REGISTRY_ROWS) edit(copy, row);
  // The build writes the modules the rows imply (the tables, the bodies) from the rows, then bundles.
  run(process.execPath, ['build.mjs'], copy, { GUILDS_BUILD_OUTDIR: 'dist' });
  sandbox = makeSandbox();
});
afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
  sandbox?.cleanup();
});

/** The envelope a built helper of the copy answers for `request`. */
function answer(helper: string, request: RequestFields): unknown {
  const ran = spawnSync(process.execPath, [join(copy, 'dist', helper), encodeRequest(request)], { encoding: 'utf8', env: sandboxEnv(sandbox), timeout: 20_000 });
  return expectOneEnvelope(ran);
}

describe('tools added as a folder and a row each', () => {
  it('are declared to the model, offered by the MCP server and in the web form, each after its helper\'s tools', () => {
    writeFileSync(join(copy, 'check.ts'), CHECK);
    const found = JSON.parse(run(join(copy, 'node_modules/.bin/tsx'), ['check.ts'], copy)) as Record<string, unknown>;
    expect(found).toEqual({
      declared: ['shell', 'shell_status', 'file_read', 'code_search', 'echo_note', 'code_task', 'echo_task'],
      declaration: 'Say a note back. It changes nothing.',
      mcpTools: ['shell', 'shell_status', 'file_read', 'code_search', 'echo_note', 'code_task', 'echo_task'],
      mcpDescription: 'Say a note back. It changes nothing, here either.',
      formFields: ['note'],
      rows: [
        { name: 'echo_note', helper: 'guilds-code', cacheKinds: ['echo_note'] },
        { name: 'echo_task', helper: 'guilds-harness', cacheKinds: ['echo_task'] },
      ],
    });
  });

  it('type-check: their contracts, run steps, I/O and descriptors are in the tables as the registry types them', () => {
    expect(run(join(copy, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.json'], copy)).toBe('');
  });

  it('echo_note has a body in the built guilds-code, which answers it through its own port', () => {
    expect(answer('guilds-code.js', { op: 'echo_note', args: { note: 'héllo' } })).toEqual({ ok: true, text: 'note: héllo (6 bytes)', meta: { chars: 5 } });
  });

  it('echo_task has a body in the built guilds-harness, which answers it, and guilds-code refuses it', () => {
    expect(answer('guilds-harness.js', { op: 'echo_task', args: { note: 'hello' } })).toEqual({ ok: true, text: 'task note: hello in the home', meta: { chars: 5 } });
    expect(answer('guilds-code.js', { op: 'echo_task', args: { note: 'hello' } })).toMatchObject({ ok: false, kind: 'invalid_request' });
  });

  it("leaves the other tools' bodies as they were: each body holds its own tool's I/O only", () => {
    const body = readFileSync(join(copy, 'src/tools/shell/body.generated.ts'), 'utf8');
    expect(body).toBe(readFileSync(join(ROOT, 'src/tools/shell/body.generated.ts'), 'utf8'));
  });
});

// Adding a tool is its folder and its row in the registry (docs/orchestrator.md, "One descriptor per
// tool"): a copy of the sources gets a throwaway tool, echo_note, and nothing else, is built, and the
// tool is then in the declarations, the MCP server's tools, the web page's form and the helper's
// bodies, and the built helper answers it.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneEnvelope, sandboxEnv } from '../helpers/bundle.js';
import { encodeRequest, makeSandbox, type Sandbox } from '../helpers/helper.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** The throwaway tool's folder, file by file: a contract, a run step, a body and a descriptor. */
const ECHO_NOTE_FILES: Record<string, string> = {
  'contract.ts': `
import type { ToolContract, ToolSpec, ValidatedArgs } from '../../contract/tools/spec.js';
import type { JsonSchemaObject } from '../../contract/meta-schema.js';

export const ECHO_NOTE_SPEC: ToolSpec<'echo_note'> = {
  name: 'echo_note',
  description: 'Say a note back.',
  args: { note: { type: 'string', required: true, description: 'The note to say back.' } },
};

export interface EchoNoteArgs { note: string }
export interface EchoNoteMeta { chars: number }

export const resolveEchoNoteArgs = (args: ValidatedArgs): EchoNoteArgs => ({ note: String(args.note) });
export const ECHO_NOTE_META_SCHEMA = { type: 'object', properties: { chars: { type: 'integer' } } } as const satisfies JsonSchemaObject;
export const ECHO_NOTE_CONTRACT: ToolContract<'echo_note', EchoNoteArgs, EchoNoteMeta> = { spec: ECHO_NOTE_SPEC, resolve: resolveEchoNoteArgs };
`,
  'run.ts': `
import type { EchoNoteArgs } from './contract.js';

export const echoNote = (_context: unknown, args: EchoNoteArgs) => ({ text: 'note: ' + args.note, meta: { chars: args.note.length } });
`,
  'body.ts': `
import { hostColdCall } from '../../entry.js';
import { partLeftOut } from '../../io/node/core.js';
import { codeTools } from '../index.js';
import { echoNote } from './run.js';

hostColdCall(codeTools({ echo_note: echoNote }), { shell: partLeftOut('a shell'), search: partLeftOut('ripgrep'), sha256: partLeftOut('SHA-256') });
`,
  'tool.ts': `
import type { ToolDescriptor } from '../descriptor.js';
import { ECHO_NOTE_META_SCHEMA, ECHO_NOTE_SPEC, resolveEchoNoteArgs } from './contract.js';

export const ECHO_NOTE_TOOL: ToolDescriptor<'echo_note'> = {
  name: 'echo_note',
  helper: 'guilds-code',
  spec: ECHO_NOTE_SPEC,
  resolve: resolveEchoNoteArgs,
  metaSchema: ECHO_NOTE_META_SCHEMA,
  title: 'Say a note back',
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  timeoutMs: () => 1000,
  row: () => 'Echo a note',
  notes: { declaration: () => 'It changes nothing.', mcp: () => 'It changes nothing, here either.' },
  readOnly: () => true,
  reportsProgress: () => false,
};
`,
};

/** What the tool takes outside its folder: its row in the registry, after code_search's. */
const REGISTRY_ROW: [file: string, after: string, added: string] = [
  'src/contract/tool-names.ts',
  "cacheKinds: ['code_search'] },",
  "\n  { name: 'echo_note', helper: 'guilds-code', cacheKinds: ['echo_note'] },",
];

/** What the copy's tables hold, read by tsx from the copy's own sources. */
const CHECK = `
import { CODE_TOOL_DECLARATIONS } from './src/orchestrator/index.js';
import { mcpTools } from './src/mcp/tools.js';
import { TOOL_ROWS } from './src/contract/tool-names.js';
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
  row: TOOL_ROWS.find((each) => each.name === 'echo_note'),
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
  mkdirSync(join(copy, 'src/tools/echo_note'));
  for (const [name, text] of Object.entries(ECHO_NOTE_FILES)) writeFileSync(join(copy, 'src/tools/echo_note', name), text.trimStart());
  edit(copy, REGISTRY_ROW);
  // The build writes the lists of the tools' modules from the rows, then bundles.
  run(process.execPath, ['build.mjs'], copy, { GUILDS_BUILD_OUTDIR: 'dist' });
  sandbox = makeSandbox();
});
afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
  sandbox?.cleanup();
});

describe('a tool added as a folder and its row', () => {
  it('is declared to the model, offered by the MCP server and in the web form, after the code tools and before code_task', () => {
    writeFileSync(join(copy, 'check.ts'), CHECK);
    const found = JSON.parse(run(join(copy, 'node_modules/.bin/tsx'), ['check.ts'], copy)) as Record<string, unknown>;
    expect(found).toEqual({
      declared: ['shell', 'shell_status', 'file_read', 'code_search', 'echo_note', 'code_task'],
      declaration: 'Say a note back. It changes nothing.',
      mcpTools: ['shell', 'shell_status', 'file_read', 'code_search', 'echo_note', 'code_task'],
      mcpDescription: 'Say a note back. It changes nothing, here either.',
      formFields: ['note'],
      row: { name: 'echo_note', helper: 'guilds-code', cacheKinds: ['echo_note'] },
    });
  });

  it('type-checks: its contract, run step and descriptor are in the tables as the registry types them', () => {
    expect(run(join(copy, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.json'], copy)).toBe('');
  });

  it('has a body in the built guilds-code, which answers it', () => {
    const bundle = join(copy, 'dist/guilds-code.js');
    expect(readFileSync(bundle, 'utf8')).toContain('note: ');
    const answer = spawnSync(process.execPath, [bundle, encodeRequest({ op: 'echo_note', args: { note: 'hello' } })], {
      encoding: 'utf8',
      env: sandboxEnv(sandbox),
      timeout: 20_000,
    });
    expect(expectOneEnvelope(answer)).toEqual({ ok: true, text: 'note: hello', meta: { chars: 5 } });
  });
});

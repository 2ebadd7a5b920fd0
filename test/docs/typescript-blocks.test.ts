// Every TypeScript block of README.md and docs/*.md type-checks, in one tsc run: each block is a
// module of its own under .tmp/, its imports of the package (`guilds-code`, `guilds-code/…`) pointed
// by `paths` at the sources that package.json's exports build lib/ from (lib/ exists only once packed;
// test/package/ checks the built declarations), under the options tsconfig.lib.json holds the
// library to (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess).
//
// A block that sketches a platform's code names things the platform has (`agent`, `budget`): CONTEXT
// declares them, and only them, before the block. A block that shows one of the library's interfaces
// is held to the real one after it: each assignable to the other.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FencedBlock, fencedBlocks } from '../helpers/markdown.js';
import { REPO_ROOT } from '../helpers/paths.js';

const TSC = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const TSC_TIME_LIMIT_MS = 120_000;
const FOLDER = join(REPO_ROOT, '.tmp', `doc-blocks-${process.pid}`);
/** From FOLDER, the checkout's root. */
const UP = '../..';

/** What a block leaves to the reader, declared before it (`before`) or checked after it (`after`). */
interface Context {
  before?: string;
  after?: string;
}

/** Mutual assignability: a documented interface says no more and no less than the library's. */
const AGREES = 'type Agrees<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;';

/** By `<file> › <heading>`, the context of each TypeScript block under that heading, in order. */
const CONTEXT: Record<string, Context[]> = {
  'README.md › ## Plugging in a container runtime': [
    {
      before: "import type * as Library from 'guilds-code';\nimport type { ExecExpiration, ExecResult, OpenedExec, OpenHandlers } from 'guilds-code';",
      after: `${AGREES}\nexport const agrees: Agrees<Sandbox, Library.Sandbox> = true;`,
    },
    {},
  ],
  'docs/orchestrator.md › ## The orchestrator library': [
    {
      before: [
        "import type { Sandbox, ToolDeclaration } from 'guilds-code';",
        'declare const otherTools: ToolDeclaration[];',
        'declare const agent: { id: string; codingEnabled: boolean };',
        'declare const run: { id: string };',
        'declare const ghToken: string;',
        'declare const agentEnvironment: Record<string, string>;',
        'declare const secretValues: string[];',
        'declare const sandbox: Sandbox;',
        'declare const call: { name: string; arguments: unknown; id: string };',
        'declare const resultMessage: { seq: number };',
        'declare const budget: { left: number };',
      ].join('\n'),
      after: 'export { tools };',
    },
  ],
  'docs/orchestrator.md › ### The sandbox': [
    {
      before: "import type * as Library from 'guilds-code';\nimport type { ExecExpiration } from 'guilds-code';",
      after: `${AGREES}\nexport const agrees: [Agrees<Sandbox, Library.Sandbox>, Agrees<ExecRequest, Library.ExecRequest>, Agrees<ExecResult, Library.ExecResult>] = [true, true, true];`,
    },
  ],
  'docs/orchestrator.md › ### The runner': [
    {
      before: [
        "import type * as Library from 'guilds-code';",
        "import type { CallTimeline } from 'guilds-code';",
        `import type { CheckedRequest } from '${UP}/src/contract/tools/checked.js';`,
        `import type { Envelope } from '${UP}/src/contract/envelope.js';`,
      ].join('\n'),
      after: `${AGREES}\nexport const agrees: [Agrees<HelperCall, Library.HelperCall>, Agrees<HelperRunner, Library.HelperRunner>] = [true, true];`,
    },
  ],
  'docs/orchestrator.md › ### The warm stream': [
    {
      before: "import type * as Library from 'guilds-code';",
      after: `${AGREES}\nexport const agrees: [Agrees<OpenHandlers, Library.OpenHandlers>, Agrees<OpenedExec, Library.OpenedExec>] = [true, true];`,
    },
  ],
  'docs/orchestrator.md › ### One descriptor per tool': [
    {
      before: [
        `import type * as Real from '${UP}/src/tools/descriptor.js';`,
        `import type { OpName } from '${UP}/src/contract/registry.js';`,
        `import type { ToolArgs } from '${UP}/src/contract/tools/index.js';`,
        `import type { ToolSpec, ValidatedArgs } from '${UP}/src/contract/tools/spec.js';`,
        `import type { JsonSchemaObject, ToolHints, ToolNotes } from '${UP}/src/tools/descriptor.js';`,
        `import type { RowOutcome } from '${UP}/src/tools/row-parts.js';`,
        `import type { ToolView } from '${UP}/src/tools/view.js';`,
      ].join('\n'),
      after: `${AGREES}\nexport const agrees: Agrees<ToolDescriptor<'shell'>, Real.ToolDescriptor<'shell'>> = true;`,
    },
  ],
  "docs/orchestrator.md › ### The app's views": [
    {
      before: [
        "import type { CodeToolResult } from 'guilds-code';",
        'declare const seq: number;',
        'declare const callId: string;',
        'declare const tool: string;',
        'declare const args: unknown;',
        'declare const result: CodeToolResult;',
      ].join('\n'),
    },
  ],
};

interface DocBlock extends FencedBlock {
  file: string;
  key: string;
  /** Its module's name under FOLDER: the Markdown file and the fence's line, so that tsc's errors point back to it. */
  module: string;
}

function markdownFiles(): string[] {
  const docs = readdirSync(join(REPO_ROOT, 'docs')).filter((name) => name.endsWith('.md'));
  return ['README.md', ...docs.sort().map((name) => `docs/${name}`)];
}

function typescriptBlocks(): DocBlock[] {
  return markdownFiles().flatMap((file) =>
    fencedBlocks(readFileSync(join(REPO_ROOT, file), 'utf8'))
      .filter((block) => block.language === 'ts')
      .map((block) => ({ ...block, file, key: `${file} › ${block.heading}`, module: `${file.replace('/', '-')}-${block.line}.ts` })),
  );
}

/** The module tsc checks for a block: its context's declarations, the block as written, the checks after. */
function blockModule(body: string, context: Context): string {
  return [context.before, body, context.after, 'export {};'].filter((part) => part !== undefined).join('\n') + '\n';
}

/** `paths` for every library export of package.json: `guilds-code/x` to the source lib/x.js is built from. */
function sourcePaths(): Record<string, string[]> {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string> };
  const paths: Record<string, string[]> = {};
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    const source = /^\.\/lib\/(.+)\.js$/.exec(target);
    if (source) paths[subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`] = [`${UP}/src/${source[1]}.ts`];
  }
  return paths;
}

const blocks = typescriptBlocks();
const contexts = new Map<DocBlock, Context>();
for (const [key, list] of Object.entries(CONTEXT)) {
  const under = blocks.filter((block) => block.key === key);
  list.forEach((context, index) => {
    if (under[index] !== undefined) contexts.set(under[index], context);
  });
}
let diagnostics = '';

beforeAll(() => {
  mkdirSync(FOLDER, { recursive: true });
  for (const block of blocks) writeFileSync(join(FOLDER, block.module), blockModule(block.body, contexts.get(block) ?? {}));
  const compilerOptions = { noUnusedLocals: false, noUnusedParameters: false, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, paths: sourcePaths() };
  writeFileSync(join(FOLDER, 'tsconfig.json'), JSON.stringify({ extends: `${UP}/tsconfig.json`, compilerOptions, files: blocks.map((block) => block.module), include: [] }, null, 2));
  const checked = spawnSync(process.execPath, [TSC, '-p', join(FOLDER, 'tsconfig.json'), '--pretty', 'false'], { cwd: FOLDER, encoding: 'utf8', timeout: TSC_TIME_LIMIT_MS });
  if (checked.error) throw checked.error;
  diagnostics = checked.stdout + checked.stderr;
}, TSC_TIME_LIMIT_MS);

afterAll(() => rmSync(FOLDER, { recursive: true, force: true }));

describe('the TypeScript blocks of README.md and docs/*.md', () => {
  it('are there: the README, docs/deploying.md and docs/orchestrator.md have some', () => {
    expect([...new Set(blocks.map((block) => block.file))]).toEqual(expect.arrayContaining(['README.md', 'docs/deploying.md', 'docs/orchestrator.md']));
  });

  it("have a context each that CONTEXT gives one, and CONTEXT names no block that is gone", () => {
    const stale = Object.entries(CONTEXT).flatMap(([key, list]) => {
      const under = blocks.filter((block) => block.key === key).length;
      return list.length === under ? [] : [`${key}: ${list.length} contexts, ${under} blocks`];
    });
    expect(stale).toEqual([]);
  });

  it.each(blocks.map((block) => [`${block.file}:${block.line}`, block] as const))('%s type-checks', (_where, block) => {
    const own = diagnostics.split('\n').filter((line) => line.startsWith(`${block.module}(`));
    expect(own).toEqual([]);
  });

  it('leave tsc nothing else to say', () => {
    const others = diagnostics.split('\n').filter((line) => line !== '' && !blocks.some((block) => line.startsWith(`${block.module}(`)));
    expect(others).toEqual([]);
  });
});

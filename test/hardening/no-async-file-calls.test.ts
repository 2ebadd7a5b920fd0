// No asynchronous file call in a process that may start a child as root. A helper started as root acts
// as the agent, and takes root's effective uid back for the fork and exec of each child
// (src/io/node/identity.ts, asRootWhile); glibc's seteuid changes every thread, libuv's thread pool
// included, so a file call that the pool runs meanwhile would open, write or follow a planted link as
// root. Every process built from the helpers' entries (guilds-code.js, cold and warm; guilds-harness.js;
// guilds-code-mcp.js, which serves as the agent when started as root) therefore makes its file calls
// synchronously, on the one thread whose uid changes only while it starts the child.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { TOOL_REGISTRY } from '../../src/contract/registry.js';

/** Every entry of a process that may start children as root (build.mjs bundles these). */
const ENTRIES = [
  'src/boot/loader.ts',
  ...TOOL_REGISTRY.map((row) => `src/tools/${row.name}/body.generated.ts`),
  'src/serve-main.ts',
  'src/serve-harness-main.ts',
  'src/mcp-main.ts',
];
const FILE_MODULES = new Set(['fs', 'node:fs', 'fs/promises', 'node:fs/promises']);
/** What a synchronous module may take from node:fs besides its *Sync functions: data and types. */
const NOT_CALLS = new Set(['constants', 'Stats', 'Dirent', 'BigIntStats']);

/** The asynchronous file calls `source` imports, each as `module: name` (a whole module, or a namespace, as `*`). */
export function asyncFileImports(source: string): string[] {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && FILE_MODULES.has(node.moduleSpecifier.text)) {
      const module = node.moduleSpecifier.text;
      const bindings = node.importClause?.namedBindings;
      if (module.endsWith('/promises') || node.importClause?.name !== undefined || (bindings !== undefined && ts.isNamespaceImport(bindings))) {
        found.push(`${module}: *`);
      } else if (bindings !== undefined) {
        for (const element of bindings.elements) {
          const name = (element.propertyName ?? element.name).text;
          if (!name.endsWith('Sync') && !NOT_CALLS.has(name)) found.push(`${module}: ${name}`);
        }
      }
    }
    if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteral(node.arguments[0]!) && FILE_MODULES.has(node.arguments[0].text)) {
      found.push(`${node.arguments[0].text}: *`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the check itself', () => {
  it('finds an asynchronous call, a promises module, a namespace and a dynamic import, and passes synchronous calls', () => {
    expect(asyncFileImports("import { readFile, readFileSync, constants, type Stats } from 'node:fs';")).toEqual(['node:fs: readFile']);
    expect(asyncFileImports("import { writeFile } from 'node:fs/promises';")).toEqual(['node:fs/promises: *']);
    expect(asyncFileImports("import * as fs from 'node:fs';")).toEqual(['node:fs: *']);
    expect(asyncFileImports("import fs from 'fs';")).toEqual(['fs: *']);
    expect(asyncFileImports("const fs = await import('node:fs/promises'); require('fs');")).toEqual(['node:fs/promises: *', 'fs: *']);
    expect(asyncFileImports("import { open as openFile, openSync } from 'node:fs';")).toEqual(['node:fs: open']);
  });
});

it('no module of a process that may start children as root imports an asynchronous file call', async () => {
  const result = await build({
    entryPoints: ENTRIES,
    bundle: true,
    platform: 'node',
    format: 'esm',
    splitting: true,
    outdir: '/nonexistent',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const users = Object.entries(result.metafile.inputs).filter(([, input]) => input.imports.some((imported) => FILE_MODULES.has(imported.path)));
  // Only the project's own modules touch files: a bundled library that did would need the same review.
  expect(users.map(([path]) => path).filter((path) => !path.startsWith('src/'))).toEqual([]);
  const found = users.flatMap(([path]) => asyncFileImports(readFileSync(path, 'utf8')).map((call) => `${path}: ${call}`));
  expect(found).toEqual([]);
  expect(users.length).toBeGreaterThan(10);
});

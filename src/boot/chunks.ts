// The helpers' shared code, written once: build.mjs bundles every body of a helper in one esbuild run
// that splits the code they share into chunks (ES modules; esbuild splits no other format), and this
// module turns each chunk into a piece of script that the loader (src/boot/loader.ts) joins with the
// pieces its kind of call needs into one script, compiled with one code cache as before. V8 scans every
// byte of the bundle at every start, so each byte written once instead of five times is a cold call
// cheaper (docs/performance.md, "Issue 35").
//
// A piece is one function scope run at once: `var <exports>;(function(){<imports>…code…<exports>=…})();`.
// Its imports are bound once, at its start, from the export variables of the pieces before it (or
// from `require` for Node's built-ins). That copies each binding when its chunk has run: the same as an
// ES module's live binding for every export but a variable assigned again later, which build.mjs
// rules out over the sources (mutableExports, below). Each chunk keeps its own scope, so two chunks
// may use one name for two things, as esbuild allows them to.
//
// Pure: build.mjs reads and writes the files.

/** One name a chunk imports or exports: as the other side calls it, and as this chunk does. */
export interface Binding {
  readonly outer: string;
  readonly local: string;
}

/** What a chunk takes from a module: named bindings, the whole module under a name, or nothing. */
export type ChunkImport =
  | { readonly from: string; readonly kind: 'named'; readonly bindings: readonly Binding[] }
  | { readonly from: string; readonly kind: 'namespace'; readonly local: string }
  | { readonly from: string; readonly kind: 'evaluation' };

/** A chunk as esbuild writes it: its import statements, the code between, its export statement. */
export interface ChunkModule {
  readonly imports: readonly ChunkImport[];
  readonly code: string;
  readonly exports: readonly Binding[];
}

// An import statement where a statement may start. esbuild writes a chunk's imports of its own
// chunks first, and an import of a built-in where the module that makes it starts, anywhere in the
// chunk (an ES module's imports are hoisted). build.mjs checks that as many were found as esbuild's
// metafile counts, so one written inside a string cannot be taken for a statement unnoticed.
const IMPORT_STATEMENT =
  /(?<=^|[;}\n])[ \t]*import\s*(?:\{([^}]*)\}\s*from\s*|\*\s*as\s+([\w$]+)\s+from\s*|([\w$]+)\s+from\s*)?"([^"]+)"[ \t]*;?/g;
const EXPORT_STATEMENT = /(?<=^|[;}\n])[ \t]*export\s*\{([^}]*)\}\s*;?\s*$/;
const NAME = /^[\w$]+$/;

function bindingsOf(list: string): Binding[] {
  const bindings: Binding[] = [];
  for (const item of list.split(',')) {
    const words = item.trim().split(/\s+as\s+/);
    if (words.length === 1 && words[0] === '') continue;
    const [outer, local = outer] = words as [string, string?];
    if (words.length > 2 || !NAME.test(outer) || !NAME.test(local)) throw new Error(`a chunk's import or export this build cannot read: {${list}}`);
    bindings.push({ outer, local });
  }
  return bindings;
}

/** The line breaks of a statement taken out of the code, which stay so that the code keeps its lines. */
function lineBreaksOf(text: string): string {
  return text.replace(/[^\n]/g, '');
}

function importOf(named: string | undefined, namespace: string | undefined, defaultName: string | undefined, from: string): ChunkImport {
  if (named !== undefined) return { from, kind: 'named', bindings: bindingsOf(named) };
  if (namespace !== undefined) return { from, kind: 'namespace', local: namespace };
  if (defaultName !== undefined) return { from, kind: 'named', bindings: [{ outer: 'default', local: defaultName }] };
  return { from, kind: 'evaluation' };
}

/**
 * The chunk's import statements, its export statement (at its end, where esbuild writes it) and the
 * code without them, on the same lines. Anything else an ES module may hold is left in the code, where
 * compiling the joined script fails the build: `import` and `export` are no script's syntax.
 */
export function readChunkModule(text: string): ChunkModule {
  const imports: ChunkImport[] = [];
  const withoutImports = text.replace(IMPORT_STATEMENT, (statement: string, named?: string, namespace?: string, defaultName?: string, from?: string) => {
    imports.push(importOf(named, namespace, defaultName, from!));
    return lineBreaksOf(statement);
  });
  const exported = EXPORT_STATEMENT.exec(withoutImports);
  if (exported === null) return { imports, code: withoutImports, exports: [] };
  const code = withoutImports.slice(0, exported.index) + lineBreaksOf(exported[0]);
  // `export{local as outer}`, where an import reads `import{outer as local}`.
  const exports = bindingsOf(exported[1]!).map(({ outer, local }) => ({ outer: local, local: outer }));
  return { imports, code, exports };
}

/**
 * Where a chunk's import comes from, in the joined script: an earlier piece (the prefix of the
 * variables its exports are given in), or Node's `require` for a built-in (`node:fs`). Null for a
 * path that is neither, which fails the build.
 */
export type SourceOfImport = (from: string) => { readonly exportPrefix: string } | { readonly builtin: string } | null;

function sourceOrFail(sourceOf: SourceOfImport, from: string): { readonly exportPrefix: string } | { readonly builtin: string } {
  const source = sourceOf(from);
  if (source === null) throw new Error(`a chunk imports ${from}, which is neither a chunk of this build nor a node: built-in`);
  return source;
}

/**
 * The chunk's imports as declarations at the start of its scope: a piece's export is a variable of the
 * joined script, read once here (a load from the enclosing scope, where a property of an exports
 * object would cost each name a property lookup at first use); a built-in is required as CommonJS does.
 */
function importDeclarations(imports: readonly ChunkImport[], sourceOf: SourceOfImport): string {
  const locals: string[] = [];
  for (const entry of imports) {
    const source = sourceOrFail(sourceOf, entry.from);
    if (entry.kind === 'evaluation') continue;
    if ('exportPrefix' in source) {
      if (entry.kind === 'namespace') throw new Error(`a chunk imports all of ${entry.from} as one name; only named imports of a chunk join into one script`);
      for (const { outer, local } of entry.bindings) locals.push(`${local}=${source.exportPrefix}${outer}`);
      continue;
    }
    const module = `require(${JSON.stringify(source.builtin)})`;
    if (entry.kind === 'namespace') {
      locals.push(`${entry.local}=${module}`);
      continue;
    }
    // A built-in's default export is the module itself, as require gives it.
    for (const { local } of entry.bindings.filter((binding) => binding.outer === 'default')) locals.push(`${local}=${module}`);
    const named = entry.bindings.filter((binding) => binding.outer !== 'default');
    if (named.length > 0) locals.push(`{${named.map(({ outer, local }) => (outer === local ? outer : `${outer}:${local}`)).join(',')}}=${module}`);
  }
  return locals.length === 0 ? '' : `var ${locals.join(',')};`;
}

/**
 * The chunk as one piece of script: a function scope run at once, holding its code, that starts by
 * declaring what it imports and ends by giving each export to a variable of the joined script named
 * `exportPrefix` and the export's name (null: no other piece imports it). The code keeps its own
 * lines: the piece's first line is the code's first line.
 */
export function pieceOfChunk(chunk: ChunkModule, exportPrefix: string | null, sourceOf: SourceOfImport): string {
  const exports = exportPrefix === null ? [] : chunk.exports;
  const declared = exports.length === 0 ? '' : `var ${exports.map(({ outer }) => exportPrefix + outer).join(',')};`;
  const given = exports.map(({ outer, local }) => `${exportPrefix}${outer}=${local};`).join('');
  return `${declared}(function(){${importDeclarations(chunk.imports, sourceOf)}${chunk.code}\n${given}})();\n`;
}

/**
 * Every chunk once, each after the chunks it imports (as ES modules run them), from the entries in
 * their order. `importsOf` gives a chunk's imports of other chunks, in its order. Fails on a cycle,
 * which one script per kind of call could not keep.
 */
export function evaluationOrder(entries: readonly string[], importsOf: (chunk: string) => readonly string[]): string[] {
  const order: string[] = [];
  const done = new Set<string>();
  const open = new Set<string>();
  const visit = (chunk: string): void => {
    if (done.has(chunk)) return;
    if (open.has(chunk)) throw new Error(`the chunks import each other in a cycle through ${chunk}`);
    open.add(chunk);
    for (const imported of importsOf(chunk)) visit(imported);
    open.delete(chunk);
    done.add(chunk);
    order.push(chunk);
  };
  for (const entry of entries) visit(entry);
  return order;
}

/** The chunks an entry runs, in the order of `order` (itself an evaluation order of every chunk). */
export function chunksOfEntry(entry: string, order: readonly string[], importsOf: (chunk: string) => readonly string[]): string[] {
  const needed = new Set(evaluationOrder([entry], importsOf));
  return order.filter((chunk) => needed.has(chunk));
}

const MUTABLE_EXPORT = /^export\s+(?:let|var)\s+([\w$]+)/gm;

/**
 * The names a module exports as variables it may assign again: a piece copies its imports once, so a
 * later assignment would not reach the chunks that import them (build.mjs fails on any).
 */
export function mutableExports(source: string): string[] {
  return [...source.matchAll(MUTABLE_EXPORT)].map((match) => match[1]!);
}

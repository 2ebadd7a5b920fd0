// Builds the helpers, dist/guilds-code.js (the four code tools) and dist/guilds-harness.js (code_task), each one CommonJS file (faster to start than an ES module) with a
// shebang, no runtime dependency but node: built-ins, byte for byte the same from the same sources.
//
// Each file is a small loader (src/boot/loader.ts) followed by the helper's code in block comments:
// one piece per body's entry and one per chunk of code the bodies share, each written once
// (src/boot/chunks.ts). Node skips the comments almost for free; the loader joins the pieces of the
// request's kind of call and compiles them with a V8 code cache kept in the home (docs/performance.md
// says why and how much).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { Script } from 'node:vm';

const outdir = process.env.GUILDS_BUILD_OUTDIR || 'dist';

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  legalComments: 'none',
  charset: 'ascii',
  logLevel: 'warning',
  write: false,
  // The orchestrator's telemetry imports the OpenTelemetry API only where a platform registered an SDK,
  // from the platform's own node_modules: no bundle carries it (the helpers never reach that import).
  external: ['@opentelemetry/api'],
};

async function bundleText(options) {
  const result = await build({ ...common, ...options });
  return result.outputFiles[0].text;
}

/** A module of the sources, bundled and loaded here: the build reads the tables the helpers use. */
async function sourceModule(entry) {
  const code = await bundleText({ entryPoints: [entry], format: 'esm' });
  return import(`data:text/javascript,${encodeURIComponent(code)}`);
}

// The tools, from their registry: each tool's body is src/tools/<tool>/body.generated.ts, in the bundle of its
// helper, for the kinds of call its row names.
const { TOOL_REGISTRY } = await sourceModule('src/contract/registry.ts');

// The lists of the tools' modules that the rows imply (src/tools/registry-lists.ts), written before
// anything is bundled; a list already as the rows make it is left alone.
const { registryLists } = await sourceModule('src/tools/registry-lists.ts');
for (const [path, text] of Object.entries(registryLists(TOOL_REGISTRY))) {
  if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileSync(path, text);
}
const bodiesOf = (helper) =>
  TOOL_REGISTRY.filter((row) => row.helper === helper).map((row) => ({ entry: `src/tools/${row.name}/body.generated.ts`, kinds: [...row.cacheKinds] }));

// The loader keeps each helper's code cache in a folder of its own (~/.cache/<name>): a helper removes
// the caches of builds other than its own, and the two helpers are two builds.
//
// guilds-code holds one body per tool: the loader compiles only the pieces of the request's op, so a
// call deserializes and sets up that tool's code and not the others' (docs/performance.md, "One body
// per kind of call"). A request whose op the loader cannot read is refused alike by every body; the
// body whose row names the kind `other` takes it. The code the bodies share is written once: V8 scans
// every byte of the file at every start (docs/performance.md, "Issue 35").
//
// Its pieces are minified (docs/performance.md, "Decisions", says why the readable form is the
// sources). So is its loader, which Node parses from source at every start (half the bytes, 0.6
// million instructions less a call: docs/performance.md, "Issue 35"). guilds-harness runs for minutes
// per call and stays readable.
const HELPERS = [
  {
    name: 'guilds-code',
    minified: true,
    // The warm stream serves every tool for its whole life: one body with all of them.
    bodies: [...bodiesOf('guilds-code'), { entry: 'src/serve-main.ts', kinds: ['serve'] }, { entry: 'src/sweep-main.ts', kinds: ['sweep'] }],
  },
  // Its warm stream (SPEC section 9) is a body of its own too: a cold call compiles what it did before.
  { name: 'guilds-harness', bodies: [...bodiesOf('guilds-harness'), { entry: 'src/serve-harness-main.ts', kinds: ['serve'] }] },
];
const SHEBANG = '#!/usr/bin/env node\n';
const BUILD_ID_HEX_CHARS = 16;

// The loader's helpers for the comment, taken from the same module the loader uses.
const { JOINED_REQUIRE, commentedCode, joinedPieces } = await sourceModule('src/boot/code-cache.ts');
const { chunksOfEntry, evaluationOrder, mutableExports, pieceOfChunk, readChunkModule } = await sourceModule('src/boot/chunks.ts');

const lineCount = (text) => text.split('\n').length - 1;

// Node reads an all-ASCII file into a one-byte string, which is quicker to read and to compile.
// esbuild escapes strings but keeps a regular expression's characters and some comments as written.
function assertAscii(text, name) {
  const at = text.search(/[^\x00-\x7f]/);
  if (at === -1) return;
  const lineNumber = lineCount(text.slice(0, at)) + 1;
  const line = text.split('\n')[lineNumber - 1];
  throw new Error(`${name}: line ${lineNumber} of the bundled code is not ASCII (write the character as an escape): ${line.trim()}`);
}

/** The function whose body is the comment holding a body's code, named after its first kind of call. */
const bodyFunctionName = (kinds) => `guildsBody_${kinds[0].replace(/[^A-Za-z0-9]/g, '_')}`;
const chunkFunctionName = (index) => `guildsChunk_${index}`;
/** What starts the names of the joined script's variables that hold a piece's exports (src/boot/chunks.ts). */
const PIECE_VARIABLE_PREFIX = '__gx';
const SPLIT_OUTDIR = 'split';
const BUILTIN_PREFIX = 'node:';

/**
 * Every body of a helper in one esbuild run that writes the code they share once, in chunks; each
 * output (a body's entry or a shared chunk) becomes a piece of script (src/boot/chunks.ts). Returns
 * the pieces in an order that runs each after those it imports, and for each body the pieces its
 * kinds of call run.
 */
async function splitPieces(name, bodies, minified) {
  const result = await build({
    ...common,
    entryPoints: bodies.map((body) => body.entry),
    format: 'esm',
    splitting: true,
    outdir: SPLIT_OUTDIR,
    metafile: true,
    minify: minified,
    // src/tools/code_search/node/find.ts only falls back to import.meta.url outside the bundle. CommonJS's
    // require, which src/io/node/modules.ts calls, is the joined script's (src/boot/code-cache.ts,
    // joinedPieces): named apart, esbuild writes no shim of its own for it before a chunk's imports.
    define: { 'import.meta.url': 'undefined', require: JOINED_REQUIRE },
  });
  for (const path of Object.keys(result.metafile.inputs)) {
    if (!path.startsWith('src/')) continue;
    const names = mutableExports(readFileSync(path, 'utf8'));
    if (names.length > 0) throw new Error(`${path} exports ${names.join(', ')} as variables; a chunk copies its imports once (src/boot/chunks.ts)`);
  }
  const texts = new Map(result.outputFiles.map((file) => [relative(process.cwd(), file.path), file.text]));
  const outputs = result.metafile.outputs;
  const importsOf = (chunk) =>
    outputs[chunk].imports.filter((entry) => !entry.external).map((entry) => {
      if (entry.kind !== 'import-statement') throw new Error(`${name}: ${chunk} imports ${entry.path} by ${entry.kind}; only import statements join into one script`);
      return entry.path;
    });
  const entryOutput = (entry) => Object.keys(outputs).find((path) => outputs[path].entryPoint === entry);
  const entries = bodies.map((body) => entryOutput(body.entry));
  const order = evaluationOrder(entries, importsOf);
  const imported = new Set(order.flatMap(importsOf));
  const exportPrefixOf = new Map(order.map((chunk, index) => [chunk, `${PIECE_VARIABLE_PREFIX}${index}_`]));
  const pieces = order.map((chunk, index) => {
    const text = texts.get(chunk);
    if (text.includes(PIECE_VARIABLE_PREFIX)) throw new Error(`${name}: ${chunk} holds ${PIECE_VARIABLE_PREFIX}, which starts the joined script's own names`);
    const sourceOf = (from) => {
      if (from.startsWith(BUILTIN_PREFIX)) return { builtin: from };
      const path = posix.normalize(posix.join(posix.dirname(chunk), from));
      return exportPrefixOf.has(path) ? { exportPrefix: exportPrefixOf.get(path) } : null;
    };
    const module = readChunkModule(text);
    if (module.imports.length !== outputs[chunk].imports.length) {
      throw new Error(`${name}: ${chunk} has ${outputs[chunk].imports.length} import statements, and ${module.imports.length} were found`);
    }
    const code = pieceOfChunk(module, imported.has(chunk) ? exportPrefixOf.get(chunk) : null, sourceOf);
    assertAscii(code, `${name} (${chunk})`);
    const body = bodies[entries.indexOf(chunk)];
    return { functionName: body === undefined ? chunkFunctionName(index) : bodyFunctionName(body.kinds), code };
  });
  return {
    pieces,
    bodies: bodies.map((body, index) => ({ kinds: body.kinds, pieces: chunksOfEntry(entries[index], order, importsOf).map((chunk) => order.indexOf(chunk)) })),
  };
}

/**
 * What follows the loader: each piece as a function whose body is one block comment holding its code,
 * then guildsBodyOf, which gives the loader a kind's first line in this file and its pieces, each with
 * the empty lines that keep its code on its lines of this file. `openingLine` is the line of the first
 * piece's opening. Each kind's joined code is compiled here once, as the loader will: an import or
 * export left in a piece fails the build, not a call.
 */
function piecesText(split, openingLine) {
  let text = '';
  let line = openingLine;
  const placed = [];
  for (const { functionName, code } of split.pieces) {
    text += `function ${functionName}() {/*\n${commentedCode(code)}*/}\n`;
    placed.push({ functionName, code, firstLine: line + 1, lines: lineCount(code) });
    line += 1 + lineCount(code) + 1;
  }
  const cases = [];
  for (const { kinds, pieces } of split.bodies) {
    // A piece's empty lines before it: from where the piece before it in this kind ends to its first line.
    const newlinesBefore = pieces.map((index, position) => {
      if (position === 0) return 0;
      const before = placed[pieces[position - 1]];
      return placed[index].firstLine - (before.firstLine + before.lines);
    });
    new Script(`(function () {${joinedPieces(pieces.map((index, position) => [placed[index].code, newlinesBefore[position]]))}\n})`, { filename: kinds[0] });
    const entries = pieces.map((index, position) => `[${placed[index].functionName}, ${newlinesBefore[position]}]`);
    const labels = kinds.map((kind) => `case ${JSON.stringify(kind)}:`).join(' ');
    const found = `return [${placed[pieces[0]].firstLine}, [${entries.join(', ')}]];`;
    cases.push(kinds.includes('other') ? `    ${labels} default:\n      ${found}` : `    ${labels}\n      ${found}`);
  }
  return `${text}function guildsBodyOf(kind) {\n  switch (kind) {\n${cases.join('\n')}\n  }\n}\n`;
}

async function buildHelper({ name, bodies, minified: helperMinified = false }) {
  const split = await splitPieces(name, bodies, helperMinified);

  async function loaderText(buildId) {
    return bundleText({
      entryPoints: ['src/boot/loader.ts'],
      minify: helperMinified,
      define: {
        GUILDS_BUILD_ID: JSON.stringify(buildId),
        GUILDS_CACHE_FOLDER_IN_HOME: JSON.stringify(`.cache/${name}`),
      },
    });
  }

  // Each piece's code starts on the line after its function's opening line; its line numbers in stack
  // traces are those of this file. The id's digits do not change the loader's number of lines.
  const placeholderId = '0'.repeat(BUILD_ID_HEX_CHARS);
  const withoutId = await loaderText(placeholderId);
  const tail = piecesText(split, lineCount(SHEBANG + withoutId) + 1);
  // The id names everything that makes the compiled sources and how they are compiled: every piece, and
  // the loader that joins them. V8 itself only checks a source's length.
  const buildId = createHash('sha256').update(withoutId).update(tail).digest('hex').slice(0, BUILD_ID_HEX_CHARS);
  const loader = await loaderText(buildId);

  const outfile = join(outdir, `${name}.js`);
  writeFileSync(outfile, `${SHEBANG}${loader}${tail}`);
  // The image runs it as ./guilds-code.js too.
  chmodSync(outfile, 0o755);
}

mkdirSync(outdir, { recursive: true });
for (const helper of HELPERS) await buildHelper(helper);

// dist/guilds-code-mcp.js (src/mcp-main.ts), the MCP server: a long-lived process, so a plain bundle
// without the loader's code cache, with the MCP SDK inside.
async function buildMcpServer() {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
  const code = await bundleText({
    entryPoints: ['src/mcp-main.ts'],
    define: { GUILDS_MCP_VERSION: JSON.stringify(version) },
    logOverride: { 'empty-import-meta': 'silent' },
  });
  const outfile = join(outdir, 'guilds-code-mcp.js');
  writeFileSync(outfile, `${SHEBANG}${code}`);
  chmodSync(outfile, 0o755);
}
await buildMcpServer();

// In this checkout the package is an ES module package, so dist/ says that its files are CommonJS (in
// an image each stands alone and is CommonJS anyway).
writeFileSync(join(outdir, 'package.json'), '{ "type": "commonjs" }\n');

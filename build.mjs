// Builds the helpers, dist/guilds-code.js (src/main.ts: the four code tools) and dist/guilds-harness.js
// (src/harness-main.ts: code_task), each one CommonJS file (faster to start than an ES module) with a
// shebang, no runtime dependency but node: built-ins, byte for byte the same from the same sources.
//
// Each file is a small loader (src/boot/loader.ts) followed by the helper's code (its entry and
// everything it imports) inside one block comment. Node skips the comment almost for free; the loader
// compiles the code with a V8 code cache kept in the home (docs/performance.md says why and how much).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const outdir = process.env.GUILDS_BUILD_OUTDIR || 'dist';
// The loader keeps each helper's code cache in a folder of its own (~/.cache/<name>): a helper removes
// the caches of builds other than its own, and the two helpers are two builds.
const HELPERS = [
  { entry: 'src/main.ts', name: 'guilds-code' },
  { entry: 'src/harness-main.ts', name: 'guilds-harness' },
];
const SHEBANG = '#!/usr/bin/env node\n';
const BUILD_ID_HEX_CHARS = 16;

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  legalComments: 'none',
  charset: 'ascii',
  logLevel: 'warning',
  write: false,
};

async function bundleText(options) {
  const result = await build({ ...common, ...options });
  return result.outputFiles[0].text;
}

// The loader's helpers for the comment, taken from the same module the loader uses.
const codeCacheModule = await bundleText({ entryPoints: ['src/boot/code-cache.ts'], format: 'esm' });
const { commentedCode } = await import(`data:text/javascript,${encodeURIComponent(codeCacheModule)}`);

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

async function buildHelper({ entry, name }) {
  const code = await bundleText({
    entryPoints: [entry],
    // src/io/node/search.ts only falls back to import.meta.url outside the bundle.
    logOverride: { 'empty-import-meta': 'silent' },
  });

  async function loaderText(buildId, codeLineOffset) {
    return bundleText({
      entryPoints: ['src/boot/loader.ts'],
      define: {
        GUILDS_BUILD_ID: JSON.stringify(buildId),
        GUILDS_CODE_LINE_OFFSET: String(codeLineOffset),
        GUILDS_CACHE_FOLDER_IN_HOME: JSON.stringify(`.cache/${name}`),
      },
    });
  }

  // The code starts on the line after the comment's opening line; its line numbers in stack traces
  // are those of this file. Neither the offset's digits nor the id change the loader's number of lines.
  const placeholderId = '0'.repeat(BUILD_ID_HEX_CHARS);
  const codeLineOffset = lineCount(SHEBANG + (await loaderText(placeholderId, 0))) + 1;
  // The id names everything that makes the compiled source and how it is compiled: the code, and the
  // loader that wraps it. V8 itself only checks the source's length.
  const withoutId = await loaderText(placeholderId, codeLineOffset);
  const buildId = createHash('sha256').update(withoutId).update(code).digest('hex').slice(0, BUILD_ID_HEX_CHARS);
  const loader = await loaderText(buildId, codeLineOffset);

  const outfile = join(outdir, `${name}.js`);
  assertAscii(code, name);
  writeFileSync(outfile, `${SHEBANG}${loader}function guildsCodeBody() {/*\n${commentedCode(code)}*/}\n`);
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

// Builds dist/guilds-code.js: one CommonJS file (faster to start than an ES module) with a shebang,
// no runtime dependency but node: built-ins, byte for byte the same from the same sources.
//
// The file is a small loader (src/boot/loader.ts) followed by the helper's code (src/main.ts and
// everything it imports) inside one block comment. Node skips the comment almost for free; the loader
// compiles the code with a V8 code cache kept in the home (docs/performance.md says why and how much).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const outfile = process.env.GUILDS_BUILD_OUTFILE || 'dist/guilds-code.js';
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

const code = await bundleText({
  entryPoints: ['src/main.ts'],
  // src/io/node/search.ts only falls back to import.meta.url outside the bundle.
  logOverride: { 'empty-import-meta': 'silent' },
});

// The loader's helpers for the comment, taken from the same module the loader uses.
const codeCacheModule = await bundleText({ entryPoints: ['src/boot/code-cache.ts'], format: 'esm' });
const { commentedCode } = await import(`data:text/javascript,${encodeURIComponent(codeCacheModule)}`);

async function loaderText(buildId, codeLineOffset) {
  return bundleText({
    entryPoints: ['src/boot/loader.ts'],
    define: { GUILDS_BUILD_ID: JSON.stringify(buildId), GUILDS_CODE_LINE_OFFSET: String(codeLineOffset) },
  });
}

const lineCount = (text) => text.split('\n').length - 1;
// The code starts on the line after the comment's opening line; its line numbers in stack traces
// are those of this file. Neither the offset's digits nor the id change the loader's number of lines.
const placeholderId = '0'.repeat(BUILD_ID_HEX_CHARS);
const codeLineOffset = lineCount(SHEBANG + (await loaderText(placeholderId, 0))) + 1;
// The id names everything that makes the compiled source and how it is compiled: the code, and the
// loader that wraps it. V8 itself only checks the source's length.
const withoutId = await loaderText(placeholderId, codeLineOffset);
const buildId = createHash('sha256').update(withoutId).update(code).digest('hex').slice(0, BUILD_ID_HEX_CHARS);
const loader = await loaderText(buildId, codeLineOffset);

const file = `${SHEBANG}${loader}function guildsCodeBody() {/*\n${commentedCode(code)}*/}\n`;
writeFileSync(outfile, file);

// The image runs it as ./guilds-code.js too. In this checkout the package is an ES module package,
// so dist/ says that its file is CommonJS (in an image it stands alone and is CommonJS anyway).
chmodSync(outfile, 0o755);
writeFileSync(join(dirname(outfile), 'package.json'), '{ "type": "commonjs" }\n');

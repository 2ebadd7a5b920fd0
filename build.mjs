// Builds dist/guilds-code.js: one CommonJS file (faster to start than an ES module) with a shebang,
// no runtime dependency but node: built-ins, byte for byte the same from the same sources.
import { build } from 'esbuild';

const options = {
  entryPoints: ['src/main.ts'],
  outfile: process.env.GUILDS_BUILD_OUTFILE || 'dist/guilds-code.js',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  banner: { js: '#!/usr/bin/env node' },
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
  // src/io/node.ts only falls back to import.meta.url outside the bundle.
  logOverride: { 'empty-import-meta': 'silent' },
};

await build(options);

// The image runs it as ./guilds-code.js too. In this checkout the package is an ES module package,
// so dist/ says that its file is CommonJS (in an image it stands alone and is CommonJS anyway).
const { chmodSync, writeFileSync } = await import('node:fs');
const { dirname, join } = await import('node:path');
chmodSync(options.outfile, 0o755);
writeFileSync(join(dirname(options.outfile), 'package.json'), '{ "type": "commonjs" }\n');

// Builds lib/, the orchestrator library as the package ships it: one ES module per entry of
// package.json's exports that points into lib/ (the library, and each sandbox on its own), the code
// they share in lib/chunks/, and the TypeScript declarations beside them. `npm pack` and `npm publish`
// run it (prepack); lib/ is not committed.
//
// Bundled rather than compiled file by file: importing the library then reads a few files instead of
// some thirty, which takes a quarter of the time (docs/decisions.md, "The package"). Chunks keep every
// module once, so a class the library and a sandbox share is one class. Each output file sits as far
// below the package as its source sits below the repository, and the chunks two folders down:
// helper-bundles.ts, the one module that finds dist/ from its own place, sits two folders down in
// src/ and, shared by the local and bubblewrap sandboxes, lands in lib/chunks/.
//
// Adding an entry is one line in package.json's exports: this script and the package test read them.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import ts from 'typescript';

const OUT_DIR = 'lib';

/** src/<path>.ts for each export that points at lib/<path>.js. */
function libraryEntries(packageJson) {
  return Object.values(packageJson.exports)
    .map((target) => /^\.\/lib\/(.+)\.js$/.exec(target))
    .filter((match) => match !== null)
    .map((match) => `src/${match[1]}.ts`);
}

function emitDeclarations(entries) {
  const configPath = 'tsconfig.lib.json';
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: fail });
  const options = {
    ...config.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    rootDir: 'src',
    outDir: OUT_DIR,
  };
  const program = ts.createProgram(entries, options);
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...program.emit().diagnostics];
  if (diagnostics.length > 0) fail(...diagnostics);
}

function fail(...diagnostics) {
  const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: ts.sys.getCurrentDirectory, getNewLine: () => '\n' };
  process.stderr.write(ts.formatDiagnostics(diagnostics, host));
  process.exit(1);
}

const entries = libraryEntries(JSON.parse(readFileSync('package.json', 'utf8')));
rmSync(OUT_DIR, { recursive: true, force: true });
await build({
  entryPoints: entries,
  outbase: 'src',
  outdir: OUT_DIR,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node18',
  // Dependencies stay imports, resolved in the consumer's node_modules.
  packages: 'external',
  legalComments: 'none',
  logLevel: 'warning',
});
emitDeclarations(entries);

// Pure parts of the package test: the tarball's rules, the imports of a built module (the README's
// blocks are test/helpers/markdown.ts's). test/package/support.test.ts holds them to their sentences.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import type { FencedBlock } from '../helpers/markdown.js';

/** What the README writes for where a git checkout of guilds-code is. */
export const CHECKOUT_PLACEHOLDER = '/opt/guilds-code';
const PACKAGE_LINE = /^(npm pack|npm install|npx|claude mcp add) /;
const TRAILING_COMMENT = /\s+#\s.*$/;

/**
 * The lines of shell and bare blocks that pack, install or start the package (`npm pack`,
 * `npm install`, `npx`, `claude mcp add`), their trailing comments dropped: what a newcomer copies.
 */
export function packageLines(blocks: readonly FencedBlock[]): string[] {
  return blocks
    .filter((block) => block.language === 'sh' || block.language === '')
    .flatMap((block) => block.body.split('\n'))
    .map((line) => line.replace(TRAILING_COMMENT, ''))
    .filter((line) => PACKAGE_LINE.test(line));
}

/**
 * A README line as the package test runs it, and only these changed: its trailing comment dropped,
 * `~/<tarball>` the tarball the test packed, the checkout's placeholder this checkout, `--home DIR`
 * the folder it runs in.
 */
export function asRunHere(line: string, places: { tarballName: string; tarball: string; checkout: string; dir: string }): string {
  return line
    .replace(TRAILING_COMMENT, '')
    .replaceAll(`~/${places.tarballName}`, places.tarball)
    .replaceAll(CHECKOUT_PLACEHOLDER, places.checkout)
    .replace(/--home DIR\b/g, `--home ${places.dir}`);
}

/** `./lib/<path>.js` targets of package.json's exports, by subpath: the library's own modules. */
export function libraryExports(exportsMap: Readonly<Record<string, string>>): [subpath: string, target: string][] {
  return Object.entries(exportsMap).filter(([, target]) => /^\.\/lib\/.+\.js$/.test(target));
}

/** Files that ship whatever the sources hold. */
export const FIXED_FILES = [
  'CHANGELOG.md',
  'LICENSE',
  'README.md',
  'dist/guilds-code-mcp.js',
  'dist/guilds-code.js',
  'dist/guilds-harness.js',
  'dist/package.json',
  'package.json',
];
const CHUNK = /^lib\/chunks\/chunk-[A-Z0-9]{8}\.js$/;

/**
 * What the tarball holds that it should not (`unexpected`) and what it lacks (`missing`): the fixed
 * files; each library export's module and its declarations; the chunks they share; and the
 * declarations of source modules (lib/<path>.d.ts for src/<path>.ts). Nothing else: no test, fixture,
 * benchmark, source or map.
 */
export function tarballProblems(files: readonly string[], exportsMap: Readonly<Record<string, string>>, sourceExists: (path: string) => boolean): { unexpected: string[]; missing: string[] } {
  const entries = libraryExports(exportsMap).map(([, target]) => target.slice(2));
  const required = [...FIXED_FILES, ...entries, ...entries.map((entry) => entry.replace(/\.js$/, '.d.ts'))];
  const allowed = (file: string): boolean => {
    if (required.includes(file) || CHUNK.test(file)) return true;
    const declaration = /^lib\/(.+)\.d\.ts$/.exec(file);
    return declaration !== null && sourceExists(`src/${declaration[1]}.ts`);
  };
  return {
    unexpected: files.filter((file) => !allowed(file)),
    missing: required.filter((file) => !files.includes(file)),
  };
}

/** The specifiers a built ES module imports or re-exports from (esbuild writes them double-quoted). */
export function importedSpecifiers(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/^\s*(?:import|export)\s(?:[^;"']*?\sfrom\s*)?"([^"]+)";?$/gm)) found.add(match[1]!);
  for (const match of code.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) found.add(match[1]!);
  return [...found];
}

/** The modules outside the package that a built module loads, its relative imports followed. */
export function externalImports(file: string): string[] {
  const seen = new Set<string>();
  const external = new Set<string>();
  const visit = (path: string): void => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const specifier of importedSpecifiers(readFileSync(path, 'utf8'))) {
      if (specifier.startsWith('.')) {
        const next = normalize(join(dirname(path), specifier));
        if (!existsSync(next)) throw new Error(`${path} imports ${specifier}, which the package does not hold`);
        visit(next);
      } else {
        external.add(specifier);
      }
    }
  };
  visit(file);
  return [...external].sort();
}

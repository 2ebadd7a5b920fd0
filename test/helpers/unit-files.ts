// The `unit` project (vitest.config.ts, `npm run test:unit`): the tests a maintainer runs all day,
// found on disk rather than listed. A test file is one of them when it lies outside the end-to-end
// and Node-line folders and names nothing that only the `helpers` project's global set-up provides:
// the bundles, a sandbox of bwrap or docker, a browser, another Node line (OUT_OF_UNIT). A new test that
// fits is a unit test without a word; the `helpers` project leaves these files out, so that
// `npm test` still runs each of them once. test/unit-files.test.ts holds the rule to examples.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** Folders whose tests need the global set-up by their nature: the bundles run end to end, other Node lines. */
export const OUT_OF_UNIT_FOLDERS: readonly string[] = ['test/e2e/', 'test/node-lines/'];

/** What a test names when it runs a bundle or a sandbox, and the helpers that do it for it. */
export const OUT_OF_UNIT: readonly RegExp[] = [
  /\b(callHelper|callHelperAsync|runHelperArgument|spawnBundle)\b/,
  /\b[A-Z_]*BUNDLE\b/,
  /from '[./]*helpers\/(background|bundle|docker|mcp|node-lines|processes|sandboxes|serve)\.js'/,
  /\b(chromium|GUILDS_TEST_NODE)\b/,
  /\bscripts\/try\.ts\b/,
];

/**
 * In-process, and left to `helpers` all the same, each with its reason: about 20 s of harnesses waited
 * out to their timeouts would take the project past half a minute.
 */
export const LEFT_TO_HELPERS: readonly string[] = ['test/tools/code_task/run.test.ts'];

/** This rule's own test names the patterns it checks, and is a unit test. */
const RULE_TEST = 'test/unit-files.test.ts';

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
  });
}

/** Whether the test at `path` (from the repository's root), holding `text`, is a unit test. */
export function isUnitTest(path: string, text: string): boolean {
  if (path === RULE_TEST) return true;
  if (LEFT_TO_HELPERS.includes(path) || OUT_OF_UNIT_FOLDERS.some((folder) => path.startsWith(folder))) return false;
  return !OUT_OF_UNIT.some((pattern) => pattern.test(text));
}

export const UNIT_FILES: readonly string[] = testFiles(join(ROOT, 'test'))
  .sort()
  .filter((path) => isUnitTest(path, readFileSync(join(ROOT, path), 'utf8')));

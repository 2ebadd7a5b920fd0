// The `unit` project's files are found on disk by a rule (test/helpers/unit-files.ts): a test that
// runs a bundle, a sandbox, a browser or another Node line, or lies in a tier's folder, is left to the
// `helpers` project; any other is a unit test, with no list to keep.
import { describe, expect, it } from 'vitest';
import { isUnitTest, UNIT_FILES } from './helpers/unit-files.js';

describe('the unit project', () => {
  it('finds the in-process tests, this one included, and none of the tiers that need more', () => {
    expect(UNIT_FILES.length).toBeGreaterThan(100);
    expect(UNIT_FILES).toContain('test/unit-files.test.ts');
    expect(UNIT_FILES).toContain('test/io/node/process-stat.test.ts');
    expect(UNIT_FILES).toContain('test/web/form.test.ts');
    expect(UNIT_FILES.filter((file) => /^test\/(e2e|node-lines)\//.test(file))).toEqual([]);
    expect(UNIT_FILES.filter((file) => ['test/web/page.test.ts', 'test/package/consumer.test.ts', 'test/harness-clis/real-clis.test.ts'].includes(file))).toEqual([]);
  });

  it.each([
    ['test/text/x.test.ts', "import { clipChars } from '../../src/text/clip.js';", true],
    ['test/tools/x.test.ts', "import { spawnBundle } from '../hardening/support.js';", false],
    ['test/tools/x.test.ts', "import { BUNDLE } from '../helpers/paths.js';", false],
    ['test/tools/x.test.ts', "import { startDocker } from '../helpers/docker.js';", false],
    ['test/tools/x.test.ts', "const browser = '/usr/bin/chromium';", false],
    ['test/e2e/x.test.ts', "import { clipChars } from '../../src/text/clip.js';", false],
    ['test/tools/code_task/run.test.ts', "import { codeTask } from '../../../src/tools/code_task/run.js';", false],
  ])('%s holding %j is a unit test: %s', (path, text, unit) => {
    expect(isUnitTest(path, text)).toBe(unit);
  });
});

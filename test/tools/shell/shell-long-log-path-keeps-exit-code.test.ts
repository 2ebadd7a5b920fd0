// Shell: a long log path no longer pushes the tail and exit code out.
import { expect, it } from 'vitest';
import { outputCollectorFor, collectedOutput } from '../../../src/tools/shell/collect.js';
import { shapeShellText, shellTrailers } from '../../../src/tools/shell/format.js';
import { utf8Bytes } from '../../../src/text/utf8.js';

it('an elided output under a very long log path still ends with its last line and its exit code', () => {
  const limits = { maxBytes: 1024, headMaxBytes: 2048, lineEndReachPercent: 25 };
  const collector = outputCollectorFor(limits);
  for (let i = 0; i < 500; i++) collector.write(new TextEncoder().encode(`line ${i}\n`));
  const longLog = `/home/a/${'deep/'.repeat(300)}c1.log`;
  const shaped = shapeShellText(collectedOutput(collector), shellTrailers(3, null), longLog, limits, '~/.runs/r1/c1.log');
  expect(shaped.elided).toBe(true);
  expect(shaped.text.endsWith('line 499\nexit_code: 3')).toBe(true);
  expect(shaped.text).toContain('full output: ~/.runs/r1/c1.log');
  expect(utf8Bytes(shaped.text)).toBeLessThanOrEqual(1024);
});

// Shell: copy each piece of output the collector keeps; Buffer's slice() is a view.
import { expect, it } from 'vitest';
import { OutputCollector } from '../../../src/tools/shell/collect.js';

it('the kept tail does not change when the I/O layer reuses its read buffer', () => {
  const collector = new OutputCollector(4, 16);
  const buffer = Buffer.from('first piece\n');
  collector.write(buffer.subarray(0, buffer.length));
  buffer.fill('X'.charCodeAt(0));
  expect(Buffer.from(collector.tailBytes()).toString()).toBe('first piece\n');
});

import { describe, expect, it } from 'vitest';
import { isRequestFileName } from '../../src/contract/request-file.js';

describe('request file names', () => {
  it('takes every name <run_id>-<call_id>.json can take for valid ids', () => {
    for (const name of ['r1-c1.json', '.r1-c1.json', 'r1-.c1.json', '..r-c.json', 'a-b-c.json', 'r.1-c_2.json', `${'r'.repeat(128)}-${'c'.repeat(128)}.json`, 'r1-..c.json', '-r-c.json']) {
      expect([name, isRequestFileName(name)]).toEqual([name, true]);
    }
  });

  it('refuses a writer\'s temporary file, and any other name', () => {
    for (const name of [
      '.r1-c1.json.Xa3f9Z', // rsync, and other writers that go through a hidden name
      'r1-c1.json.tmp',
      'r1-c1.json.1234.1.tmp', // this project's own atomic writes
      'r1-c1.json~',
      '.#r1-c1.json',
      '.r1-c1.json.swp',
      'r1c1.json', // no dash: not two ids
      '-c1.json', // an empty run id
      'r1-.json', // an empty call id
      '.-c1.json', // the run id `.`
      'r1-...json', // the call id `..`
      '.json',
      'r1-c1.JSON',
      'r1 c1.json',
      `${'r'.repeat(129)}-c.json`,
      `r-${'c'.repeat(129)}.json`,
    ]) {
      expect([name, isRequestFileName(name)]).toEqual([name, false]);
    }
  });
});

// The committed sample is what ripgrep of this checkout prints today (see sample.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSample, readSample, SAMPLE_FOLDER, SAMPLE_SEARCHES, type SampleName } from './sample.js';

describe('the sample of ripgrep output', () => {
  for (const name of Object.keys(SAMPLE_SEARCHES) as SampleName[]) {
    it(`${name} is what ripgrep prints now`, () => {
      const fresh = generateSample(name);
      if (process.env.GUILDS_WRITE_SEARCH_SAMPLE === '1') {
        mkdirSync(SAMPLE_FOLDER, { recursive: true });
        writeFileSync(join(SAMPLE_FOLDER, name), fresh);
      }
      expect(readSample(name).toString('latin1')).toBe(fresh.toString('latin1'));
    });
  }
});

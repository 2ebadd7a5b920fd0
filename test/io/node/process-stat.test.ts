// /proc/<pid>/stat as the helper reads it: the fields after the command's name, whatever the name holds.
import { describe, expect, it } from 'vitest';
import { parseProcessStat, readProcessStat } from '../../../src/io/node/process.js';

const FIELDS_AFTER_NAME = 'S 25760 25761 1205 0 -1 4194304 120 0 0 0 0 0 0 0 20 0 1 0 332168 3133440 360';

describe('parseProcessStat', () => {
  it('reads the state, the parent, the group, the session and the start time', () => {
    expect(parseProcessStat(25763, `25763 (bash) ${FIELDS_AFTER_NAME}`)).toEqual({
      pid: 25763,
      state: 'S',
      parent: 25760,
      processGroup: 25761,
      session: 1205,
      startTicks: '332168',
    });
  });

  it('reads past a command name that holds spaces and parentheses', () => {
    expect(parseProcessStat(7, `7 (a) (b c) ${FIELDS_AFTER_NAME}`)?.parent).toBe(25760);
  });

  it('gives null for a line cut short before the start time, and for one without a name', () => {
    expect(parseProcessStat(7, '7 (bash) S 1 7 7')).toBeNull();
    expect(parseProcessStat(7, '7 bash S 1 7 7')).toBeNull();
  });

  it("reads this process's own parent as Node knows it", () => {
    expect(readProcessStat(process.pid)?.parent).toBe(process.ppid);
  });
});

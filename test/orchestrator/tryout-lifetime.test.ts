// How the try-out tells that the process which started it went: /proc's fields, the chain it watches.
import { describe, expect, it } from 'vitest';
import { chainAlive, parseProcStat, startingChain, type ProcStat } from '../../scripts/lifetime.js';

// minflt … itrealvalue, fields 10 to 21 of proc(5).
const STAT_TAIL = '102 0 0 0 0 0 0 0 20 0 1 0';

function statLine(pid: number, name: string, state: string, ppid: number, pgrp: number, startTime: number): string {
  return `${pid} (${name}) ${state} ${ppid} ${pgrp} 3542 0 -1 4194560 ${STAT_TAIL} ${startTime} 12345 678 18446744073709551615`;
}

describe("a process's /proc stat line", () => {
  it('gives its state, parent, group and start time', () => {
    expect(parseProcStat(statLine(42, 'node', 'S', 41, 40, 9001))).toEqual({ state: 'S', ppid: 41, pgrp: 40, startTime: '9001' });
  });

  it('reads past a command name holding blanks and parentheses', () => {
    expect(parseProcStat(statLine(42, 'a) (b c', 'R', 7, 7, 5))).toEqual({ state: 'R', ppid: 7, pgrp: 7, startTime: '5' });
  });

  it('is nothing for a text that is not one', () => {
    expect(parseProcStat('')).toBeUndefined();
    expect(parseProcStat('42 (node) S')).toBeUndefined();
  });
});

describe('the chain of processes that started the try-out', () => {
  // npm (100, the group's leader) → sh (101) → tsx (102) → node (103), run by a shell (50) of its own group.
  const table: Record<number, ProcStat> = {
    50: { state: 'S', ppid: 1, pgrp: 50, startTime: '1' },
    100: { state: 'S', ppid: 50, pgrp: 100, startTime: '10' },
    101: { state: 'S', ppid: 100, pgrp: 100, startTime: '11' },
    102: { state: 'S', ppid: 101, pgrp: 100, startTime: '12' },
    103: { state: 'R', ppid: 102, pgrp: 100, startTime: '13' },
  };
  const stat = (processes: Record<number, ProcStat>) => (pid: number) => processes[pid];

  it('is its own group up to the first process outside it', () => {
    expect(startingChain(103, stat(table))).toEqual([
      { pid: 102, startTime: '12' },
      { pid: 101, startTime: '11' },
      { pid: 100, startTime: '10' },
      { pid: 50, startTime: '1' },
    ]);
  });

  it('stops before pid 1', () => {
    const { 50: _shell, ...rest } = table;
    expect(startingChain(103, stat({ ...rest, 100: { ...table[100]!, ppid: 1 } })).map((link) => link.pid)).toEqual([102, 101, 100]);
  });

  it('is alive while every process of it is', () => {
    expect(chainAlive(startingChain(103, stat(table)), stat(table))).toBe(true);
  });

  it('is gone when npm went, though tsx and this process live on', () => {
    const { 100: _npm, ...rest } = table;
    expect(chainAlive(startingChain(103, stat(table)), stat({ ...rest, 102: { ...table[102]!, ppid: 1 } }))).toBe(false);
  });

  it('is gone when one of it is a zombie, or its pid now names another process', () => {
    const chain = startingChain(103, stat(table));
    expect(chainAlive(chain, stat({ ...table, 101: { ...table[101]!, state: 'Z' } }))).toBe(false);
    expect(chainAlive(chain, stat({ ...table, 50: { ...table[50]!, startTime: '99' } }))).toBe(false);
  });
});

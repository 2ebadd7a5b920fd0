// The group guard's list and script (src/io/group-guard.ts): the list's text exactly, and the script
// run by real bash over a real list file, against real process groups.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { GROUP_GUARD_SCRIPT, GUARD_LIST_FD, guardArguments, guardListText } from '../../src/io/group-guard.js';
import { liveGroupMembers } from '../helpers/background.js';

/** What Linux's pipe holds by default, in bytes. */
const PIPE_BYTES = 64 * 1024;

const folder = mkdtempSync(join(tmpdir(), 'guilds-guard-list-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const groups: number[] = [];
afterEach(() => {
  for (const group of groups.splice(0)) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // gone: what the test wanted
    }
  }
});

/** A `sleep` leading a process group of its own; its group's id. */
function groupOfItsOwn(): number {
  const child = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
  child.unref();
  groups.push(child.pid!);
  return child.pid!;
}

/** The guard's bash over a list file holding `list`, its stdin a pipe the test holds. */
function guardOver(list: string, graceSeconds = 1): { guard: ChildProcess; ended: Promise<number | null> } {
  const path = join(folder, `list-${groups.length}-${Date.now()}`);
  writeFileSync(path, list);
  const fd = openSync(path, 'r+');
  const stdio: ('pipe' | 'ignore' | number)[] = ['pipe', 'ignore', 'ignore'];
  stdio[GUARD_LIST_FD] = fd;
  const guard = spawn('bash', guardArguments(graceSeconds), { env: { PATH: '/usr/local/bin:/usr/bin:/bin' }, stdio, detached: true });
  closeSync(fd);
  const ended = new Promise<number | null>((resolve) => guard.once('exit', (code) => resolve(code)));
  return { guard, ended };
}

describe("the group guard's list", () => {
  it('is empty for no group', () => {
    expect(guardListText([], 0)).toBe('');
  });

  it("names each group's id, apart by one space", () => {
    expect(guardListText(new Set([4840, 4933, 17]), 0)).toBe('4840 4933 17');
  });

  it('is padded with spaces to the length the file holds already, so that nothing of a longer list stays', () => {
    expect(guardListText([7], 9)).toBe('7        ');
    expect(guardListText([], 4)).toBe('    ');
  });

  it('is not cut when longer than the file', () => {
    expect(guardListText([4840, 4933], 4)).toBe('4840 4933');
  });
});

describe("the group guard's bash", () => {
  it('is the script pinned here: it waits for its stdin to end, then reads its list from descriptor 3', () => {
    expect(GUARD_LIST_FD).toBe(3);
    expect(GROUP_GUARD_SCRIPT).toBe(
      [
        'exec >/dev/null 2>&1',
        'while IFS= read -r _; do :; done',
        "read -r -d '' -a listed <&3",
        'groups=(); for id in "${listed[@]}"; do [[ $id =~ ^[1-9][0-9]*$ ]] && builtin kill -0 "$id" && groups+=("$id"); done',
        '(( ${#groups[@]} )) || exit 0',
        "trap '' TERM",
        'for id in "${groups[@]}"; do builtin kill -TERM "$id"; builtin kill -TERM -- "-$id"; done',
        'sleep "$1"',
        'for id in "${groups[@]}"; do builtin kill -KILL -- "-$id"; done',
      ].join('\n'),
    );
  });

  it("stops every listed group once its stdin ends, padding and all, and no group that is not listed", async () => {
    const listed = [groupOfItsOwn(), groupOfItsOwn()];
    const unlisted = groupOfItsOwn();
    const { guard, ended } = guardOver(guardListText(listed, 40));
    guard.stdin!.end();
    await ended;
    for (const group of listed) expect(liveGroupMembers(group)).toEqual([]);
    expect(liveGroupMembers(unlisted)).toEqual([unlisted]);
  });

  it('passes over what reaches its stdin: a group written there is not stopped', async () => {
    const written = groupOfItsOwn();
    const { guard, ended } = guardOver('');
    guard.stdin!.write(`+${written}\n${written}\n`);
    guard.stdin!.end();
    await ended;
    expect(liveGroupMembers(written)).toEqual([written]);
  });

  it("passes over an id in its list that is not a process's: words, signs, 0, a leading 0", async () => {
    const kept = groupOfItsOwn();
    const stopped = groupOfItsOwn();
    const { guard, ended } = guardOver(`abc -${kept} 0 0${kept} ${kept}x +${kept} ${stopped}`);
    guard.stdin!.end();
    await ended;
    expect(liveGroupMembers(kept)).toEqual([kept]);
    expect(liveGroupMembers(stopped)).toEqual([]);
  });

  it('reads on while its stdin is open, and stops nothing meanwhile', async () => {
    const group = groupOfItsOwn();
    const { guard, ended } = guardOver(String(group));
    let exited = false;
    void ended.then(() => (exited = true));
    // Twice what a pipe holds: the write is done only once its bash has read past many lines.
    const lines = `+${group}\n-${group}\n\n`.repeat(Math.ceil(PIPE_BYTES * 2 / 12));
    await new Promise<void>((resolve, reject) => guard.stdin!.write(lines, (error) => (error ? reject(error) : resolve())));
    expect(exited).toBe(false);
    expect(liveGroupMembers(group)).toEqual([group]);
    guard.stdin!.end();
    await ended;
    expect(liveGroupMembers(group)).toEqual([]);
  });
});

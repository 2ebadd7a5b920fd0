// State on disk under attack: a run's cwd file corrupted, truncated or replaced by something that
// is not a file; .runs itself broken; dozens of calls of one run at once; a full disk.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CallHost, CallStop } from '../../src/call/host.js';
import { nodeIo } from '../../src/tools/all.js';
import { nodeFileSystem } from '../../src/io/node/core.js';
import type { Io } from '../../src/io/types.js';
import { loadWorkingDirectoryOf, saveWorkingDirectory } from '../../src/workspace/workdir.js';
import { ToolError } from '../../src/contract/errors.js';
import { CODE_TOOLS } from '../../src/tools/all.js';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';
import { fsError, hookedFileSystem, type FileSystemCall } from './fault-fs.js';
import { base64Request, expectOneEnvelope, processesMentioning, reportFigure, spawnBundle } from './support.js';

/** A cold call as the helper's entry hosts it (src/call/host.ts), the tools of dist/guilds-code.js, `io` its world. */
const handleCode = (io: Io, argument: string | undefined) =>
  new CallHost(CODE_TOOLS, () => io).answerArgument({ HOME: io.home, GUILDS_RUN_DIR: io.runDir }, argument, new CallStop());

let sandbox: Sandbox;
let cwdFile: string;
beforeEach(() => {
  sandbox = makeSandbox();
  for (const folder of ['start', 'other']) {
    mkdirSync(join(sandbox.home, folder));
    writeFileSync(join(sandbox.home, folder, 'where.txt'), `${folder}\n`);
  }
  writeFileSync(join(sandbox.home, 'where.txt'), 'home\n');
  mkdirSync(join(sandbox.home, '.runs', 'r1'), { recursive: true });
  cwdFile = join(sandbox.home, '.runs', 'r1', 'cwd');
});
afterEach(() => {
  expect(processesMentioning(sandbox.root)).toEqual([]);
  sandbox.cleanup();
});

/** Where the call ran: each candidate folder holds a where.txt naming it. */
async function whereDidItRun(defaultCwd = 'start'): Promise<string> {
  const run = await spawnBundle(sandbox, base64Request({ op: 'file_read', args: { path: 'where.txt' }, run_id: 'r1', agent_id: 'a1', call_id: 'c1', default_cwd: defaultCwd }));
  const envelope = expectOneEnvelope(run);
  if (!envelope.ok) throw new Error(envelope.error);
  return envelope.text.split('\t')[1]!;
}

describe('a corrupt cwd file falls back to the default working directory', () => {
  const cases: Array<[string, () => void, string]> = [
    ['a valid record is used', () => writeFileSync(cwdFile, join(sandbox.home, 'other')), 'other'],
    ['garbage bytes', () => writeFileSync(cwdFile, Buffer.from([0xff, 0xfe, 0x00, 0x13, 0x80, 0x2f])), 'start'],
    ['an empty file', () => writeFileSync(cwdFile, ''), 'start'],
    ['a relative path', () => writeFileSync(cwdFile, 'other'), 'start'],
    ['a NUL byte inside the path', () => writeFileSync(cwdFile, `${join(sandbox.home, 'other')}\0/x`), 'start'],
    ['a trailing newline (the record is written without one)', () => writeFileSync(cwdFile, `${join(sandbox.home, 'other')}\n`), 'start'],
    ['a truncated path', () => writeFileSync(cwdFile, join(sandbox.home, 'oth')), 'start'],
    ['a path to a file', () => writeFileSync(cwdFile, join(sandbox.home, 'where.txt')), 'start'],
    ['a path to a looping link', () => {
      symlinkSync('loop-b', join(sandbox.home, 'loop-a'));
      symlinkSync('loop-a', join(sandbox.home, 'loop-b'));
      writeFileSync(cwdFile, join(sandbox.home, 'loop-a'));
    }, 'start'],
    ['a path past PATH_MAX', () => writeFileSync(cwdFile, '/x'.repeat(3000)), 'start'],
    ['a file larger than any path', () => writeFileSync(cwdFile, `${join(sandbox.home, 'other')}${'/'.repeat(10_000)}`), 'start'],
    ['the cwd file is a folder', () => mkdirSync(cwdFile), 'start'],
    ['the cwd file is a FIFO (reading it must not wait for a writer)', () => execFileSync('mkfifo', [cwdFile]), 'start'],
    ['the cwd file is a link to /dev/zero (reading it must not fill memory)', () => symlinkSync('/dev/zero', cwdFile), 'start'],
    ['the cwd file is a dangling link', () => symlinkSync(join(sandbox.home, 'gone'), cwdFile), 'start'],
    ['the cwd file is a link to a file holding a folder path', () => {
      writeFileSync(join(sandbox.home, 'record'), join(sandbox.home, 'other'));
      symlinkSync(join(sandbox.home, 'record'), cwdFile);
    }, 'other'],
    ['the run folder is a file', () => {
      rmSync(join(sandbox.home, '.runs', 'r1'), { recursive: true });
      writeFileSync(join(sandbox.home, '.runs', 'r1'), 'x');
    }, 'start'],
    ['.runs is a file', () => {
      rmSync(join(sandbox.home, '.runs'), { recursive: true });
      writeFileSync(join(sandbox.home, '.runs'), 'x');
    }, 'start'],
    ['.runs is a dangling link', () => {
      rmSync(join(sandbox.home, '.runs'), { recursive: true });
      symlinkSync(join(sandbox.home, 'gone'), join(sandbox.home, '.runs'));
    }, 'start'],
    ['.runs is a link looping on itself', () => {
      rmSync(join(sandbox.home, '.runs'), { recursive: true });
      symlinkSync('.runs', join(sandbox.home, '.runs'));
    }, 'start'],
  ];

  it.each(cases)('%s', async (_name, corrupt, expected) => {
    corrupt();
    expect(await whereDidItRun()).toBe(expected);
  });
});

describe('a default working directory that cannot be used falls back to the home', () => {
  it('a default that is a looping link', async () => {
    symlinkSync('loop-b', join(sandbox.home, 'loop-a'));
    symlinkSync('loop-a', join(sandbox.home, 'loop-b'));
    expect(await whereDidItRun('loop-a')).toBe('home');
  });

  it('a default that is a file', async () => {
    expect(await whereDidItRun('where.txt')).toBe('home');
  });

  it('a default past PATH_MAX', async () => {
    expect(await whereDidItRun('x/'.repeat(3000))).toBe('home');
  });
});

describe('many calls of one run at once', () => {
  const CALLS_AT_ONCE = 24;

  it(`${CALLS_AT_ONCE} concurrent calls of one run all answer, each with its own result`, async () => {
    writeFileSync(cwdFile, join(sandbox.home, 'other'));
    for (let i = 0; i < CALLS_AT_ONCE; i++) writeFileSync(join(sandbox.home, 'other', `f${i}.txt`), `file ${i}\n`);
    const runs = await Promise.all(
      Array.from({ length: CALLS_AT_ONCE }, (_, i) =>
        spawnBundle(sandbox, base64Request({ op: 'file_read', args: { path: `f${i}.txt` }, run_id: 'r1', agent_id: 'a1', call_id: `c${i}` })),
      ),
    );
    runs.forEach((run, i) => {
      expect(expectOneEnvelope(run)).toMatchObject({ ok: true, text: `f${i}.txt · lines 1–1 of 1\n1\tfile ${i}` });
    });
    expect(readFileSync(cwdFile, 'utf8')).toBe(join(sandbox.home, 'other'));
    reportFigure('concurrent calls of one run', { calls: CALLS_AT_ONCE, answered: runs.length });
  });
});

describe('a full or failing disk: the answer says what happened, in one line', () => {
  function ioFailing(calls: FileSystemCall[], code: string): Io {
    const io = nodeIo(sandbox.home, sandbox.runDir, {});
    io.fs = hookedFileSystem(nodeFileSystem, (call, args) => {
      if (calls.includes(call)) throw fsError(code, `${call} '${String(args[0])}'`);
    });
    return io;
  }

  it('ENOSPC while making the run folder', () => {
    rmSync(join(sandbox.home, '.runs'), { recursive: true });
    const io = ioFailing(['makeFolder'], 'ENOSPC');
    expect(() => saveWorkingDirectory(io, 'r1', sandbox.home)).toThrow(
      new ToolError('io', `cannot record the working directory in ${cwdFile}: no space left on the device (ENOSPC)`),
    );
  });

  it('ENOSPC while writing the record leaves the previous record whole', () => {
    writeFileSync(cwdFile, join(sandbox.home, 'other'));
    const io = ioFailing(['writeFileAtomic'], 'ENOSPC');
    expect(() => saveWorkingDirectory(io, 'r1', join(sandbox.home, 'start'))).toThrow(
      new ToolError('io', `cannot record the working directory in ${cwdFile}: no space left on the device (ENOSPC)`),
    );
    expect(readFileSync(cwdFile, 'utf8')).toBe(join(sandbox.home, 'other'));
    expect(readdirSync(join(sandbox.home, '.runs', 'r1'))).toEqual(['cwd']);
    expect(loadWorkingDirectoryOf(nodeIo(sandbox.home, sandbox.runDir, {}), 'r1', '').folder).toBe(join(sandbox.home, 'other'));
  });

  it('a read-only file system and a quota say so too', () => {
    expect(() => saveWorkingDirectory(ioFailing(['writeFileAtomic'], 'EROFS'), 'r1', sandbox.home)).toThrow(
      `cannot record the working directory in ${cwdFile}: the file system is read-only (EROFS)`,
    );
    expect(() => saveWorkingDirectory(ioFailing(['writeFileAtomic'], 'EDQUOT'), 'r1', sandbox.home)).toThrow(
      `cannot record the working directory in ${cwdFile}: the disk quota is used up (EDQUOT)`,
    );
  });

  it('a record that cannot be read at all (EIO) is a fallback, not a failed call', async () => {
    writeFileSync(cwdFile, join(sandbox.home, 'other'));
    const envelope = await handleCode(ioFailing(['readFile'], 'EIO'), base64Request({ op: 'file_read', args: { path: 'where.txt' }, run_id: 'r1', agent_id: 'a1', call_id: 'c1', default_cwd: 'start' }));
    expect(envelope).toMatchObject({ ok: true, text: 'where.txt · lines 1–1 of 1\n1\tstart' });
  });

  const FAILING_CALLS: FileSystemCall[] = ['lstat', 'openRead'];
  const CODES = ['ENOSPC', 'EIO', 'EMFILE', 'ENOMEM'];
  const expectedError: Record<FileSystemCall, (code: string) => string> = {
    lstat: (code) => `cannot open where.txt: ${code}`,
    openRead: (code) => `cannot open where.txt: ${code}`,
  } as Record<FileSystemCall, (code: string) => string>;

  it.each(FAILING_CALLS.flatMap((call) => CODES.map((code) => [call, code] as const)))('%s failing with %s while reading', async (call, code) => {
    const io = ioFailing([call], code);
    const envelope = await handleCode(io, base64Request({ op: 'file_read', args: { path: 'where.txt' }, run_id: 'r1', agent_id: 'a1', call_id: 'c1' }));
    expect(envelope).toEqual({ ok: false, error: expectedError[call](code), kind: 'io' });
  });

  // The walk's lstat of the file already said what it is, and the open file is checked with fstat: a
  // read takes no stat of it. A failing stat (the working-directory record's) only leaves the folder
  // at its fallback.
  it.each(CODES)('stat failing with %s while reading: the file is read all the same', async (code) => {
    const envelope = await handleCode(ioFailing(['stat'], code), base64Request({ op: 'file_read', args: { path: 'where.txt' }, run_id: 'r1', agent_id: 'a1', call_id: 'c1' }));
    expect(envelope).toMatchObject({ ok: true, meta: { display_path: 'where.txt', lines: 1, range: [1, 1] } });
  });
});

describe('a request file replaced just before it is taken (it is opened once, without following a link, and what was opened is checked)', () => {
  const swaps: Array<[string, (path: string) => void]> = [
    ['for a FIFO (the read must not wait for a writer)', (path) => execFileSync('mkfifo', [path])],
    ['for a link to /dev/zero (the read must not fill memory)', (path) => symlinkSync('/dev/zero', path)],
    ['for a folder', (path) => mkdirSync(path)],
  ];

  it.each(swaps)('%s', async (_name, swap) => {
    const path = join(sandbox.runDir, 'requests', 'r1-c1.json');
    writeFileSync(path, JSON.stringify({ op: 'file_read', args: { path: 'where.txt' }, run_id: 'r1', agent_id: 'a1', call_id: 'c1' }));
    const io = nodeIo(sandbox.home, sandbox.runDir, {});
    io.fs = hookedFileSystem(nodeFileSystem, (call, args) => {
      if (call === 'takeFile' && join(args[0] as string, args[1] as string) === path) {
        rmSync(path);
        swap(path);
      }
    });
    expect(await handleCode(io, path)).toEqual({ ok: false, error: `invalid request: ${path} is not a regular file`, kind: 'invalid_request' });
  });
});

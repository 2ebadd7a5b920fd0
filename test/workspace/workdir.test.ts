// Where a run starts, and where it stands between calls.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeIo } from '../../src/tools/all.js';
import { defaultWorkingDirectory, loadWorkingDirectoryOf, runFolder } from '../../src/workspace/workdir.js';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

describe('a new run', () => {
  it('starts at default_cwd: "" and ~ are the home, ~/x and x lie in it, an absolute path stands', () => {
    const io = nodeIo(sandbox.home, sandbox.runDir, {});
    expect(defaultWorkingDirectory(io, '')).toBe(sandbox.home);
    expect(defaultWorkingDirectory(io, '~')).toBe(sandbox.home);
    expect(defaultWorkingDirectory(io, '~/repos/app')).toBe(join(sandbox.home, 'repos/app'));
    expect(defaultWorkingDirectory(io, 'repos/app/')).toBe(join(sandbox.home, 'repos/app'));
    expect(defaultWorkingDirectory(io, '/srv/x/../y')).toBe('/srv/y');
  });

  it('falls back to the home when default_cwd is no folder', () => {
    const io = nodeIo(sandbox.home, sandbox.runDir, {});
    expect(loadWorkingDirectoryOf(io, 'r1', 'repos/missing')).toEqual({ folder: sandbox.home, recorded: false });
  });
});

describe('a run under way', () => {
  it('stands where its record says while that is a folder, else where it started, and says which', () => {
    const io = nodeIo(sandbox.home, sandbox.runDir, {});
    mkdirSync(join(sandbox.home, 'repos', 'app'), { recursive: true });
    mkdirSync(runFolder(io, 'r1'), { recursive: true });
    writeFileSync(join(runFolder(io, 'r1'), 'cwd'), join(sandbox.home, 'repos'));
    expect(loadWorkingDirectoryOf(io, 'r1', 'repos/app')).toEqual({ folder: join(sandbox.home, 'repos'), recorded: true });
    writeFileSync(join(runFolder(io, 'r1'), 'cwd'), join(sandbox.home, 'gone'));
    expect(loadWorkingDirectoryOf(io, 'r1', 'repos/app')).toEqual({ folder: join(sandbox.home, 'repos', 'app'), recorded: false });
    writeFileSync(join(runFolder(io, 'r1'), 'cwd'), 'relative/path');
    expect(loadWorkingDirectoryOf(io, 'r1', '')).toEqual({ folder: sandbox.home, recorded: false });
    // A record that names the folder another way (a trailing slash) is the folder, not yet its record.
    writeFileSync(join(runFolder(io, 'r1'), 'cwd'), `${join(sandbox.home, 'repos')}/`);
    expect(loadWorkingDirectoryOf(io, 'r1', '')).toEqual({ folder: join(sandbox.home, 'repos'), recorded: false });
  });
});

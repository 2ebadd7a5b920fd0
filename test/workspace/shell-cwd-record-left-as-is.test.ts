// Shell: a command that ends where it started leaves the run's cwd record as it is.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { nodeIo } from '../../src/tools/all.js';
import { nodeFileSystem } from '../../src/io/node/core.js';
import { saveWorkingDirectory } from '../../src/workspace/workdir.js';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

it('a record that already names the folder is neither written nor renamed', () => {
  const cwdFile = join(sandbox.home, '.runs', 'r1', 'cwd');
  mkdirSync(join(sandbox.home, '.runs', 'r1'), { recursive: true });
  writeFileSync(cwdFile, sandbox.home);
  const inode = statSync(cwdFile).ino;
  const io = nodeIo(sandbox.home, sandbox.runDir, {});
  let writes = 0;
  io.fs = { ...nodeFileSystem, writeFileAtomic: (...args) => (writes++, nodeFileSystem.writeFileAtomic(...args)) };
  saveWorkingDirectory(io, 'r1', sandbox.home);
  expect(writes).toBe(0);
  expect(statSync(cwdFile).ino).toBe(inode);
  saveWorkingDirectory(io, 'r1', join(sandbox.home, '.runs'));
  expect(writes).toBe(1);
});

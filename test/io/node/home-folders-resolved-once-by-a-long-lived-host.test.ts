// A host that answers many calls (the warm stream, the MCP server) walks a home's links once, and
// only looks at the resolved folder again at each call: two file calls a call fewer on a home one
// folder deep. A resolved folder that is no longer one (removed, a link put in its place) is resolved anew.
import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { HomeFolders } from '../../../src/io/node/home.js';

let root: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'guilds-homes-')));
  mkdirSync(join(root, 'real'));
  symlinkSync(join(root, 'real'), join(root, 'home'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

it('gives the home with its links resolved, and the same folder while it stays one', () => {
  const homes = new HomeFolders();
  expect(homes.folder(join(root, 'home'))).toBe(join(root, 'real'));
  rmSync(join(root, 'home'));
  mkdirSync(join(root, 'elsewhere'));
  symlinkSync(join(root, 'elsewhere'), join(root, 'home'));
  expect(homes.folder(join(root, 'home'))).toBe(join(root, 'real'));
});

it('resolves anew when the resolved folder is gone, or a link stands in its place', () => {
  const homes = new HomeFolders();
  expect(homes.folder(join(root, 'home'))).toBe(join(root, 'real'));
  renameSync(join(root, 'real'), join(root, 'moved'));
  symlinkSync(join(root, 'moved'), join(root, 'real'));
  expect(homes.folder(join(root, 'home'))).toBe(join(root, 'moved'));
  rmSync(join(root, 'real'));
  rmSync(join(root, 'moved'), { recursive: true });
  expect(() => homes.folder(join(root, 'home'))).toThrow(`the home folder ${join(root, 'home')} does not exist`);
});

it('refuses what homeFolder refuses, every time', () => {
  const homes = new HomeFolders();
  expect(() => homes.folder(undefined)).toThrow();
  expect(() => homes.folder('relative')).toThrow();
  expect(() => homes.folder(join(root, 'missing'))).toThrow(`the home folder ${join(root, 'missing')} does not exist`);
});

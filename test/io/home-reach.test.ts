// When a home cannot change under a helper that answers many calls (src/io/home-reach.ts): a mount
// point under folders of root's that no one else may write, for an agent that is not root. Pure.
import { describe, expect, it } from 'vitest';
import { foldersDownTo, homeIsPinned, type FolderLook } from '../../src/io/home-reach.js';

const AGENT = 1000;
const rootFolder = (dev = 1, mode = 0o40755): FolderLook => ({ isDirectory: true, dev, uid: 0, mode });
const mountedHome: FolderLook = { isDirectory: true, dev: 2, uid: AGENT, mode: 0o40755 };

describe('homeIsPinned', () => {
  it("pins a sandbox image's home: a volume at /home/agent, under / and /home of root's, mode 0755", () => {
    expect(homeIsPinned([rootFolder(), rootFolder(), mountedHome], AGENT)).toBe(true);
  });

  it('pins a home the agent may not even enter (mode 0700), the folders above it being root\'s 0700', () => {
    expect(homeIsPinned([rootFolder(), rootFolder(1, 0o40700), { ...mountedHome, mode: 0o40700 }], AGENT)).toBe(true);
  });

  it('does not pin a home on its parent\'s device: a folder, which whoever may write its parent can move', () => {
    expect(homeIsPinned([rootFolder(), rootFolder(), { ...mountedHome, dev: 1 }], AGENT)).toBe(false);
  });

  it('does not pin any home for an agent that is root', () => {
    expect(homeIsPinned([rootFolder(), rootFolder(), mountedHome], 0)).toBe(false);
  });

  it('does not pin a home under a folder its group may write to', () => {
    expect(homeIsPinned([rootFolder(), rootFolder(1, 0o40775), mountedHome], AGENT)).toBe(false);
  });

  it('does not pin a home under a folder everyone may write to, sticky (/tmp, 1777) or not', () => {
    expect(homeIsPinned([rootFolder(), rootFolder(1, 0o41777), mountedHome], AGENT)).toBe(false);
    expect(homeIsPinned([rootFolder(), rootFolder(1, 0o40757), mountedHome], AGENT)).toBe(false);
  });

  it('does not pin a home under a folder of the agent\'s own, however high', () => {
    expect(homeIsPinned([{ ...rootFolder(), uid: AGENT }, rootFolder(), mountedHome], AGENT)).toBe(false);
    expect(homeIsPinned([rootFolder(), { ...rootFolder(), uid: 1001 }, mountedHome], AGENT)).toBe(false);
  });

  it('does not pin a home that is not a folder, nor one below something that is not', () => {
    expect(homeIsPinned([rootFolder(), rootFolder(), { ...mountedHome, isDirectory: false }], AGENT)).toBe(false);
    expect(homeIsPinned([rootFolder(), { ...rootFolder(), isDirectory: false }, mountedHome], AGENT)).toBe(false);
  });

  it('does not pin / itself, nor an empty chain', () => {
    expect(homeIsPinned([rootFolder()], AGENT)).toBe(false);
    expect(homeIsPinned([], AGENT)).toBe(false);
  });
});

describe('foldersDownTo', () => {
  it('lists every folder from / down to the path, the path last', () => {
    expect(foldersDownTo('/home/agent')).toEqual(['/', '/home', '/home/agent']);
    expect(foldersDownTo('/a')).toEqual(['/', '/a']);
    expect(foldersDownTo('/')).toEqual(['/']);
  });
});

import { describe, expect, it } from 'vitest';
import { isInside, joinPath, normalizeAbsolute, relativePath, resolveShownPath, walkInsideHome, type PathStep } from '../../src/text/paths.js';

describe('paths', () => {
  it('normalizes dots, double slashes and .. that climbs past the root', () => {
    expect(normalizeAbsolute('/a//b/./c/../d/')).toBe('/a/b/d');
    expect(normalizeAbsolute('/../../etc')).toBe('/etc');
  });

  const folders = (real: string[]) => (path: string) => real.includes(path);
  const everyFolderReal = () => true;

  it('resolves ~, ~/x, absolute and relative paths', () => {
    expect(resolveShownPath('~', '/h/repos/app', '/h', null, everyFolderReal)).toBe('/h');
    expect(resolveShownPath('~/notes.md', '/h/repos/app', '/h', null, everyFolderReal)).toBe('/h/notes.md');
    expect(resolveShownPath('/etc/passwd', '/h/repos/app', '/h', null, everyFolderReal)).toBe('/etc/passwd');
    expect(resolveShownPath('src/../README.md', '/h/repos/app', '/h', null, everyFolderReal)).toBe('/h/repos/app/README.md');
    expect(resolveShownPath('src/./a.ts/', '/h', '/h', null, everyFolderReal)).toBe('/h/src/a.ts');
    expect(resolveShownPath('/../../etc', '/h', '/h', null, everyFolderReal)).toBe('/etc');
  });

  it('treats ~user as a plain relative name, not as another user\'s home', () => {
    expect(resolveShownPath('~root/x', '/h', '/h', null, everyFolderReal)).toBe('/h/~root/x');
  });

  it('keeps a .. that follows a link, a file or a missing name, as the kernel will not fold it', () => {
    const real = folders(['/h', '/h/src']);
    expect(resolveShownPath('lnk/../x.txt', '/h', '/h', null, real)).toBe('/h/lnk/../x.txt');
    expect(resolveShownPath('src/../x.txt', '/h', '/h', null, real)).toBe('/h/x.txt');
    expect(resolveShownPath('lnk/../../x.txt', '/h', '/h', null, real)).toBe('/h/lnk/../../x.txt');
    expect(resolveShownPath('missing/../x.txt', '/h', '/h', null, real)).toBe('/h/missing/../x.txt');
    // A working directory reached through a link: `..` from it goes up from where the link leads.
    expect(resolveShownPath('../x.txt', '/h/lnk', '/h', null, real)).toBe('/h/lnk/../x.txt');
    expect(relativePath('/h/lnk', '/h/lnk/../x.txt')).toBe('../x.txt');
  });

  it('reads a path through the home\'s alias as a path in the home', () => {
    const real = folders(['/', '/data', '/data/agent']);
    expect(resolveShownPath('~/a.txt', '/home/agent', '/data/agent', '/home/agent', real)).toBe('/data/agent/a.txt');
    expect(resolveShownPath('a.txt', '/home/agent/repo', '/data/agent', '/home/agent', real)).toBe('/data/agent/repo/a.txt');
    expect(resolveShownPath('/home/agent/a.txt', '/data/agent', '/data/agent', '/home/agent', real)).toBe('/data/agent/a.txt');
    // The alias's .. is the real home's parent, as the kernel has it.
    expect(resolveShownPath('/home/agent/../x', '/data/agent', '/data/agent', '/home/agent', real)).toBe('/data/x');
    expect(resolveShownPath('/home/agent2/a.txt', '/data/agent', '/data/agent', '/home/agent', real)).toBe('/home/agent2/a.txt');
  });

  it('does not count a sibling that shares the home\'s prefix as inside', () => {
    expect(isInside('/home/agent2/secret', '/home/agent')).toBe(false);
    expect(isInside('/home/agent', '/home/agent')).toBe(true);
    expect(isInside('/home/agent/x', '/home/agent')).toBe(true);
  });

  it('shows a path relative to the working directory, with ../ where needed', () => {
    expect(relativePath('/h/repos/app', '/h/repos/app/src/a.ts')).toBe('src/a.ts');
    expect(relativePath('/h/repos/app', '/h/notes.md')).toBe('../../notes.md');
    expect(relativePath('/h', '/h')).toBe('.');
    expect(joinPath('/h', '/abs')).toBe('/abs');
  });
});

describe('walkInsideHome: links followed, nothing outside the home looked at', () => {
  // A home at /h: folders, files, and links, some leading out.
  const tree: Record<string, PathStep> = {
    '/h/src': { kind: 'folder' },
    '/h/src/a.ts': { kind: 'other' },
    '/h/lnk': { kind: 'link', target: 'src' },
    '/h/abs': { kind: 'link', target: '/h/src/a.ts' },
    '/h/out': { kind: 'link', target: '/etc' },
    '/h/up': { kind: 'link', target: '../x' },
    '/h/back': { kind: 'link', target: '../h/src' },
    '/h/loop': { kind: 'link', target: 'loop' },
  };
  const walk = (path: string, alias: string | null = null) => {
    const looked: string[] = [];
    const result = walkInsideHome(path, '/h', alias, (at) => (looked.push(at), tree[at] ?? { kind: 'missing' }), 40);
    return { result, looked };
  };

  it('a path inside is its own real path, each name looked at once', () =>
    expect(walk('/h/src/a.ts')).toEqual({ result: { real: '/h/src/a.ts' }, looked: ['/h/src', '/h/src/a.ts'] }));
  it('a link inside is followed, relative or absolute', () => {
    expect(walk('/h/lnk/a.ts').result).toEqual({ real: '/h/src/a.ts' });
    expect(walk('/h/abs').result).toEqual({ real: '/h/src/a.ts' });
  });
  it('.. after a link goes up from where the link leads', () => expect(walk('/h/lnk/../src/a.ts').result).toEqual({ real: '/h/src/a.ts' }));
  it('a link out and back in through the folders above the home is inside', () => expect(walk('/h/back/a.ts').result).toEqual({ real: '/h/src/a.ts' }));
  it('a path outside is outside before anything is looked at', () => expect(walk('/etc/passwd')).toEqual({ result: { outside: true }, looked: [] }));
  it('a link leading out is outside, and its target never looked at', () => {
    expect(walk('/h/out/passwd')).toEqual({ result: { outside: true }, looked: ['/h/out'] });
    expect(walk('/h/up')).toEqual({ result: { outside: true }, looked: ['/h/up'] });
  });
  it('the folder above the home is outside', () => expect(walk('/h/..').result).toEqual({ outside: true }));
  it('a missing name is ENOENT, a file with more after it ENOTDIR, a loop ELOOP', () => {
    expect(walk('/h/gone/a.ts').result).toEqual({ errorCode: 'ENOENT' });
    expect(walk('/h/src/a.ts/b').result).toEqual({ errorCode: 'ENOTDIR' });
    expect(walk('/h/loop').result).toEqual({ errorCode: 'ELOOP' });
  });
  it("the home's alias reads as the home", () => expect(walk('/home/me/src/a.ts', '/home/me').result).toEqual({ real: '/h/src/a.ts' }));
});

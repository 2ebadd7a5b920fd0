import { describe, expect, it } from 'vitest';
import { isInside, joinPath, normalizeAbsolute, relativePath, resolveShownPath } from '../../src/text/paths.js';

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

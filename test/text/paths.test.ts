import { describe, expect, it } from 'vitest';
import { isInside, joinPath, normalizeAbsolute, relativePath, resolveUserPath } from '../../src/text/paths.js';

describe('paths', () => {
  it('normalizes dots, double slashes and .. that climbs past the root', () => {
    expect(normalizeAbsolute('/a//b/./c/../d/')).toBe('/a/b/d');
    expect(normalizeAbsolute('/../../etc')).toBe('/etc');
  });

  it('resolves ~, ~/x, absolute and relative paths', () => {
    expect(resolveUserPath('~', '/h/repos/app', '/h')).toBe('/h');
    expect(resolveUserPath('~/notes.md', '/h/repos/app', '/h')).toBe('/h/notes.md');
    expect(resolveUserPath('/etc/passwd', '/h/repos/app', '/h')).toBe('/etc/passwd');
    expect(resolveUserPath('src/../README.md', '/h/repos/app', '/h')).toBe('/h/repos/app/README.md');
  });

  it('treats ~user as a plain relative name, not as another user\'s home', () => {
    expect(resolveUserPath('~root/x', '/h', '/h')).toBe('/h/~root/x');
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

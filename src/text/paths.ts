// POSIX path arithmetic, done lexically. Pure: the file system is never consulted here.

/** Resolve `.` and `..` and duplicate slashes in an absolute path. */
export function normalizeAbsolute(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return '/' + out.join('/');
}

export function joinPath(base: string, rel: string): string {
  return normalizeAbsolute(rel.startsWith('/') ? rel : base + '/' + rel);
}

/**
 * `~` expansion, said once: `~` and `~/x` start at the home, an absolute path stands as it is, anything
 * else starts at `base`.
 */
export function expandHome(input: string, home: string, base: string): string {
  if (input === '~') return normalizeAbsolute(home);
  if (input.startsWith('~/')) return joinPath(home, input.slice(2));
  return joinPath(base, input);
}

/** Where a path the model gave points, before links are followed; relative paths start at the working directory. */
export function resolveUserPath(input: string, cwd: string, home: string): string {
  return expandHome(input, home, cwd);
}

/** Whether `path` is `root` or lies below it (both absolute and normalized). */
export function isInside(path: string, root: string): boolean {
  if (root === '/') return true;
  return path === root || path.startsWith(root + '/');
}

/** `to` as seen from `from` (both absolute and normalized): `.` for the same folder, `../` where needed. */
export function relativePath(from: string, to: string): string {
  const fromParts = from.split('/').filter(Boolean);
  const toParts = to.split('/').filter(Boolean);
  let common = 0;
  while (common < fromParts.length && common < toParts.length && fromParts[common] === toParts[common]) {
    common++;
  }
  const ups = fromParts.length - common;
  const rest = toParts.slice(common);
  const parts = [...Array<string>(ups).fill('..'), ...rest];
  return parts.length === 0 ? '.' : parts.join('/');
}

export function dirName(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

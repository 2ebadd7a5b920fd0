// POSIX path arithmetic, done lexically. Pure: the file system is never consulted here.

/** An empty, `.` or `..` component: what normalizeAbsolute takes out. */
const NOT_NORMAL = /\/(?:\.\.?)?(?:\/|$)/;

/** Resolve `.` and `..` and duplicate slashes in an absolute path. */
export function normalizeAbsolute(path: string): string {
  // Most paths are already in normal form (every call joins a few): one scan, not a split and a join.
  if (path.startsWith('/') && !NOT_NORMAL.test(path)) return path;
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

/**
 * Where a path the model gave points, resolved the way the kernel walks it, for showing: `.` and empty
 * components go; a `..` folds its folder away only when `isRealFolder` says that folder is a real one
 * (no link, no file, nothing missing), because the kernel goes up from where a link leads (`lnk/..`
 * with `lnk -> a/b` is `a`, not the folder holding `lnk`). Such a `..` stays in the path as written,
 * and so does one after a name that is missing or not a folder (the kernel refuses it). Where the walk
 * passes through `homeAlias` (the home as $HOME names it, when that is a link), it continues from the
 * real home: the kernel does the same, and the path then reads as the home's own.
 * Relative paths start at `cwd`; `~` and `~/x` at the home.
 */
export function resolveShownPath(
  input: string,
  cwd: string,
  home: string,
  homeAlias: string | null,
  isRealFolder: (path: string) => boolean,
): string {
  const homeParts = home.split('/').filter(Boolean);
  const aliasParts = homeAlias === null ? null : homeAlias.split('/').filter(Boolean);
  let parts: string[];
  let rest: string;
  if (input === '~' || input.startsWith('~/')) {
    parts = homeParts.slice();
    rest = input.slice(1);
  } else {
    parts = [];
    rest = input.startsWith('/') ? input : cwd + '/' + input;
  }
  for (const part of rest.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      const top = parts[parts.length - 1];
      if (top === undefined) continue; // `/..` is `/`
      if (top !== '..' && isRealFolder('/' + parts.join('/'))) parts.pop();
      else parts.push('..');
      continue;
    }
    parts.push(part);
    if (aliasParts !== null && parts.length === aliasParts.length && parts.every((name, i) => name === aliasParts[i])) {
      parts = homeParts.slice();
    }
  }
  return '/' + parts.join('/');
}

/** Whether `path` is `root` or lies below it (both absolute and normalized). */
export function isInside(path: string, root: string): boolean {
  if (root === '/') return true;
  return path === root || path.startsWith(root + '/');
}

/**
 * `to` as seen from `from` (both absolute; `from` normalized, `to` normalized but for the `..` that
 * resolveShownPath keeps after a link): `.` for the same folder, `../` where needed. */
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

/** What a place inside the home is, for walkInsideHome: looked at only there. */
export type PathStep = { kind: 'link'; target: string } | { kind: 'folder' } | { kind: 'other' } | { kind: 'missing' };

export type ConfinedWalk = { real: string } | { outside: true } | { errorCode: 'ENOENT' | 'ENOTDIR' | 'ELOOP' };

function components(path: string): string[] {
  return path.split('/').filter((part) => part !== '' && part !== '.');
}

/**
 * Where the absolute `path` leads, links followed, walked as the kernel walks it but never looking
 * outside the home: a step to a place that is neither inside it nor on the way to it (one of its
 * folders, or of `homeAlias`'s, which reads as the home) ends the walk as outside before anything
 * there is looked at, and so does a link inside whose target leads out. `look` is asked only about
 * places inside the home. The walk ends where the kernel's would fail: a missing name (ENOENT), a
 * name that is not a folder with more of the path after it (ENOTDIR), too many links (ELOOP).
 */
export function walkInsideHome(path: string, home: string, homeAlias: string | null, look: (path: string) => PathStep, maxLinks: number): ConfinedWalk {
  const onTheWay = (at: string) => isInside(home, at) || (homeAlias !== null && isInside(homeAlias, at));
  let parts: string[] = [];
  let rest = components(path);
  let links = 0;
  while (rest.length > 0) {
    const name = rest.shift()!;
    // Every place the walk stands on is a real folder: inside, where it was looked at, or on the way.
    if (name === '..') {
      parts.pop();
      continue;
    }
    parts.push(name);
    const at = '/' + parts.join('/');
    if (at === homeAlias) {
      parts = components(home);
      continue;
    }
    // The home and the folders above it are real folders (the home's path has its links resolved).
    if (at === home || !isInside(at, home)) {
      if (onTheWay(at)) continue;
      return { outside: true };
    }
    const step = look(at);
    if (step.kind === 'missing') return { errorCode: 'ENOENT' };
    if (step.kind === 'link') {
      if (++links > maxLinks) return { errorCode: 'ELOOP' };
      parts.pop();
      if (step.target.startsWith('/')) parts = [];
      rest = [...components(step.target), ...rest];
    } else if (step.kind === 'other' && rest.length > 0) {
      return { errorCode: 'ENOTDIR' };
    }
  }
  const real = '/' + parts.join('/');
  return isInside(real, home) ? { real } : { outside: true };
}

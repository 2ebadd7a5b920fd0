// The client's roots (MCP roots/list) read into folders: a root is a local folder named by a file://
// URI, anything else is refused with the reason. Pure: the entry checks the folder on disk.

export type RootFolder = { kind: 'folder'; path: string } | { kind: 'refused'; reason: string };

const LOCAL_HOSTS = new Set(['', 'localhost']);

/** The absolute path a root's URI names, or why it is not a local folder. */
export function rootFolder(uri: string): RootFolder {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return { kind: 'refused', reason: 'not a URI' };
  }
  if (url.protocol !== 'file:') return { kind: 'refused', reason: 'not a local folder (file:// only)' };
  if (!LOCAL_HOSTS.has(url.hostname)) return { kind: 'refused', reason: `on another host (${url.hostname})` };
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'refused', reason: 'not a URI' };
  }
  if (path.includes('\0')) return { kind: 'refused', reason: 'not a path' };
  if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '');
  return { kind: 'folder', path };
}

/** Whether a folder is the home or inside it (both absolute, links resolved). */
export function isInside(folder: string, home: string): boolean {
  return folder === home || folder.startsWith(home === '/' ? '/' : `${home}/`);
}

/**
 * The URIs of a roots/list answer, read leniently: one root that is not file:// is refused on its
 * own, where the SDK's schema would fail the whole list. A string when the answer has no list.
 */
export function rootUris(result: unknown): string[] | string {
  const roots = typeof result === 'object' && result !== null ? (result as { roots?: unknown }).roots : undefined;
  if (!Array.isArray(roots)) return 'the answer has no list of roots';
  const uris: string[] = [];
  for (const root of roots) {
    const uri = typeof root === 'object' && root !== null ? (root as { uri?: unknown }).uri : undefined;
    uris.push(typeof uri === 'string' ? uri : JSON.stringify(uri ?? null));
  }
  return uris;
}

// Whether a home can change under a helper that answers many calls (the warm stream, the MCP server),
// decided from what `lstat` says of each folder on its path. Such a helper looks at its home at every
// call, as a cold helper does at its start, so that a home removed or replaced between two calls is
// answered alike either way. A home that nothing in the sandbox but a process with CAP_SYS_ADMIN could
// remove, rename or replace gives every cold call the same answer for the sandbox's life: it is looked
// at once. That is a sandbox image's home: a mount point (a volume, a bind mount), which no one may
// remove or rename while it is mounted (EBUSY, root too), under folders only root may change (`/`,
// `/home`), for an agent that is not root. Pure.

/** What `lstat` says of one folder on the home's path. */
export interface FolderLook {
  isDirectory: boolean;
  /** The device it is on: a mount point's differs from its parent's. */
  dev: number;
  uid: number;
  mode: number;
}

const WRITABLE_BY_GROUP_OR_OTHERS = 0o022;

/**
 * `chain` is every folder from `/` down to the home, in order. The home is pinned when it is a mount
 * point (its device not its parent's), every folder above it is a folder of root's that no one else
 * may write to (so none can be moved aside with the home in it, and none gains a link in its place),
 * and the agent (`agentUid`, the helper's effective uid) is not root. A folder writable by a group or by
 * all, sticky or not, does not count: whom a group holds is not looked at.
 */
export function homeIsPinned(chain: readonly FolderLook[], agentUid: number): boolean {
  if (agentUid === 0 || chain.length < 2) return false;
  const home = chain[chain.length - 1]!;
  const parent = chain[chain.length - 2]!;
  if (!home.isDirectory || home.dev === parent.dev) return false;
  return chain.slice(0, -1).every((folder) => folder.isDirectory && folder.uid === 0 && (folder.mode & WRITABLE_BY_GROUP_OR_OTHERS) === 0);
}

/** The folders from `/` down to `path` (absolute, normal): `/a/b` gives `/`, `/a`, `/a/b`. */
export function foldersDownTo(path: string): string[] {
  const names = path.split('/').filter((name) => name !== '');
  return ['/', ...names.map((_, index) => `/${names.slice(0, index + 1).join('/')}`)];
}

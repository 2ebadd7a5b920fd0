// Error codes to words, said once. Pure: the code is read from what was thrown, the words are the
// ones the model reads.

/** The errno name of a failed call (ENOENT, EACCES, …), if it has one. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** What went wrong writing the helper's own state (a run folder, a record), by errno name. */
const STATE_FAILURES: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a file stands where a folder should be',
  EEXIST: 'a file stands where a folder should be',
  EISDIR: 'a folder stands where a file should be',
};

/** Why a state file could not be written, in words, with its errno name. */
export function stateFailure(error: unknown): string {
  const reported = errorCode(error);
  if (reported === undefined) return 'unknown error';
  // Node's rm names a folder in the way ERR_FS_EISDIR; the system's own name is the one to look up.
  const code = reported === 'ERR_FS_EISDIR' ? 'EISDIR' : reported;
  return STATE_FAILURES[code] ? `${STATE_FAILURES[code]} (${code})` : code;
}

/** The errno name, or the message of what was thrown when it has none. */
export function codeOrMessage(error: unknown): string {
  const code = errorCode(error);
  if (code !== undefined) return code;
  return error instanceof Error ? error.message : String(error);
}

// Who the helper acts as. A helper started as root for a home that another user owns (the sandbox
// image's agent, uid 1000) serves that user: it takes the user's uid and gid as its effective ones
// before it reads a byte of the request, so every file it reads or writes is checked and owned as the
// agent's own, and it starts every process of the call as the agent, whole (real, effective and saved
// ids, no supplementary group, no capability). Its real uid stays root's, and that is the point: a
// process of the agent may not open, read, write or trace a process whose real uid is another's, so
// the agent's commands cannot reach the helper's pipes (a forged answer), its environment (every
// folder's token) or its memory. Elsewhere (started as the agent, as on a developer's machine and in
// bubblewrap) nothing changes. docs/reliability.md, "The helper out of the agent's reach".
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { REPO_TOKENS_FILE_MAX_BYTES, REPO_TOKENS_FILE_VARIABLE, REPO_TOKENS_VARIABLE } from '../../contract/environment.js';

export interface AgentIdentity {
  uid: number;
  gid: number;
}

/** Whether this process was started as root and now acts as another user (its effective uid). */
export function actingAsAgent(): AgentIdentity | null {
  if (process.getuid?.() !== 0) return null;
  const uid = process.geteuid!();
  return uid === 0 ? null : { uid, gid: process.getegid!() };
}

/**
 * The owner of `home` when this process runs as root and the home is another user's; null otherwise
 * (not root, a root-owned home, no home to look at).
 */
export function agentOwningHome(home: string | undefined): AgentIdentity | null {
  if (process.getuid?.() !== 0 || home === undefined || home === '' || home.includes('\0')) return null;
  try {
    const { uid, gid } = statSync(home);
    return uid === 0 ? null : { uid, gid };
  } catch {
    return null;
  }
}

/**
 * Takes the agent's ids as this process's effective ones (its groups the agent's gid alone). A helper
 * started by one already acting as the agent (the MCP server's code_task helper) starts with the
 * agent's effective uid and root's real one: it takes root's back first, as the real uid allows.
 */
export function actAs(agent: AgentIdentity): void {
  if (process.geteuid!() !== 0) process.seteuid!(0);
  process.setgroups!([agent.gid]);
  process.setegid!(agent.gid);
  process.seteuid!(agent.uid);
}

/**
 * Runs `start` with root's effective uid back for as long as it takes to start a child as the agent
 * (a start needs the capability to change ids, which an effective uid other than root's holds none
 * of), then acts as the agent again. Node starts a child synchronously and runs no other JavaScript
 * meanwhile; the helper's file operations are synchronous, so none runs as root.
 */
export function asRootWhile<T>(agent: AgentIdentity, start: () => T): T {
  process.seteuid!(0);
  try {
    return start();
  } finally {
    process.seteuid!(agent.uid);
  }
}

/**
 * Moves the repository tokens from the file GUILD_REPO_TOKENS_FILE names into GUILD_REPO_TOKENS of
 * this process's environment (Node's copy of it: /proc/<pid>/environ keeps showing the environment the
 * process started with, which held no token). Read as root, before the helper acts as the agent; the
 * file must be root's own, a regular file that no one else may read or write, not reached through a
 * link. Returns why it was refused, or null.
 */
export function takeRepoTokensFile(env: NodeJS.ProcessEnv): string | null {
  const path = env[REPO_TOKENS_FILE_VARIABLE];
  delete env[REPO_TOKENS_FILE_VARIABLE];
  if (path === undefined) return null;
  const refused = `the repository tokens file ${path} is not a file of root's own that only root may read`;
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return refused;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile() || info.uid !== 0 || (info.mode & 0o077) !== 0 || info.size > REPO_TOKENS_FILE_MAX_BYTES) return refused;
    const bytes = Buffer.alloc(info.size);
    let at = 0;
    while (at < bytes.length) {
      const read = readSync(fd, bytes, at, bytes.length - at, null);
      if (read === 0) break;
      at += read;
    }
    env[REPO_TOKENS_VARIABLE] = bytes.subarray(0, at).toString('utf8');
    return null;
  } catch {
    return refused;
  } finally {
    closeSync(fd);
  }
}

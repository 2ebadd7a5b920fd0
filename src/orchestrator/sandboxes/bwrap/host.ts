// What the bubblewrap sandbox takes from the host: its system paths and programs, and how a stop
// reaches a process inside.
import { lstatSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { findRipgrepIn } from '../../../tools/code_search/node/find.js';
import { SANDBOX_BIN_DIR, type Mount, type SystemPath } from './argv.js';

/** The top-level system paths shown read-only when the host has them; everything else is hidden. */
export const SYSTEM_PATHS: readonly string[] = ['/usr', '/etc', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];
/** Host secrets under /etc, covered when present: the container shows its own passwd and group. */
export const HIDDEN_SYSTEM_FILES: readonly string[] = ['/etc/shadow', '/etc/shadow-', '/etc/gshadow', '/etc/gshadow-', '/etc/sudoers'];
/** Where a system program is: on PATH, else in the system's own folders. */
export function findProgram(name: string): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/bin', '/usr/sbin', '/sbin'];
  for (const folder of folders) {
    if (!folder.startsWith('/')) continue;
    const candidate = join(folder, name);
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

/** The system paths this host has, links kept as links. */
export function hostSystem(): SystemPath[] {
  const found: SystemPath[] = [];
  for (const path of SYSTEM_PATHS) {
    try {
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) found.push({ path, link: readlinkSync(path) });
      else if (stat.isDirectory()) found.push({ path });
    } catch {
      // This host has none.
    }
  }
  return found;
}

/** node, the helpers and ripgrep (when this machine has one), at the paths an image gives them. */
export function hostPrograms(helperBundle: string, harnessBundle: string): Mount[] {
  const programs: Mount[] = [
    { from: realpathSync(process.execPath), to: `${SANDBOX_BIN_DIR}/node` },
    { from: realpathSync(helperBundle), to: `${SANDBOX_BIN_DIR}/guilds-code` },
    { from: realpathSync(harnessBundle), to: `${SANDBOX_BIN_DIR}/guilds-harness` },
  ];
  try {
    programs.push({ from: realpathSync(findRipgrepIn(process.env)), to: `${SANDBOX_BIN_DIR}/rg` });
  } catch {
    // code_search says inside that ripgrep is missing, as it would in an image without it.
  }
  return programs;
}

export function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}

/** How long a stop waits for nsenter to have forked the process it asks to stop. */
const STOP_RETRY_MS = 25;
const STOP_RETRIES = 40;

/**
 * A stop for a call that entered the container: nsenter does not pass SIGTERM on, so it goes to the
 * process nsenter forked inside (the helper), once there is one.
 */
export function terminateInside(nsenterPid: number, retries = STOP_RETRIES): void {
  let children: string[] = [];
  try {
    children = readFileSync(`/proc/${nsenterPid}/task/${nsenterPid}/children`, 'utf8').trim().split(' ').filter(Boolean);
  } catch {
    return; // nsenter is gone, and with it the call.
  }
  if (children.length === 0) {
    if (retries > 0) setTimeout(() => terminateInside(nsenterPid, retries - 1), STOP_RETRY_MS);
    return;
  }
  for (const pid of children) {
    try {
      process.kill(Number(pid), 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

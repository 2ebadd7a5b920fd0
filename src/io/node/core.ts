// The real I/O that every call uses: files, background processes, the clock. What only some tools use
// (a shell, ripgrep, SHA-256, git and a harness) is each tool's own (src/tools/<tool>/node-io.ts),
// handed in, so that a helper body for one tool holds the code of its own I/O only: docs/performance.md,
// "One body per kind of call".
import {
  closeSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  utimesSync,
  type Stats,
} from 'node:fs';
import type { FileInfo, FileKind, FileSystem, Io, OpenFile } from '../types.js';
import { nodeBackgroundProcesses } from './background.js';
import { OPEN_READ_FLAGS, readRegularFile, removeFileIfPresent, writeFileAtomic } from './files.js';
import { actingAsAgent } from './identity.js';
import { takeFileWithoutFollowing } from './request-file.js';

function kindOf(stats: Stats): FileKind {
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'folder';
  if (stats.isFIFO()) return 'fifo';
  if (stats.isSocket()) return 'socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'device';
  if (stats.isSymbolicLink()) return 'link';
  return 'other';
}

function infoOf(stats: Stats): FileInfo {
  return { kind: kindOf(stats), size: stats.size, mtimeMs: stats.mtimeMs };
}

class NodeOpenFile implements OpenFile {
  constructor(private readonly fd: number) {}
  info(): FileInfo {
    return infoOf(fstatSync(this.fd));
  }
  realPath(): string {
    return readlinkSync(`/proc/self/fd/${this.fd}`);
  }
  read(buffer: Uint8Array): number {
    return readSync(this.fd, buffer, 0, buffer.length, null);
  }
  readAt(buffer: Uint8Array, length: number, position: number): number {
    return readSync(this.fd, buffer, 0, length, position);
  }
  descriptor(): number {
    return this.fd;
  }
  close(): void {
    closeSync(this.fd);
  }
}

export const nodeFileSystem: FileSystem = {
  realPath: (path) => realpathSync.native(path),
  stat(path) {
    const stats = statSync(path, { throwIfNoEntry: false });
    return stats ? infoOf(stats) : null;
  },
  lstat(path) {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    return stats ? infoOf(stats) : null;
  },
  readLink: (path) => readlinkSync(path),
  openRead: (path) => new NodeOpenFile(openSync(path, OPEN_READ_FLAGS)),
  readFile: (path, maxBytes = Number.MAX_SAFE_INTEGER) => readRegularFile(path, maxBytes),
  takeFile: (folder, name, maxBytes) => takeFileWithoutFollowing(folder, name, maxBytes, actingAsAgent() !== null),
  writeFileAtomic,
  makeFolder: (path) => void mkdirSync(path, { recursive: true, mode: 0o700 }),
  removeFile: removeFileIfPresent,
  removeTree: (path) => rmSync(path, { force: true, recursive: true }),
  listFolder: (path) => readdirSync(path),
  touch(path) {
    const now = new Date();
    utimesSync(path, now, now);
  },
};

/** What every call sees, in `home`, with `own`: the I/O its tools have of their own (src/tools/<tool>/io.ts). */
export function nodeIoWith<Own extends object>(own: Own, home: string, runDir: string, env: Record<string, string | undefined>): Io & Own {
  return {
    home,
    runDir,
    env,
    fs: nodeFileSystem,
    background: nodeBackgroundProcesses,
    now: () => Date.now(),
    ...own,
  };
}

/** What a helper that answers many calls keeps for its life beside its tools' own I/O (the warm stream, the MCP server). */
export function longLivedIo(): Pick<Io, 'runUseMarks'> {
  return { runUseMarks: new Map() };
}

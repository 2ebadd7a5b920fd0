// The real I/O. Only src/entry.ts and the modules of src/io/node/ touch node: modules.
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
import { SHA256_WASM_MAX_BYTES } from '../../limits.js';
import { nodeSearchProcesses } from './search.js';
import { WasmSha256 } from '../sha256-wasm.js';
import type { FileInfo, FileKind, FileSystem, Hasher, Io, OpenFile } from '../types.js';
import { nodeBackgroundProcesses } from './background.js';
import { OPEN_READ_FLAGS, readRegularFile, removeFileIfPresent, writeFileAtomic } from './files.js';
import { loadCrypto } from './modules.js';
import { nodeShellProcesses } from './shell.js';

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
  openRead: (path) => new NodeOpenFile(openSync(path, OPEN_READ_FLAGS)),
  readFile: (path, maxBytes = Number.MAX_SAFE_INTEGER) => readRegularFile(path, maxBytes),
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

class NodeHasher implements Hasher {
  private readonly hash = loadCrypto().createHash('sha256');
  update(bytes: Uint8Array): void {
    this.hash.update(bytes);
  }
  hexDigest(): string {
    return this.hash.digest('hex');
  }
}

/** WebAssembly for a small input (src/limits.ts says why), node:crypto for a large one. */
function sha256Hasher(expectedBytes: number): Hasher {
  if (expectedBytes <= SHA256_WASM_MAX_BYTES) {
    try {
      return new WasmSha256();
    } catch {
      // No WebAssembly in this Node (--jitless), or no address space for its memory (a ulimit -v
      // below the gigabytes V8 reserves around it): node:crypto always works.
    }
  }
  return new NodeHasher();
}

export function nodeIo(home: string, runDir: string, env: Record<string, string | undefined>): Io {
  return {
    home,
    runDir,
    env,
    fs: nodeFileSystem,
    shell: nodeShellProcesses,
    background: nodeBackgroundProcesses,
    search: nodeSearchProcesses,
    sha256: sha256Hasher,
    now: () => Date.now(),
  };
}

// The real I/O. Only src/main.ts and the src/io/node*.ts modules touch node: modules.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { SHA256_WASM_MAX_BYTES } from '../limits.js';
import { nodeBackgroundProcesses } from './node-background.js';
import { nodeSearchProcesses } from './node-search.js';
import { nodeShellProcesses } from './node-shell.js';
import { temporaryPathBeside } from './node-process.js';
import { WasmSha256 } from './sha256-wasm.js';
import type { FileInfo, FileKind, FileSystem, Hasher, Io, OpenFile } from './types.js';

// Loading node:crypto or node:child_process costs milliseconds at every start, so ops that need them
// load them on first use. In the bundle `require` is CommonJS's own; under the test runner (an ES
// module) Node's built-ins come from process.getBuiltinModule, so the bundle need not load node:module.
declare const require: NodeJS.Require | undefined;
const nodeRequire = (id: string): unknown =>
  typeof require === 'function' ? require(id) : process.getBuiltinModule(id);

export function loadCrypto(): typeof import('node:crypto') {
  return nodeRequire('node:crypto') as typeof import('node:crypto');
}

export function loadChildProcess(): typeof import('node:child_process') {
  return nodeRequire('node:child_process') as typeof import('node:child_process');
}

export function loadOs(): typeof import('node:os') {
  return nodeRequire('node:os') as typeof import('node:os');
}

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

const OPEN_READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;
const READ_FILE_CHUNK_BYTES = 65_536;

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

function codedError(code: string, message: string): Error {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}

/**
 * A regular file's bytes, opened without blocking: a FIFO or a device named where a small state
 * file is expected must not hang the call (a FIFO without a writer) or fill memory (/dev/zero).
 */
function readRegularFile(path: string, maxBytes: number): Uint8Array {
  const fd = openSync(path, OPEN_READ_FLAGS);
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw codedError('EISDIR', `${path} is a folder`);
    if (!stats.isFile()) throw codedError('EFTYPE', `${path} is not a regular file`);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      // A /proc file says size 0 and still has content, so the size is only a hint.
      const chunk = Buffer.allocUnsafe(Math.min(READ_FILE_CHUNK_BYTES, maxBytes - total + 1));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      total += read;
      if (total > maxBytes) throw codedError('EFBIG', `${path} passes ${maxBytes} bytes`);
      chunks.push(chunk.subarray(0, read));
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
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
  writeFileAtomic(path, data) {
    const temp = temporaryPathBeside(path);
    try {
      writeFileSync(temp, data, { mode: 0o600 });
      renameSync(temp, path);
    } catch (error) {
      rmSync(temp, { force: true });
      throw error;
    }
  },
  makeFolder: (path) => void mkdirSync(path, { recursive: true, mode: 0o700 }),
  removeFile: (path) => rmSync(path, { force: true }),
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

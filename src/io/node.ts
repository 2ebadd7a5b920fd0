// The real I/O. Only src/main.ts and the src/io/node*.ts modules touch node: modules.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { nodeBackgroundProcesses } from './node-background.js';
import { nodeSearchProcesses } from './node-search.js';
import { nodeShellProcesses } from './node-shell.js';
import type { FileInfo, FileKind, FileSystem, Hasher, Io, OpenFile } from './types.js';

// Loading node:crypto or node:child_process costs milliseconds at every start, so ops that need them
// load them on first use. In the bundle `require` is CommonJS's own; under the test runner it is made.
declare const require: NodeJS.Require | undefined;
const nodeRequire: NodeJS.Require =
  typeof require === 'function' ? require : createRequire(import.meta.url);

export function loadCrypto(): typeof import('node:crypto') {
  return nodeRequire('node:crypto') as typeof import('node:crypto');
}

export function loadChildProcess(): typeof import('node:child_process') {
  return nodeRequire('node:child_process') as typeof import('node:child_process');
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
  close(): void {
    closeSync(this.fd);
  }
}

let tempCounter = 0;

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
  readFile: (path) => readFileSync(path),
  writeFileAtomic(path, data) {
    const temp = `${path}.${process.pid}.${++tempCounter}.tmp`;
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

export function nodeIo(home: string, runDir: string, env: Record<string, string | undefined>): Io {
  return {
    home,
    runDir,
    env,
    fs: nodeFileSystem,
    shell: nodeShellProcesses,
    background: nodeBackgroundProcesses,
    search: nodeSearchProcesses,
    sha256: () => new NodeHasher(),
    now: () => Date.now(),
  };
}

// The scratch world the cases run in: a home with the files they read and search, a run folder,
// and the ripgrep binary both the helper and the floor use. Large data is made once and kept under
// .tmp/bench/ between runs; the smoke run makes small stand-ins in a temporary folder instead.
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const MIB = 1_048_576;
export const SYSTEM_HEADERS = '/usr/include';
const FULL_BULK_MIB = { shellOutput: 400, readFile: 512 };
const SMOKE_BULK_MIB = { shellOutput: 4, readFile: 4 };
export const SMALL_FILE_LINES = 2_000;
const SMOKE_TREE_FILES = 40;

export interface Scratch {
  root: string;
  home: string;
  runDir: string;
  /** A 2,000-line text file, relative to the home. */
  smallFile: string;
  /** The large text file file_read hashes whole, relative to the home. */
  largeFile: string;
  largeFileBytes: number;
  /** Bytes the shell case prints. */
  shellOutputBytes: number;
  /** The searched tree, relative to the home. */
  tree: string;
  treeFiles: number;
  treeBytes: number;
  /** Where the bare command of the shell case writes. */
  outputSink: string;
  rg: string;
  cleanup(): void;
}

export function ripgrepPath(): string {
  // The binary @vscode/ripgrep ships; its package only says where it lies.
  const require = createRequire(import.meta.url);
  const platformPackage = `@vscode/ripgrep-${process.platform}-${process.arch}`;
  return require.resolve(`${platformPackage}/bin/rg`);
}

/** Lines that look like source text: numbered, so that no two are alike. */
function textLines(first: number, count: number): string {
  let text = '';
  for (let i = first; i < first + count; i++) text += `${i}: the quick brown fox jumps over the lazy dog, line ${i}\n`;
  return text;
}

function writeLargeFile(path: string, bytes: number): void {
  // About a mebibyte of whole lines, repeated; the file ends wherever the size says.
  const lines = textLines(1, 20_000);
  const block = Buffer.from(lines.slice(0, lines.lastIndexOf('\n', MIB) + 1), 'utf8');
  const fd = openSync(path, 'w');
  try {
    for (let written = 0; written < bytes; written += block.length) writeSync(fd, block, 0, Math.min(block.length, bytes - written));
  } finally {
    closeSync(fd);
  }
}

function treeSize(folder: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

function writeSmokeTree(folder: string): void {
  mkdirSync(folder, { recursive: true });
  for (let i = 0; i < SMOKE_TREE_FILES; i++) {
    const lines = Array.from({ length: 50 }, (_, n) => `void handler_${i}_${n}(int argument);`);
    if (i % 10 === 0) lines.push('int pthread_mutex_timedlock(void *mutex, const void *abstime);');
    writeFileSync(join(folder, `header_${i}.h`), lines.join('\n') + '\n');
  }
}

export function makeScratch(repoRoot: string, smoke: boolean): Scratch {
  const root = smoke ? mkdtempSync(join(tmpdir(), 'guilds-code-bench-')) : join(repoRoot, '.tmp', 'bench');
  const home = join(root, 'home');
  const runDir = join(root, 'run');
  mkdirSync(home, { recursive: true });
  // The run folder starts empty every time: shell_status must find no background commands.
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(join(runDir, 'requests'), { recursive: true });
  rmSync(join(home, '.runs'), { recursive: true, force: true });

  const smallFile = 'two-thousand-lines.txt';
  writeFileSync(join(home, smallFile), textLines(1, SMALL_FILE_LINES));

  const sizes = smoke ? SMOKE_BULK_MIB : FULL_BULK_MIB;
  const largeFile = `large-${sizes.readFile}-mib.txt`;
  const largeFileBytes = sizes.readFile * MIB;
  const largePath = join(home, largeFile);
  if (!existsSync(largePath) || statSync(largePath).size !== largeFileBytes) writeLargeFile(largePath, largeFileBytes);

  const tree = 'include';
  const treePath = join(home, tree);
  const treeReady = join(root, 'include.copied');
  if (smoke) writeSmokeTree(treePath);
  else if (!existsSync(treeReady)) {
    rmSync(treePath, { recursive: true, force: true });
    execFileSync('cp', ['-a', SYSTEM_HEADERS, treePath]);
    writeFileSync(treeReady, `${new Date().toISOString()}\n`);
  }
  const { files, bytes } = treeSize(treePath);

  return {
    root,
    home,
    runDir,
    smallFile,
    largeFile,
    largeFileBytes,
    shellOutputBytes: sizes.shellOutput * MIB,
    tree,
    treeFiles: files,
    treeBytes: bytes,
    outputSink: join(root, 'bare-output.txt'),
    rg: ripgrepPath(),
    cleanup: () => {
      rmSync(join(root, 'bare-output.txt'), { force: true });
      rmSync(join(home, '.runs'), { recursive: true, force: true });
      if (smoke) rmSync(root, { recursive: true, force: true });
    },
  };
}

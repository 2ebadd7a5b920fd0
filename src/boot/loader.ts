// The first code of dist/guilds-code.js. The helper's own code follows it in the same file as one
// block comment, which Node skips almost for free; this loader compiles it with a V8 code cache, so a
// call does not parse and compile the whole helper again. Measured in docs/performance.md.
//
// Any trouble with the cache (no home, a read-only disk, a damaged or foreign file) leaves the code
// compiled without it: slower, never wrong. Nothing here may throw past run().
import { constants, lstatSync, mkdirSync, readdirSync, rmSync, statSync, writeSync } from 'node:fs';
import { Script } from 'node:vm';
import {
  CODE_CACHE_FILE_MAX_BYTES,
  cacheFileName,
  cacheKindOf,
  codeOfComment,
  decodeCacheFile,
  encodeCacheFile,
  isStaleCacheFile,
} from './code-cache.js';
import { readRegularFile, writeFileAtomic } from '../io/node/files.js';
import type { ErrorKind } from '../contract/errors.js';

/** Set by build.mjs: a digest of the helper's code, and the line of the file where that code starts. */
declare const GUILDS_BUILD_ID: string;
declare const GUILDS_CODE_LINE_OFFSET: number;
/** Set by build.mjs: the helper's cache folder in the home (.cache/guilds-code, .cache/guilds-harness). */
declare const GUILDS_CACHE_FOLDER_IN_HOME: string;
/** Declared by build.mjs after this loader: its body is the comment holding the helper's code. */
declare function guildsCodeBody(): void;

const BUILD_ID = GUILDS_BUILD_ID;
/** False once the code failed to start: no cache is made of code that does not run. */
let started = true;

/** Longest argument looked into for the kind of call; past it the call is just `other`. */
const REQUEST_PEEK_MAX_CHARS = 1024 * 1024;
const CACHE_FOLDER_IN_HOME = GUILDS_CACHE_FOLDER_IN_HOME;
/**
 * Another build's cache, or a temporary file, is removed once it is this old: two builds used side by
 * side (a benchmark against the last release) keep theirs, and a writer is never raced.
 */
const OTHER_BUILD_KEPT_MS = 24 * 60 * 60 * 1000;
const CACHE_FOLDER_MODE = 0o700;
const BASE64_ARGUMENT = /^[A-Za-z0-9+/]*={0,2}$/;
const WRAPPER_START = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_END = '\n})';
const STDOUT_FD = 1;
const NOT_STARTED_MESSAGE_MAX_CHARS = 500;

/** The cache folder, or null when the cache is off (GUILDS_CODE_CACHE=off) or there is no home. */
function cacheFolder(env: NodeJS.ProcessEnv): string | null {
  if (env.GUILDS_CODE_CACHE === 'off') return null;
  const home = env.HOME;
  if (!home || !home.startsWith('/') || home.includes('\0')) return null;
  return `${home.replace(/\/+$/, '')}/${CACHE_FOLDER_IN_HOME}`;
}

function requestText(argument: string | undefined): string | null {
  if (argument === undefined || argument.length > REQUEST_PEEK_MAX_CHARS || !BASE64_ARGUMENT.test(argument)) return null;
  return Buffer.from(argument, 'base64').toString('latin1');
}

/** The cache file's bytes, or null: never through a link, never waiting on a FIFO, bounded. */
function readCacheFile(path: string): Uint8Array | null {
  try {
    return readRegularFile(path, CODE_CACHE_FILE_MAX_BYTES, constants.O_NOFOLLOW);
  } catch {
    return null;
  }
}

/**
 * Written atomically (src/io/node/files.ts). Caches of other builds and temporary files, unused for
 * a day, are removed then, so upgrades do not pile them up. Only into a real folder: where a link
 * stands in its place, nothing is written or removed through it.
 */
function saveCache(folder: string, name: string, stamp: string, script: Script): void {
  if (!started) return;
  try {
    const file = encodeCacheFile(stamp, script.createCachedData());
    mkdirSync(folder, { recursive: true, mode: CACHE_FOLDER_MODE });
    if (!lstatSync(folder).isDirectory()) return;
    writeFileAtomic(`${folder}/${name}`, file);
    const staleBefore = Date.now() - OTHER_BUILD_KEPT_MS;
    for (const other of readdirSync(folder)) {
      if (!isStaleCacheFile(BUILD_ID, other)) continue;
      const path = `${folder}/${other}`;
      if (lstatSync(path).mtimeMs < staleBefore) rmSync(path, { force: true });
    }
  } catch {
    // The next call of this kind tries again.
  }
}

function compile(code: string, cachedData: Buffer | undefined): Script {
  return new Script(WRAPPER_START + code + WRAPPER_END, {
    filename: __filename,
    lineOffset: GUILDS_CODE_LINE_OFFSET,
    cachedData,
  });
}

/**
 * What a cache must have been made by: this build, and this very file, by size and time of change. V8
 * would run the cache of a bundle edited in place as long as its length stayed the same.
 */
function bundleStamp(): string {
  const info = statSync(__filename);
  return `${BUILD_ID} ${info.size} ${Math.round(info.mtimeMs * 1000)}`;
}

/** The code compiled, from the cache when there is a good one. Throws only when the code itself is bad. */
function compiled(code: string): Script {
  try {
    const folder = cacheFolder(process.env);
    if (folder === null) return compile(code, undefined);
    const name = cacheFileName(BUILD_ID, process.version, process.arch, cacheKindOf(requestText(process.argv[2])));
    const stamp = bundleStamp();
    const file = readCacheFile(`${folder}/${name}`);
    const cachedData = file === null ? null : decodeCacheFile(stamp, file);
    const script = compile(code, cachedData ?? undefined);
    if (cachedData === null || script.cachedDataRejected === true) {
      process.once('exit', () => saveCache(folder, name, stamp, script));
    }
    return script;
  } catch {
    return compile(code, undefined);
  }
}

/**
 * A damaged installation (the code cut or edited so that it no longer compiles, or fails before the
 * helper's own handlers are set) still answers with one envelope line, never Node's stack trace.
 */
function answerNotStarted(error: unknown): void {
  started = false;
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const message = `the helper could not start (is ${__filename} damaged?): ${reason}`.replace(/\s+/g, ' ');
  const kind: ErrorKind = 'internal';
  const line = Buffer.from(JSON.stringify({ ok: false, error: message.slice(0, NOT_STARTED_MESSAGE_MAX_CHARS), kind })).toString('base64');
  try {
    writeSync(STDOUT_FD, `${line}\n`);
  } finally {
    process.exit(0);
  }
}

function run(): void {
  let script: Script;
  try {
    script = compiled(codeOfComment(guildsCodeBody.toString()));
  } catch (error) {
    answerNotStarted(error);
    return;
  }
  try {
    script.runInThisContext()(exports, require, module, __filename, __dirname);
  } catch (error) {
    answerNotStarted(error);
  }
}

run();

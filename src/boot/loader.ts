// The first code of dist/guilds-code.js and dist/guilds-harness.js. The helper's own code follows it
// in the same file as block comments, which Node skips almost for free: one body per tool
// (src/tools/<tool>/body.generated.ts) and the chunks of code the bodies share, each written once
// (src/boot/chunks.ts). This loader joins the pieces the request's op needs and compiles them with a
// V8 code cache, so a call neither parses nor compiles the whole helper again. Measured in
// docs/performance.md.
//
// Any trouble with the cache (no home, a read-only disk, a damaged or foreign file) leaves the code
// compiled without it: slower, never wrong. Nothing here may throw past run().
//
// Everything on the way to a cached start is a few short functions, without regular expressions:
// Node compiles this file from its source at every start, and each function the first time it runs.
import { constants, lstatSync, mkdirSync, readdirSync, rmSync, statSync, writeSync } from 'node:fs';
import { Script } from 'node:vm';
import {
  CODE_CACHE_FILE_MAX_BYTES,
  SERVE_ARGUMENT,
  SWEEP_ARGUMENT,
  cacheFileName,
  cacheKindOfParsed,
  codeOfComment,
  decodeCacheFile,
  encodeCacheFile,
  isStaleCacheFile,
  joinedPieces,
  parseRequestText,
  type CacheKind,
} from './code-cache.js';
import { handOnRequest } from './handoff.js';
import { readRegularFile, writeFileAtomic } from '../io/node/files.js';
import { takeFileWithoutFollowing } from '../io/node/request-file.js';
import { requestFilePlace, runDirFrom, type TakenRequestFile } from '../contract/request-file.js';
import { actAs, agentOwningHome, takeRepoTokensFile } from '../io/node/identity.js';
import { REQUEST_FILE_MAX_BYTES } from '../limits.js';
import type { ErrorKind } from '../contract/errors.js';

/** Set by build.mjs: a digest of the loader and every body. */
declare const GUILDS_BUILD_ID: string;
/** Set by build.mjs: the helper's cache folder in the home (.cache/guilds-code, .cache/guilds-harness). */
declare const GUILDS_CACHE_FOLDER_IN_HOME: string;
/**
 * Declared by build.mjs after the pieces: the line of the file where a kind of call's code starts, and
 * its pieces in order (src/boot/chunks.ts), each a function whose body is the comment holding its
 * code, with the empty lines to put before it so that its code keeps its lines of this file (stack
 * traces name them).
 */
declare function guildsBodyOf(kind: CacheKind): [firstLine: number, pieces: Array<[piece: () => void, newlinesBefore: number]>];

const BUILD_ID = GUILDS_BUILD_ID;
/** False once the code failed to start: no cache is made of code that does not run. */
let started = true;

const CACHE_FOLDER_IN_HOME = GUILDS_CACHE_FOLDER_IN_HOME;
/**
 * Another build's cache, or a temporary file, is removed once it is this old: two builds used side by
 * side (a benchmark against the last release) keep theirs, and a writer is never raced.
 */
const OTHER_BUILD_KEPT_MS = 24 * 60 * 60 * 1000;
const CACHE_FOLDER_MODE = 0o700;
const SLASH = 0x2f;
const WRAPPER_START = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_END = '\n})';
const STDOUT_FD = 1;
const NOT_STARTED_MESSAGE_MAX_CHARS = 500;

/**
 * The request file the argument names, taken (read once and deleted) as the helper would take it, or
 * nothing when the argument is no path or one the helper refuses: every body refuses it alike. A
 * helper started as root takes it here, as root, before it acts as the agent: only root's own file,
 * through folders no other user can change (src/io/node/request-file.ts).
 */
function takeRequestFile(argument: string | undefined, asRoot: boolean): TakenRequestFile | undefined {
  if (argument === undefined || argument.charCodeAt(0) !== SLASH) return undefined;
  const place = requestFilePlace(runDirFrom(process.env), argument);
  if ('refused' in place) return undefined;
  try {
    return { path: argument, bytes: takeFileWithoutFollowing(place.folder, place.name, REQUEST_FILE_MAX_BYTES, asRoot) };
  } catch (error) {
    return { path: argument, code: (error as NodeJS.ErrnoException).code };
  }
}

/** The request's JSON text: the request file's, or the base64 argument's; null when there is none. */
function requestText(argument: string | undefined, file: TakenRequestFile | undefined): string | null {
  if (argument === undefined) return null;
  let bytes: Uint8Array;
  if (argument.charCodeAt(0) !== SLASH) bytes = Buffer.from(argument, 'base64');
  else if (file !== undefined && 'bytes' in file) bytes = file.bytes;
  else return null;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/**
 * Makes `home/relative` one folder at a time, never the home itself: a helper that outlives its
 * sandbox's cleanup (a warm one exiting as the home is removed) must not make the home again.
 */
function makeFolderBelow(home: string, relative: string): void {
  let path = home;
  for (const name of relative.split('/')) {
    path += `/${name}`;
    try {
      mkdirSync(path, { mode: CACHE_FOLDER_MODE });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * Written atomically (src/io/node/files.ts). Caches of other builds and temporary files, unused for
 * a day, are removed then, so upgrades do not pile them up. Only into a real folder: where a link
 * stands in its place, nothing is written or removed through it.
 */
function saveCache(home: string, folder: string, name: string, stamp: string, script: Script): void {
  if (!started) return;
  try {
    const file = encodeCacheFile(stamp, script.createCachedData());
    makeFolderBelow(home, CACHE_FOLDER_IN_HOME);
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

/**
 * The body's code compiled, from the cache when there is a good one (none when GUILDS_CODE_CACHE=off
 * or there is no absolute home). A cache must have been made by this build and this very file, by
 * size and time of change: V8 would run the cache of a bundle edited in place as long as the code's
 * length stayed the same. Throws only when the code itself is bad.
 */
function compiled(kind: CacheKind): Script {
  const [firstLine, pieces] = guildsBodyOf(kind);
  const code = joinedPieces(pieces.map(([piece, newlinesBefore]) => [codeOfComment(piece.toString()), newlinesBefore] as const));
  const source = WRAPPER_START + code + WRAPPER_END;
  const options = { filename: __filename, lineOffset: firstLine - 1, cachedData: undefined as Buffer | undefined };
  let saveTo: { home: string; folder: string; name: string; stamp: string } | null = null;
  try {
    const home = process.env.HOME;
    // A helper acting as the agent takes no code from a file the agent can write: V8 runs a cache it
    // accepts as it stands (docs/reliability.md, "Decisions", "The helper as root, acting as the agent").
    const agentWrites = process.getuid?.() === 0 && process.geteuid?.() !== 0;
    if (process.env.GUILDS_CODE_CACHE === 'off' || agentWrites || !home || home.charCodeAt(0) !== SLASH || home.includes('\0')) {
      return new Script(source, options);
    }
    let homeEnd = home.length;
    while (homeEnd > 0 && home.charCodeAt(homeEnd - 1) === SLASH) homeEnd--;
    const homeFolder = home.slice(0, homeEnd);
    const folder = `${homeFolder}/${CACHE_FOLDER_IN_HOME}`;
    const name = cacheFileName(BUILD_ID, process.version, process.arch, kind);
    const info = statSync(__filename);
    saveTo = { home: homeFolder, folder, name, stamp: `${BUILD_ID} ${info.size} ${Math.round(info.mtimeMs * 1000)}` };
    const file = readRegularFile(`${folder}/${name}`, CODE_CACHE_FILE_MAX_BYTES, constants.O_NOFOLLOW);
    options.cachedData = decodeCacheFile(saveTo.stamp, file) ?? undefined;
  } catch {
    // No cache file yet, or no readable one: compiled without, and written after the call.
  }
  const script = new Script(source, options);
  const target = saveTo;
  if (target !== null && (options.cachedData === undefined || script.cachedDataRejected === true)) {
    process.once('exit', () => saveCache(target.home, target.folder, target.name, target.stamp, script));
  }
  return script;
}

/**
 * A damaged installation (the code cut or edited so that it no longer compiles, or fails before the
 * helper's own handlers are set) still answers with one envelope line, never Node's stack trace.
 */
function answerNotStarted(error: unknown): void {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  answerStartRefused(`the helper could not start (is ${__filename} damaged?): ${reason}`);
}

/** One envelope line that says why the helper did not start, then the exit. */
function answerStartRefused(why: string): void {
  started = false;
  const message = why.replace(/\s+/g, ' ');
  const kind: ErrorKind = 'internal';
  const line = Buffer.from(JSON.stringify({ ok: false, error: message.slice(0, NOT_STARTED_MESSAGE_MAX_CHARS), kind })).toString('base64');
  try {
    writeSync(STDOUT_FD, `${line}\n`);
  } finally {
    process.exit(0);
  }
}

function run(): void {
  try {
    // Root's own request file and tokens file are taken as root; then a cache and the home are read
    // as the agent reads them.
    const agent = agentOwningHome(process.env.HOME);
    const argument = process.argv[2];
    const file = takeRequestFile(argument, agent !== null);
    if (agent !== null) {
      const refused = takeRepoTokensFile(process.env);
      actAs(agent);
      if (refused !== null) return answerStartRefused(refused);
    }
    let kind: CacheKind = argument === SWEEP_ARGUMENT ? 'sweep' : 'serve';
    if (argument !== SERVE_ARGUMENT && argument !== SWEEP_ARGUMENT) {
      const parsed = parseRequestText(requestText(argument, file));
      handOnRequest({ file, parsed });
      kind = cacheKindOfParsed(parsed);
    }
    compiled(kind).runInThisContext()(exports, require, module, __filename, __dirname);
  } catch (error) {
    answerNotStarted(error);
  }
}

run();

#!/usr/bin/env node
"use strict";

// src/boot/loader.ts
var import_node_fs4 = require("node:fs");
var import_node_vm = require("node:vm");

// src/contract/registry.ts
var TOOL_REGISTRY = [
  { name: "shell", helper: "guilds-code", cacheKinds: ["shell", "shell-background"] },
  { name: "shell_status", helper: "guilds-code", cacheKinds: ["shell_status"] },
  { name: "file_read", helper: "guilds-code", cacheKinds: ["file_read", "other"] },
  { name: "code_search", helper: "guilds-code", cacheKinds: ["code_search"] },
  { name: "code_task", helper: "guilds-harness", cacheKinds: ["code_task", "other"] }
];
var OP_NAMES = TOOL_REGISTRY.map((row) => row.name);
var HELPER_OF_TOOL = Object.fromEntries(
  TOOL_REGISTRY.map((row) => [row.name, row.helper])
);

// src/boot/code-cache.ts
var CODE_CACHE_FILE_MAX_BYTES = 16 * 1024 * 1024;
var HEADER_TITLE = "guilds-code v8 code cache";
var SWAP_WORD_BYTES = 8;
var SERVE_ARGUMENT = "--serve";
var SWEEP_ARGUMENT = "--sweep";
var KNOWN_OPS = new Set(OP_NAMES);
var OPS_WITH_BACKGROUND_KIND = new Set(
  TOOL_REGISTRY.filter((row) => row.cacheKinds.includes(`${row.name}-background`)).map((row) => row.name)
);
function parseRequestText(requestText2) {
  if (requestText2 === null) return null;
  try {
    return { text: requestText2, value: JSON.parse(requestText2) };
  } catch {
    return null;
  }
}
function cacheKindOfParsed(request) {
  if (request === null) return "other";
  const { value } = request;
  if (typeof value !== "object" || value === null) return "other";
  const { op, args } = value;
  if (typeof op !== "string" || !KNOWN_OPS.has(op)) return "other";
  if (OPS_WITH_BACKGROUND_KIND.has(op) && typeof args === "object" && args !== null && args.background === true) {
    return `${op}-background`;
  }
  return op;
}
function cacheFileName(buildId, nodeVersion, arch, kind) {
  return `${buildId}-node${nodeVersion.startsWith("v") ? nodeVersion.slice(1) : nodeVersion}-${arch}-${kind}.v8cache`;
}
function isOwnCacheFile(buildId, name) {
  return name.startsWith(`${buildId}-`) && name.endsWith(".v8cache");
}
var ANY_CACHE_FILE = /^[0-9a-f]{16}-node[0-9A-Za-z.+_-]*\.v8cache(\.[0-9]+\.[0-9]+\.tmp)?$/;
function isStaleCacheFile(buildId, name) {
  return ANY_CACHE_FILE.test(name) && !isOwnCacheFile(buildId, name);
}
function headerOf(stamp, payloadBytes) {
  return `${HEADER_TITLE}
${stamp}
${payloadBytes}
`;
}
function paddedToWords(bytes) {
  return Math.ceil(bytes / SWAP_WORD_BYTES) * SWAP_WORD_BYTES;
}
function encodeCacheFile(stamp, payload) {
  const copy = Buffer.alloc(paddedToWords(payload.length));
  copy.set(payload);
  copy.swap64();
  return Buffer.concat([Buffer.from(headerOf(stamp, payload.length), "latin1"), payload, copy]);
}
function decodeCacheFile(stamp, bytes) {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const start = `${HEADER_TITLE}
${stamp}
`;
  if (file.length < start.length || file.toString("latin1", 0, start.length) !== start) return null;
  const lengthEnd = file.indexOf(10, start.length);
  if (lengthEnd < 0 || lengthEnd - start.length > 10) return null;
  const lengthText = file.toString("latin1", start.length, lengthEnd);
  const payloadBytes = Number(lengthText);
  if (String(payloadBytes) !== lengthText) return null;
  const payloadStart = lengthEnd + 1;
  const copyStart = payloadStart + payloadBytes;
  if (payloadBytes === 0 || file.length !== copyStart + paddedToWords(payloadBytes)) return null;
  const payload = file.subarray(payloadStart, copyStart);
  const copy = file.subarray(copyStart).swap64();
  if (!copy.subarray(0, payloadBytes).equals(payload)) return null;
  for (let at = payloadBytes; at < copy.length; at++) if (copy[at] !== 0) return null;
  return payload;
}
var ESCAPED_COMMENT_END = "*{/}";
var JOINED_REQUIRE = "__guildsRequire";
function joinedPieces(pieces) {
  let text = `var ${JOINED_REQUIRE}=require;`;
  for (const [code, newlinesBefore] of pieces) text += "\n".repeat(newlinesBefore) + code;
  return text;
}
function codeOfComment(functionText) {
  const open = functionText.indexOf("/*\n");
  const close = functionText.lastIndexOf("\n*/");
  if (open < 0 || close < open) throw new Error("the helper code is missing from this file");
  return functionText.slice(open + 3, close + 1).replaceAll(ESCAPED_COMMENT_END, "*/");
}

// src/boot/handoff.ts
var HANDED_ON = /* @__PURE__ */ Symbol.for("guilds-code.parsed-request");
function handOnRequest(request) {
  globalThis[HANDED_ON] = request;
}

// src/io/node/files.ts
var import_node_fs = require("node:fs");

// src/io/node/process.ts
var temporaryCounter = 0;
function temporaryPathBeside(path) {
  return `${path}.${process.pid}.${++temporaryCounter}.tmp`;
}

// src/io/read-end.ts
function readReachedEnd(sizeAtOpen, totalBytes, readBytes, roomBytes) {
  return sizeAtOpen > 0 && totalBytes === sizeAtOpen && readBytes < roomBytes;
}

// src/io/node/files.ts
var OPEN_READ_FLAGS = import_node_fs.constants.O_RDONLY | import_node_fs.constants.O_NONBLOCK | import_node_fs.constants.O_NOCTTY;
var READ_FILE_CHUNK_BYTES = 65536;
function codedError(code, message) {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}
function readRegularFile(path, maxBytes, extraFlags = 0) {
  const fd = (0, import_node_fs.openSync)(path, OPEN_READ_FLAGS | extraFlags);
  try {
    const stats = (0, import_node_fs.fstatSync)(fd);
    if (stats.isDirectory()) throw codedError("EISDIR", `${path} is a folder`);
    if (!stats.isFile()) throw codedError("EFTYPE", `${path} is not a regular file`);
    const limit = maxBytes + 1;
    let buffer = Buffer.allocUnsafe(Math.min(stats.size > 0 ? stats.size + 1 : READ_FILE_CHUNK_BYTES, limit));
    let total = 0;
    for (; ; ) {
      if (total === buffer.length) buffer = grown(buffer, Math.min(total + Math.max(total, READ_FILE_CHUNK_BYTES), limit));
      const room = buffer.length - total;
      const read = (0, import_node_fs.readSync)(fd, buffer, total, room, null);
      if (read === 0) break;
      total += read;
      if (total > maxBytes) throw codedError("EFBIG", `${path} passes ${maxBytes} bytes`);
      if (readReachedEnd(stats.size, total, read, room)) break;
    }
    return buffer.subarray(0, total);
  } finally {
    (0, import_node_fs.closeSync)(fd);
  }
}
function grown(buffer, bytes) {
  const bigger = Buffer.allocUnsafe(bytes);
  buffer.copy(bigger);
  return bigger;
}
function writeFileAtomic(path, data) {
  const temp = temporaryPathBeside(path);
  try {
    (0, import_node_fs.writeFileSync)(temp, data, { mode: 384 });
    (0, import_node_fs.renameSync)(temp, path);
  } catch (error) {
    removeFileIfPresent(temp);
    throw error;
  }
}
function removeFileIfPresent(path) {
  if ((0, import_node_fs.lstatSync)(path, { throwIfNoEntry: false }) === void 0) return;
  try {
    (0, import_node_fs.unlinkSync)(path);
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
}

// src/io/node/request-file.ts
var import_node_fs2 = require("node:fs");

// src/text/paths.ts
var NOT_NORMAL = /\/(?:\.\.?)?(?:\/|$)/;
function normalizeAbsolute(path) {
  if (path.startsWith("/") && !NOT_NORMAL.test(path)) return path;
  const out = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return "/" + out.join("/");
}
function joinPath(base, rel) {
  return normalizeAbsolute(rel.startsWith("/") ? rel : base + "/" + rel);
}
function dirName(path) {
  const cut = path.lastIndexOf("/");
  return cut <= 0 ? "/" : path.slice(0, cut);
}
function baseName(path) {
  return path.slice(path.lastIndexOf("/") + 1);
}

// src/contract/environment.ts
var REPO_TOKENS_VARIABLE = "GUILD_REPO_TOKENS";
var REPO_TOKENS_FILE_VARIABLE = "GUILD_REPO_TOKENS_FILE";
var REPO_TOKENS_FILE_MAX_BYTES = 1048576;
var DEFAULT_RUN_DIR = "/run/guilds";
var RUN_DIR_VARIABLE = "GUILDS_RUN_DIR";

// src/limits.ts
var ID_MAX_CHARS = 128;
var REQUEST_FILE_MAX_BYTES = 16 * 1048576;
var SHELL_ERROR_SEARCH_MAX_BYTES = 16 * 1048576;
var SEARCH_SPOOL_MAX_BYTES = 64 * 1048576;
var SERVE_LINE_MAX_BYTES = 16 * 1048576;
var SERVE_IDLE_EXIT_MS = 15 * 6e4;

// src/contract/ids.ts
var ID_PATTERN = /^[A-Za-z0-9_.-]+$/;
function isValidId(text) {
  return text.length >= 1 && text.length <= ID_MAX_CHARS && ID_PATTERN.test(text) && text !== "." && text !== "..";
}

// src/contract/request-file.ts
function runDirFrom(env) {
  return normalizeAbsolute(env[RUN_DIR_VARIABLE] || DEFAULT_RUN_DIR);
}
function requestsFolderOf(runDir) {
  return joinPath(runDir, "requests");
}
var REQUEST_FILE_SUFFIX = ".json";
function isRequestFileName(name) {
  if (!name.endsWith(REQUEST_FILE_SUFFIX)) return false;
  const stem = name.slice(0, -REQUEST_FILE_SUFFIX.length);
  if (!ID_PATTERN.test(stem)) return false;
  for (let dash = stem.indexOf("-"); dash !== -1; dash = stem.indexOf("-", dash + 1)) {
    if (isValidId(stem.slice(0, dash)) && isValidId(stem.slice(dash + 1))) return true;
  }
  return false;
}
function requestFilePlace(runDir, path) {
  const folder = requestsFolderOf(runDir);
  if (path.includes("\0") || normalizeAbsolute(path) !== path || dirName(path) !== folder) return { refused: "outside" };
  const name = baseName(path);
  return isRequestFileName(name) ? { folder, name } : { refused: "misnamed" };
}
var NOT_ROOTS_CODE = "ENOTROOTS";

// src/io/node/request-file.ts
var FOLDER_FLAGS = import_node_fs2.constants.O_RDONLY | import_node_fs2.constants.O_DIRECTORY | import_node_fs2.constants.O_NOFOLLOW;
var FILE_FLAGS = import_node_fs2.constants.O_RDONLY | import_node_fs2.constants.O_NOFOLLOW | import_node_fs2.constants.O_NONBLOCK | import_node_fs2.constants.O_NOCTTY;
var ROOT_UID = 0;
var WRITABLE_BY_OTHERS = 18;
var STICKY = 512;
function notRoots(path) {
  return codedError(NOT_ROOTS_CODE, `${path} is not root's alone`);
}
function rootsOnTheWay(info) {
  return info.uid === ROOT_UID && ((info.mode & WRITABLE_BY_OTHERS) === 0 || (info.mode & STICKY) !== 0);
}
function openFolder(folder, asRoot) {
  if (!asRoot) return (0, import_node_fs2.openSync)(import_node_fs2.realpathSync.native(folder), FOLDER_FLAGS);
  let fd = (0, import_node_fs2.openSync)("/", FOLDER_FLAGS);
  let path = "";
  try {
    for (const name of folder.split("/")) {
      if (name === "") continue;
      path += `/${name}`;
      let next;
      try {
        next = (0, import_node_fs2.openSync)(`/proc/self/fd/${fd}/${name}`, FOLDER_FLAGS);
      } catch (error) {
        const code = error.code;
        throw code === "ELOOP" || code === "ENOTDIR" ? notRoots(path) : error;
      }
      (0, import_node_fs2.closeSync)(fd);
      fd = next;
      if (!rootsOnTheWay((0, import_node_fs2.fstatSync)(fd))) throw notRoots(path);
    }
    const info = (0, import_node_fs2.fstatSync)(fd);
    if (info.uid !== ROOT_UID || (info.mode & WRITABLE_BY_OTHERS) !== 0) throw notRoots(folder);
    return fd;
  } catch (error) {
    (0, import_node_fs2.closeSync)(fd);
    throw error;
  }
}
function readWhole(fd, info, maxBytes, path) {
  if (info.size > maxBytes) throw codedError("EFBIG", `${path} passes ${maxBytes} bytes`);
  const bytes = Buffer.allocUnsafe(info.size + 1);
  let total = 0;
  for (; ; ) {
    const read = (0, import_node_fs2.readSync)(fd, bytes, total, bytes.length - total, null);
    if (read === 0) break;
    total += read;
    if (total > maxBytes) throw codedError("EFBIG", `${path} passes ${maxBytes} bytes`);
    if (total === bytes.length) throw codedError("EFBIG", `${path} grew while it was read`);
  }
  return bytes.subarray(0, total);
}
function takeFileWithoutFollowing(folder, name, maxBytes, asRoot) {
  const folderFd = openFolder(folder, asRoot);
  const path = `${folder}/${name}`;
  const inFolder = `/proc/self/fd/${folderFd}/${name}`;
  try {
    const fd = (0, import_node_fs2.openSync)(inFolder, FILE_FLAGS);
    try {
      const info = (0, import_node_fs2.fstatSync)(fd);
      if (info.isDirectory()) throw codedError("EISDIR", `${path} is a folder`);
      if (!info.isFile()) throw codedError("EFTYPE", `${path} is not a regular file`);
      try {
        if (asRoot && (info.uid !== ROOT_UID || info.nlink !== 1)) throw notRoots(path);
        return readWhole(fd, info, maxBytes, path);
      } finally {
        try {
          (0, import_node_fs2.unlinkSync)(inFolder);
        } catch {
        }
      }
    } finally {
      (0, import_node_fs2.closeSync)(fd);
    }
  } finally {
    (0, import_node_fs2.closeSync)(folderFd);
  }
}

// src/io/node/identity.ts
var import_node_fs3 = require("node:fs");
function agentOwningHome(home) {
  if (process.getuid?.() !== 0 || home === void 0 || home === "" || home.includes("\0")) return null;
  try {
    const { uid, gid } = (0, import_node_fs3.statSync)(home);
    return uid === 0 ? null : { uid, gid };
  } catch {
    return null;
  }
}
function actAs(agent) {
  if (process.geteuid() !== 0) process.seteuid(0);
  process.setgroups([agent.gid]);
  process.setegid(agent.gid);
  process.seteuid(agent.uid);
}
function takeRepoTokensFile(env) {
  const path = env[REPO_TOKENS_FILE_VARIABLE];
  delete env[REPO_TOKENS_FILE_VARIABLE];
  if (path === void 0) return null;
  const refused = `the repository tokens file ${path} is not a file of root's own that only root may read`;
  let fd;
  try {
    fd = (0, import_node_fs3.openSync)(path, import_node_fs3.constants.O_RDONLY | import_node_fs3.constants.O_NOFOLLOW | import_node_fs3.constants.O_NONBLOCK);
  } catch {
    return refused;
  }
  try {
    const info = (0, import_node_fs3.fstatSync)(fd);
    if (!info.isFile() || info.uid !== 0 || (info.mode & 63) !== 0 || info.size > REPO_TOKENS_FILE_MAX_BYTES) return refused;
    const bytes = Buffer.alloc(info.size);
    let at = 0;
    while (at < bytes.length) {
      const read = (0, import_node_fs3.readSync)(fd, bytes, at, bytes.length - at, null);
      if (read === 0) break;
      at += read;
    }
    env[REPO_TOKENS_VARIABLE] = bytes.subarray(0, at).toString("utf8");
    return null;
  } catch {
    return refused;
  } finally {
    (0, import_node_fs3.closeSync)(fd);
  }
}

// src/boot/loader.ts
var BUILD_ID = "2f61ad34cc8e4324";
var started = true;
var CACHE_FOLDER_IN_HOME = ".cache/guilds-harness";
var OTHER_BUILD_KEPT_MS = 24 * 60 * 60 * 1e3;
var CACHE_FOLDER_MODE = 448;
var SLASH = 47;
var WRAPPER_START = "(function (exports, require, module, __filename, __dirname) { ";
var WRAPPER_END = "\n})";
var STDOUT_FD = 1;
var NOT_STARTED_MESSAGE_MAX_CHARS = 500;
function takeRequestFile(argument, asRoot) {
  if (argument === void 0 || argument.charCodeAt(0) !== SLASH) return void 0;
  const place = requestFilePlace(runDirFrom(process.env), argument);
  if ("refused" in place) return void 0;
  try {
    return { path: argument, bytes: takeFileWithoutFollowing(place.folder, place.name, REQUEST_FILE_MAX_BYTES, asRoot) };
  } catch (error) {
    return { path: argument, code: error.code };
  }
}
function requestText(argument, file) {
  if (argument === void 0) return null;
  let bytes;
  if (argument.charCodeAt(0) !== SLASH) bytes = Buffer.from(argument, "base64");
  else if (file !== void 0 && "bytes" in file) bytes = file.bytes;
  else return null;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
}
function makeFolderBelow(home, relative) {
  let path = home;
  for (const name of relative.split("/")) {
    path += `/${name}`;
    try {
      (0, import_node_fs4.mkdirSync)(path, { mode: CACHE_FOLDER_MODE });
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
  }
}
function saveCache(home, folder, name, stamp, script) {
  if (!started) return;
  try {
    const file = encodeCacheFile(stamp, script.createCachedData());
    makeFolderBelow(home, CACHE_FOLDER_IN_HOME);
    if (!(0, import_node_fs4.lstatSync)(folder).isDirectory()) return;
    writeFileAtomic(`${folder}/${name}`, file);
    const staleBefore = Date.now() - OTHER_BUILD_KEPT_MS;
    for (const other of (0, import_node_fs4.readdirSync)(folder)) {
      if (!isStaleCacheFile(BUILD_ID, other)) continue;
      const path = `${folder}/${other}`;
      if ((0, import_node_fs4.lstatSync)(path).mtimeMs < staleBefore) (0, import_node_fs4.rmSync)(path, { force: true });
    }
  } catch {
  }
}
function compiled(kind) {
  const [firstLine, pieces] = guildsBodyOf(kind);
  const code = joinedPieces(pieces.map(([piece, newlinesBefore]) => [codeOfComment(piece.toString()), newlinesBefore]));
  const source = WRAPPER_START + code + WRAPPER_END;
  const options = { filename: __filename, lineOffset: firstLine - 1, cachedData: void 0 };
  let saveTo = null;
  try {
    const home = process.env.HOME;
    const agentWrites = process.getuid?.() === 0 && process.geteuid?.() !== 0;
    if (process.env.GUILDS_CODE_CACHE === "off" || agentWrites || !home || home.charCodeAt(0) !== SLASH || home.includes("\0")) {
      return new import_node_vm.Script(source, options);
    }
    let homeEnd = home.length;
    while (homeEnd > 0 && home.charCodeAt(homeEnd - 1) === SLASH) homeEnd--;
    const homeFolder = home.slice(0, homeEnd);
    const folder = `${homeFolder}/${CACHE_FOLDER_IN_HOME}`;
    const name = cacheFileName(BUILD_ID, process.version, process.arch, kind);
    const info = (0, import_node_fs4.statSync)(__filename);
    saveTo = { home: homeFolder, folder, name, stamp: `${BUILD_ID} ${info.size} ${Math.round(info.mtimeMs * 1e3)}` };
    const file = readRegularFile(`${folder}/${name}`, CODE_CACHE_FILE_MAX_BYTES, import_node_fs4.constants.O_NOFOLLOW);
    options.cachedData = decodeCacheFile(saveTo.stamp, file) ?? void 0;
  } catch {
  }
  const script = new import_node_vm.Script(source, options);
  const target = saveTo;
  if (target !== null && (options.cachedData === void 0 || script.cachedDataRejected === true)) {
    process.once("exit", () => saveCache(target.home, target.folder, target.name, target.stamp, script));
  }
  return script;
}
function answerNotStarted(error) {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  answerStartRefused(`the helper could not start (is ${__filename} damaged?): ${reason}`);
}
function answerStartRefused(why) {
  started = false;
  const message = why.replace(/\s+/g, " ");
  const kind = "internal";
  const line = Buffer.from(JSON.stringify({ ok: false, error: message.slice(0, NOT_STARTED_MESSAGE_MAX_CHARS), kind })).toString("base64");
  try {
    (0, import_node_fs4.writeSync)(STDOUT_FD, `${line}
`);
  } finally {
    process.exit(0);
  }
}
function run() {
  try {
    const agent = agentOwningHome(process.env.HOME);
    const argument = process.argv[2];
    const file = takeRequestFile(argument, agent !== null);
    if (agent !== null) {
      const refused = takeRepoTokensFile(process.env);
      actAs(agent);
      if (refused !== null) return answerStartRefused(refused);
    }
    let kind = argument === SWEEP_ARGUMENT ? "sweep" : "serve";
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
function guildsChunk_0() {/*
var __gx0_SERVE_LINE_MAX_BYTES,__gx0_SERVE_IDLE_EXIT_MS,__gx0_SERVE_IDLE_EXIT_VARIABLE,__gx0_invalidRequest,__gx0_interruptedBeforeAnswer,__gx0_failureEnvelope,__gx0_encodeEnvelope,__gx0_RUN_DIR_VARIABLE,__gx0_isValidId,__gx0_CallStop,__gx0_isPlainObject,__gx0_progressLine,__gx0_withEnvChange,__gx0_checkedRequest,__gx0_CallHost,__gx0_nodeIoWith,__gx0_writeStdout,__gx0_toolTable,__gx0_HARNESS_TOOL_CONTRACTS,__gx0_CODE_TASK_NODE_IO,__gx0_ByteLines,__gx0_timersOn,__gx0_whenDue,__gx0_codeTask;(function(){var {copyFileSync,statSync,utimesSync}=require("node:fs"),{fstatSync,openSync,readSync,writeSync}=require("node:fs"),{readdirSync,readFileSync}=require("node:fs"),{accessSync,constants:constants4,statSync:statSync3}=require("node:fs"),{closeSync,constants,fstatSync:fstatSync2,linkSync,lstatSync,openSync:openSync2,readSync:readSync2,renameSync,unlinkSync,writeFileSync}=require("node:fs"),{closeSync:closeSync3,constants:constants3,fstatSync:fstatSync3,openSync:openSync4}=require("node:fs"),{readSync:readSync3}=require("node:fs"),{writeSync:writeSync2}=require("node:fs"),{closeSync:closeSync2,constants:constants2,openSync:openSync3,unlinkSync:unlinkSync2}=require("node:fs"),{readFileSync:readFileSync2,statSync:statSync2}=require("node:fs"),{lstatSync:lstatSync2,realpathSync,statSync:statSync4}=require("node:fs"),{closeSync:closeSync6,fstatSync:fstatSync5,lstatSync:lstatSync3,mkdirSync,openSync:openSync7,readSync:readSync5,readdirSync:readdirSync2,readlinkSync,realpathSync:realpathSync3,rmSync,statSync:statSync5,utimesSync:utimesSync2}=require("node:fs"),{closeSync:closeSync4,constants:constants5,openSync:openSync5,readFileSync:readFileSync3}=require("node:fs"),{closeSync:closeSync5,constants:constants6,fstatSync:fstatSync4,openSync:openSync6,readSync:readSync4,realpathSync:realpathSync2,unlinkSync:unlinkSync3}=require("node:fs"),{writeSync:writeSync3}=require("node:fs");// src/limits.ts
var RESULT_DEFAULT_MAX_BYTES = 8192;
var RESULT_MIN_MAX_BYTES = 1024;
var RESULT_CEILING_MAX_BYTES = 1048576;
var ID_MAX_CHARS = 128;
var REQUEST_FILE_MAX_BYTES = 16 * 1048576;
var QUOTED_NAME_MAX_CHARS = 64;
var CWD_FILE_MAX_BYTES = 4096;
var ERROR_MAX_BYTES = 1024;
var RUNS_KEPT_COUNT = 20;
var RUN_USE_MARK_INTERVAL_MS = 6e4;
var RUN_USE_MARKS_KEPT = 256;
var HOMES_KEPT = 64;
var SHELL_LINE_END_REACH_PERCENT = 25;
var JOB_RECORD_MAX_BYTES = 1048576;
var JOB_STATUS_FILE_MAX_BYTES = 64;
var SHELL_CURSOR_MOVE_MAX_COLUMNS = 1024;
var SHELL_ERROR_SEARCH_MAX_BYTES = 16 * 1048576;
var SEARCH_SPOOL_MAX_BYTES = 64 * 1048576;
var CODE_TASK_DEFAULT_TIMEOUT_MINUTES = 30;
var CODE_TASK_MIN_TIMEOUT_MINUTES = 1;
var CODE_TASK_MAX_TIMEOUT_MINUTES = 120;
var CODE_TASK_KILL_GRACE_MS = 1e4;
var CODE_TASK_TEST_MINUTE_MIN_MS = 100;
var DIFFSTAT_MAX_FILE_LINES = 30;
var DIFFSTAT_WIDTH_COLUMNS = 80;
var SNAPSHOT_TIMEOUT_MS = 12e4;
var HARNESS_LINE_MAX_BYTES = 1048576;
var HARNESS_FINAL_MESSAGE_MAX_BYTES = 262144;
var HARNESS_REASON_MAX_CHARS = 300;
var CODE_TASK_STATE_FILE_MAX_BYTES = 65536;
var CODE_TASK_MESSAGE_MIN_BYTES = 512;
var SERVE_LINE_MAX_BYTES = 16 * 1048576;
var SERVE_IDLE_EXIT_MS = 15 * 6e4;
var SERVE_IDLE_EXIT_VARIABLE = "GUILDS_SERVE_IDLE_EXIT_MS";
var PROGRESS_HEARTBEAT_DEFAULT_MS = 15e3;
var PROGRESS_HEARTBEAT_MIN_MS = 1e3;
var PROGRESS_HEARTBEAT_MAX_MS = 6e5;
var PROGRESS_OUTPUT_INTERVAL_MS = 250;
var PROGRESS_OUTPUT_MAX_BYTES = 2048;
var PROGRESS_OUTPUT_HELD_MAX_BYTES = 16384;
var PROGRESS_STEP_MAX_CHARS = 300;
var TRACESTATE_MAX_CHARS = 512;

// src/text/utf8.ts
var encoder = new TextEncoder();
var NON_ASCII = /[^\x00-\x7f]/;
var SURROGATE = /[\ud800-\udfff]/;
function utf8Bytes(text) {
  if (!NON_ASCII.test(text)) return text.length;
  return encoder.encode(text).length;
}
function encodeUtf8(text) {
  return encoder.encode(text);
}
function codePointCount(text) {
  if (!SURROGATE.test(text)) return text.length;
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 55296 && unit <= 56319) {
      const next = text.charCodeAt(i + 1);
      if (next >= 56320 && next <= 57343) {
        count--;
        i++;
      }
    }
  }
  return count;
}
function firstCodePoints(text, maxChars) {
  if (!SURROGATE.test(text)) return text.slice(0, Math.max(0, maxChars));
  let units = 0;
  let chars = 0;
  while (units < text.length && chars < maxChars) {
    const unit = text.charCodeAt(units);
    units += unit >= 55296 && unit <= 56319 && units + 1 < text.length ? 2 : 1;
    chars++;
  }
  return text.slice(0, units);
}
function prefixWithinBytes(text, maxBytes) {
  if (maxBytes <= 0) return "";
  if (!NON_ASCII.test(text)) return text.slice(0, maxBytes);
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const unit = text.charCodeAt(i);
    let width = 1;
    let size;
    if (unit < 128) size = 1;
    else if (unit < 2048) size = 2;
    else if (unit >= 55296 && unit <= 56319 && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 56320 && next <= 57343) {
        size = 4;
        width = 2;
      } else size = 3;
    } else size = 3;
    if (bytes + size > maxBytes) break;
    bytes += size;
    i += width;
  }
  return text.slice(0, i);
}
function suffixWithinBytes(text, maxBytes) {
  if (maxBytes <= 0) return "";
  let bytes = 0;
  let i = text.length;
  while (i > 0) {
    const unit = text.charCodeAt(i - 1);
    let width = 1;
    let size;
    if (unit < 128) size = 1;
    else if (unit < 2048) size = 2;
    else if (unit >= 56320 && unit <= 57343 && i >= 2 && text.charCodeAt(i - 2) >= 55296 && text.charCodeAt(i - 2) <= 56319) {
      size = 4;
      width = 2;
    } else size = 3;
    if (bytes + size > maxBytes) break;
    bytes += size;
    i -= width;
  }
  return text.slice(i);
}
function capText(text, maxBytes) {
  if (text.length * 3 <= maxBytes || utf8Bytes(text) <= maxBytes) return text;
  const marker = "\n[\u2026 cut to stay under " + maxBytes + " bytes]";
  return prefixWithinBytes(text, maxBytes - utf8Bytes(marker)) + marker;
}

// src/contract/errors.ts
var ToolError = class extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
    this.name = "ToolError";
  }
  kind;
};
function invalidRequest(reason) {
  return new ToolError("invalid_request", `invalid request: ${reason}`);
}
function invalidArgument(tool, reason) {
  return new ToolError("invalid_request", `${tool}: ${reason}`);
}
function interruptedBeforeAnswer(signal) {
  return new ToolError("interrupted", `the helper was interrupted (${signal}) before it could answer`);
}
function homeNotAbsolute() {
  return new ToolError("invalid_request", "HOME is not set to an absolute path");
}
function homeMissing(home) {
  return new ToolError("not_found", `the home folder ${home} does not exist`);
}
function homeNotAFolder(home) {
  return new ToolError("not_a_folder", `the home ${home} is not a folder`);
}
var NAME_PATTERN = new RegExp(`^[A-Za-z0-9_.-]{1,${QUOTED_NAME_MAX_CHARS}}$`);
function quotedName(name) {
  return NAME_PATTERN.test(name) ? `'${name}' ` : "";
}
var requestReasons = {
  noArgument: "no argument (expected base64 JSON or a request file)",
  emptyArgument: "the argument is empty",
  notBase64: "the argument is not standard base64",
  notUtf8: "not UTF-8",
  notJson: "not JSON",
  notObject: "not a JSON object",
  unknownOp: (op, known) => `unknown op ${quotedName(op)}(one of ${known.join(", ")})`,
  // A tool of the contract that another helper runs: said plainly, so that a misrouted call is plain.
  runByOtherHelper: (op, helper, known) => `${op} is run by ${helper}, not by this helper (it runs ${known.join(", ")})`,
  notString: (field) => `${field} must be a string`,
  notId: (field) => `${field} must be 1 to ${ID_MAX_CHARS} of A-Z a-z 0-9 _ . - (not . or ..)`,
  hasNul: (field) => `${field} contains a NUL byte`,
  notWholeNumber: (field) => `${field} must be a whole number`,
  notBoolean: (field) => `${field} must be true or false`,
  notJsonObject: (field) => `${field} must be a JSON object`,
  notOneOf: (field, values) => `${field} must be ${values.map((v) => `"${v}"`).join(" or ")}`,
  required: (field) => `${field} is required`,
  unknownArgument: (name, known) => `unknown argument ${quotedName(name)}(it takes ${known.join(", ")})`,
  requestFileOutside: (folder) => `a request file must lie directly in ${folder}/`,
  requestFileMisnamed: (path) => `a request file is named <run_id>-<call_id>.json; ${path} is not`,
  noRequestFile: (path) => `no request file at ${path}`,
  requestFileNotRegular: (path) => `${path} is not a regular file`,
  requestFileTooLarge: (maxBytes) => `the request file passes ${maxBytes} bytes`,
  requestFileUnreadable: (path, code) => `cannot read ${path}: ${code ?? "unknown error"}`,
  envName: "env names a variable by an empty name, or one holding = or a NUL byte",
  envValue: "env gives a variable a value that is neither a string without a NUL byte nor null",
  envOnlyOverStream: "env travels in a warm stream's line only: a cold request is read from argv, which every process can read",
  requestFileNotRoots: (path) => `a helper started as root takes only a request file of root's own, through folders no other user can change; ${path} is not one`
};

// src/tools/index.ts
function runElsewhere(name) {
  return () => {
    throw new ToolError("internal", `${name} was sent to helper code without it (a defect of the helper's loader)`);
  };
}
function toolTable(contracts, runs) {
  const table = {};
  for (const { spec, resolve } of contracts) {
    table[spec.name] = { spec, resolve, run: runs[spec.name] ?? runElsewhere(spec.name) };
  }
  return table;
}

// src/contract/ids.ts
var ID_PATTERN = /^[A-Za-z0-9_.-]+$/;
function isValidId(text) {
  return text.length >= 1 && text.length <= ID_MAX_CHARS && ID_PATTERN.test(text) && text !== "." && text !== "..";
}

// src/contract/tools/spec.ts
function clampInteger(value, minimum, maximum) {
  return Math.min(maximum, Math.max(minimum, value));
}
function integerArg(spec, args, name) {
  const arg = spec.args[name];
  const value = typeof args[name] === "number" ? args[name] : arg.default;
  return clampInteger(value, arg.minimum ?? -Infinity, arg.maximum ?? Infinity);
}
function stringArg(args, name) {
  const value = args[name];
  return typeof value === "string" ? value : void 0;
}

// src/tools/code_task/contract.ts
var CODE_TASK_SPEC = {
  name: "code_task",
  description: "Hand code work to the sandbox's coding agent (its harness: Claude Code, Codex, Gemini CLI, OpenCode or the platform's own). The harness reads the repository, edits files and runs commands until the task is done; you get its status, the diffstat of what it changed, its final message and the log of everything it printed. Write the brief as you would for a colleague: the goal, where to look, how to know it is done. Then check the work with shell (run the tests, git diff), file_read and code_search, and resume the same session with what the checks found.",
  args: {
    brief: {
      type: "string",
      required: true,
      description: "The task in your words: what to change, where, and how to know it is done."
    },
    repo: {
      type: "string",
      description: "Where to work: a name under ~/repos/, or a folder inside the home. Default: the git repository holding the working directory, else the home's only repository."
    },
    session_id: {
      type: "string",
      description: "Resume the harness session an earlier code_task returned: same harness, same repository, its history kept."
    },
    notes: {
      type: "string",
      description: "Context given after the brief: constraints, what your checks found."
    },
    timeout_minutes: {
      type: "integer",
      default: CODE_TASK_DEFAULT_TIMEOUT_MINUTES,
      minimum: CODE_TASK_MIN_TIMEOUT_MINUTES,
      maximum: CODE_TASK_MAX_TIMEOUT_MINUTES,
      description: `Minutes before the harness is stopped (default ${CODE_TASK_DEFAULT_TIMEOUT_MINUTES}, ${CODE_TASK_MIN_TIMEOUT_MINUTES} to ${CODE_TASK_MAX_TIMEOUT_MINUTES}).`
    }
  }
};
var isValidSessionId = isValidId;
function textArg(args, name) {
  const value = stringArg(args, name);
  if (value?.includes("\0")) throw new ToolError("invalid_request", `code_task: ${name} contains a NUL byte`);
  return value;
}
function resolveCodeTaskArgs(args) {
  const brief = textArg(args, "brief");
  if (brief === void 0) throw new ToolError("invalid_request", "code_task: brief is required");
  if (brief.trim() === "") throw new ToolError("invalid_request", "code_task: brief is empty");
  const repo = textArg(args, "repo");
  if (repo !== void 0 && repo.trim() === "") throw new ToolError("invalid_request", "code_task: repo is empty");
  const sessionId = textArg(args, "session_id");
  if (sessionId !== void 0 && !isValidSessionId(sessionId)) {
    throw new ToolError("not_found", "code_task: no session with that id (session ids are 1 to 128 of A-Z a-z 0-9 _ . -)");
  }
  const notes = textArg(args, "notes");
  return {
    brief,
    repo,
    sessionId,
    notes: notes === void 0 || notes.trim() === "" ? void 0 : notes,
    timeoutMinutes: integerArg(CODE_TASK_SPEC, args, "timeout_minutes")
  };
}
var HARNESS_NAMES = ["claude", "codex", "gemini", "opencode", "command"];
var CODE_TASK_CONTRACT = { spec: CODE_TASK_SPEC, resolve: resolveCodeTaskArgs };

// src/tools/harness-contracts.generated.ts
var HARNESS_TOOL_CONTRACTS = [CODE_TASK_CONTRACT];

// src/io/node/modules.ts
var nodeRequire = (id) => typeof __guildsRequire === "function" ? __guildsRequire(id) : process.getBuiltinModule(id);
function loadCrypto() {
  return nodeRequire("node:crypto");
}
function loadChildProcess() {
  return nodeRequire("node:child_process");
}

// src/tools/code_task/node/git.ts


// src/io/stop.ts
var CallStop = class {
  // Made when a part first asks for the signal: Node loads its AbortController module on first use,
  // about 2.4 million instructions (2.5 % of `node -e 0`), and file_read and shell_status never listen.
  controller = null;
  /** The first abort's signal, kept for a controller made after it. *{/}
  reason = null;
  /** What listenForStop registered: called without an EventTarget, which costs a shell call 2 million instructions. *{/}
  listeners = /* @__PURE__ *{/} new Set();
  takers = 0;
  get signal() {
    if (this.controller === null) {
      this.controller = new AbortController();
      if (this.reason !== null) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }
  take() {
    this.takers += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.takers -= 1;
    };
  }
  /** Whether some part of the call answers its stop itself right now. *{/}
  get taken() {
    return this.takers > 0;
  }
  /** Aborts the call's signal (once); whether a part of the call answers the stop itself. *{/}
  abort(signal) {
    if (this.reason === null) {
      this.reason = signal;
      this.controller?.abort(signal);
      for (const listener of [...this.listeners]) callAsEventTargetDoes(listener);
      this.listeners.clear();
    }
    return this.taken;
  }
  /** listenForStop for a CallStop: the listener is called once, at the abort or at once after it. *{/}
  listen(listener) {
    if (this.reason !== null) {
      queueMicrotask(listener);
      return () => void 0;
    }
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
};
function callAsEventTargetDoes(listener) {
  try {
    listener();
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}
function listenForStop(stop, listener) {
  if (stop instanceof CallStop) return stop.listen(listener);
  if (stop.signal.aborted) {
    queueMicrotask(listener);
    return () => void 0;
  }
  stop.signal.addEventListener("abort", listener, { once: true });
  return () => stop.signal.removeEventListener("abort", listener);
}
function stopSignalOf(stop) {
  return stop.signal.reason === "SIGINT" ? "SIGINT" : "SIGTERM";
}
var NEVER_STOPPED = new CallStop();

// src/io/node/spawn.ts


// src/contract/environment.ts
var REPO_TOKENS_VARIABLE = "GUILD_REPO_TOKENS";
var NODE_EXTRA_CA_CERTS_VARIABLE = "NODE_EXTRA_CA_CERTS";
var HANDED_ON_EXTRA_CA_CERTS_VARIABLE = "GUILDS_NODE_EXTRA_CA_CERTS";
var DEFAULT_RUN_DIR = "/run/guilds";
var RUN_DIR_VARIABLE = "GUILDS_RUN_DIR";

// src/io/node/identity.ts
function actingAsAgent() {
  if (process.getuid?.() !== 0) return null;
  const uid = process.geteuid();
  return uid === 0 ? null : { uid, gid: process.getegid() };
}
function asRootWhile(agent, start2) {
  process.seteuid(0);
  try {
    return start2();
  } finally {
    process.seteuid(agent.uid);
  }
}

// src/io/node/spawn.ts
function spawnChild(file, args, options) {
  const spawn = loadChildProcess().spawn;
  const how = { cwd: options.cwd, env: options.env, stdio: options.stdio, detached: options.detached };
  const agent = actingAsAgent();
  if (agent === null) return withChildOomScore(() => spawn(file, args, how));
  if (options.entersFolderItself === true) {
    const itself = { ...how, cwd: "/", uid: agent.uid, gid: agent.gid };
    return asRootWhile(agent, () => withChildOomScore(() => spawn(file, args, itself)));
  }
  const direct = startedInOpenFolder(file, args, how, agent);
  if (direct !== null) return direct;
  const entering = enteringFolder(how.cwd, how.stdio);
  const argv = ["-c", ENTER_THEN_EXEC_SCRIPT, "sh", entering.folder, entering.passedFd, file, ...args];
  const as = { ...how, stdio: entering.stdio, cwd: "/", uid: agent.uid, gid: agent.gid };
  return asRootWhile(agent, () => withChildOomScore(() => spawn(ENTER_THEN_EXEC_SHELL, argv, as)));
}
function startedInOpenFolder(file, args, how, agent) {
  const open = OPEN_FOLDER.exec(how.cwd);
  if (open === null) return null;
  let folder;
  try {
    folder = fstatSync(Number(open[1]));
  } catch {
    return null;
  }
  if (!rootMayEnter(folder, agent.gid)) return null;
  const as = { ...how, uid: agent.uid, gid: agent.gid };
  let child;
  try {
    child = asRootWhile(agent, () => withChildOomScore(() => loadChildProcess().spawn(file, args, as)));
  } catch {
    return null;
  }
  if (child.pid !== void 0) return child;
  child.on("error", () => void 0);
  return null;
}
function rootMayEnter(folder, agentGid) {
  const bit = folder.uid === 0 ? 64 : folder.gid === agentGid ? 8 : 1;
  return (folder.mode & bit) !== 0;
}
var ENTER_THEN_EXEC_SHELL = "/bin/sh";
var ENTER_THEN_EXEC_SCRIPT = 'cd -- "$1" || exit; [ -z "$2" ] || eval "exec $2<&-"; shift 2; exec "$@"';
var OPEN_FOLDER = /^\/proc\/self\/fd\/([0-9]+)$/;
function enteringFolder(cwd, stdio) {
  const open = OPEN_FOLDER.exec(cwd);
  if (open === null) return { folder: cwd, passedFd: "", stdio };
  const slots = typeof stdio === "string" ? [stdio, stdio, stdio] : [...stdio];
  const slot = slots.length;
  return { folder: `/proc/self/fd/${slot}`, passedFd: String(slot), stdio: [...slots, Number(open[1])] };
}
var CHILD_OOM_SCORE_ADJ = 500;
var OWN_OOM_SCORE = "/proc/self/oom_score_adj";
var ownScoreFile;
var scoreBuffer = Buffer.alloc(16);
function ownScoreDescriptor() {
  if (ownScoreFile === void 0) {
    try {
      ownScoreFile = openSync(OWN_OOM_SCORE, "r+");
    } catch {
      ownScoreFile = null;
    }
  }
  return ownScoreFile;
}
function readOwnScore(fd) {
  return scoreBuffer.toString("latin1", 0, readSync(fd, scoreBuffer, 0, scoreBuffer.length, 0)).trim();
}
function withChildOomScore(start2) {
  const fd = ownScoreDescriptor();
  let own = null;
  if (fd !== null) {
    try {
      const current = readOwnScore(fd);
      if (Number(current) < CHILD_OOM_SCORE_ADJ) {
        writeSync(fd, String(CHILD_OOM_SCORE_ADJ), 0);
        own = current;
      }
    } catch {
      own = null;
    }
  }
  try {
    return start2();
  } finally {
    if (own !== null) {
      try {
        writeSync(fd, own, 0);
      } catch {
      }
    }
  }
}

// src/io/node/child.ts
var SupervisedChild = class {
  /**
   * Spawn the child (a failure to spawn is thrown, before any timer or listener exists) and watch
   * it: `stop` is called at `timeoutMs`, and once when the call's stop aborts (at once when it
   * already has), until settled. The call's stop is this child's to answer while it runs.
   *{/}
  constructor(start2, timeoutMs, stop, callStop) {
    this.stop = stop;
    this.callStop = callStop;
    this.process = spawnChild(start2.file, start2.args, {
      cwd: start2.cwd,
      env: start2.env,
      stdio: start2.stdio,
      detached: start2.detached ?? false,
      entersFolderItself: start2.entersFolderItself
    });
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.stop("timeout");
    }, timeoutMs);
    this.release = callStop.take();
    this.stopListening = listenForStop(callStop, this.onAbort);
  }
  stop;
  callStop;
  process;
  timedOut = false;
  interruptedBy = null;
  settled = false;
  timer;
  release;
  stopListening;
  onAbort = () => {
    if (this.settled) return;
    const signal = stopSignalOf(this.callStop);
    this.interruptedBy ??= signal;
    this.stop(signal);
  };
  /** The child itself has ended: its time limit no longer applies (the call's stop still does). *{/}
  disarmTimer() {
    clearTimeout(this.timer);
  }
  /** Stop watching: the timer and the stop's listener go. True only the first time. *{/}
  settle() {
    if (this.settled) return false;
    this.settled = true;
    clearTimeout(this.timer);
    this.stopListening();
    this.release();
    return true;
  }
  get isSettled() {
    return this.settled;
  }
};
function startDetached(start2) {
  const child = spawnChild(start2.file, start2.args, { cwd: start2.cwd, env: start2.env, stdio: start2.stdio, detached: true });
  child.on("error", () => void 0);
  child.unref();
  if (child.pid === void 0) throw new Error(`${start2.file} could not be started`);
  return child.pid;
}

// src/text/errno.ts
function errorCode(error) {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = error.code;
    return typeof code === "string" ? code : void 0;
  }
  return void 0;
}
var STATE_FAILURES = {
  ENOSPC: "no space left on the device",
  EDQUOT: "the disk quota is used up",
  EROFS: "the file system is read-only",
  EACCES: "permission denied",
  EPERM: "permission denied",
  ENOTDIR: "a file stands where a folder should be",
  EEXIST: "a file stands where a folder should be",
  EISDIR: "a folder stands where a file should be"
};
function stateFailure(error) {
  const reported = errorCode(error);
  if (reported === void 0) return "unknown error";
  const code = reported === "ERR_FS_EISDIR" ? "EISDIR" : reported;
  return STATE_FAILURES[code] ? `${STATE_FAILURES[code]} (${code})` : code;
}

// src/io/node/process.ts

var STAT_STATE_INDEX = 0;
var STAT_PARENT_INDEX = 1;
var STAT_PROCESS_GROUP_INDEX = 2;
var STAT_SESSION_INDEX = 3;
var STAT_START_TICKS_INDEX = 19;
var temporaryCounter = 0;
function temporaryPathBeside(path) {
  return `${path}.${process.pid}.${++temporaryCounter}.tmp`;
}
function processUids(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/status`, "latin1");
  } catch {
    return null;
  }
  return parseUidLine(text);
}
function parseUidLine(status) {
  const line = /^Uid:\s+(\d+)\s+\d+\s+(\d+)/m.exec(status);
  return line === null ? null : { real: Number(line[1]), saved: Number(line[2]) };
}
function mayReach(pid, group) {
  const agentUid = process.getuid?.() === 0 ? process.geteuid() : 0;
  if (agentUid === 0) return true;
  const uids = processUids(pid);
  if (uids === null) return group;
  return uids.real === agentUid || uids.saved === agentUid;
}
function sendSignal(target, signal) {
  try {
    process.kill(target, signal);
    return true;
  } catch {
    return false;
  }
}
function signalProcess(pid, signal) {
  return Number.isInteger(pid) && pid > 1 && mayReach(pid, false) && sendSignal(pid, signal);
}
function signalProcessGroup(processGroup, signal) {
  return Number.isInteger(processGroup) && processGroup > 1 && mayReach(processGroup, true) && sendSignal(-processGroup, signal);
}
function parseProcessStat(pid, text) {
  const close = text.lastIndexOf(")");
  if (close === -1) return null;
  const fields = text.slice(close + 2).trim().split(" ");
  const startTicks = fields[STAT_START_TICKS_INDEX];
  if (startTicks === void 0 || !/^\d+$/.test(startTicks)) return null;
  return {
    pid,
    state: fields[STAT_STATE_INDEX] ?? "?",
    parent: Number(fields[STAT_PARENT_INDEX]),
    processGroup: Number(fields[STAT_PROCESS_GROUP_INDEX]),
    session: Number(fields[STAT_SESSION_INDEX]),
    startTicks
  };
}
function readProcessStat(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "latin1");
  } catch {
    return null;
  }
  return parseProcessStat(pid, text);
}
function listProcessIds() {
  return readdirSync("/proc").filter((name) => /^[1-9][0-9]*$/.test(name)).map(Number);
}
function isRunningState(state) {
  return state !== "Z" && state !== "X";
}

// src/tools/code_task/node/git.ts
var GIT = "git";
var STDERR_TAIL_BYTES = 4096;
var MS_PER_SECOND = 1e3;
function runGit(request, onStdout) {
  return new Promise((resolve, reject) => {
    let supervised;
    try {
      supervised = new SupervisedChild(
        { file: GIT, args: [...request.args], cwd: request.cwd, env: request.env, stdio: ["ignore", "pipe", "pipe"], detached: true },
        request.timeoutMs,
        () => {
          if (supervised.process.pid !== void 0) signalProcessGroup(supervised.process.pid, "SIGKILL");
        },
        NEVER_STOPPED
      );
    } catch (error) {
      reject(error);
      return;
    }
    const child = supervised.process;
    let stderrTail = Buffer.alloc(0);
    child.stdout.on("data", (bytes) => onStdout(bytes));
    child.stderr.on("data", (bytes) => {
      const joined = Buffer.concat([stderrTail, bytes]);
      stderrTail = joined.subarray(Math.max(0, joined.length - STDERR_TAIL_BYTES));
    });
    child.once("error", (error) => {
      if (supervised.settle()) reject(error);
    });
    child.once("close", (code) => {
      if (supervised.settle()) resolve({ exitCode: code, timedOut: supervised.timedOut, stderrTail: stderrTail.toString("utf8") });
    });
  });
}
function copyKeepingMtime(from, to) {
  let info;
  try {
    info = statSync(from);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return false;
    throw error;
  }
  copyFileSync(from, to);
  const wholeSeconds = Math.floor(info.mtimeMs / MS_PER_SECOND);
  utimesSync(to, wholeSeconds, wholeSeconds);
  return true;
}
var nodeGitProcesses = { run: runGit, copyKeepingMtime };

// src/tools/code_task/node/harness.ts


// src/io/node/files.ts


// src/io/read-end.ts
function readReachedEnd(sizeAtOpen, totalBytes, readBytes, roomBytes) {
  return sizeAtOpen > 0 && totalBytes === sizeAtOpen && readBytes < roomBytes;
}

// src/io/node/files.ts
var OPEN_READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;
var READ_FILE_CHUNK_BYTES = 65536;
function codedError(code, message) {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}
function readRegularFile(path, maxBytes, extraFlags = 0) {
  const fd = openSync2(path, OPEN_READ_FLAGS | extraFlags);
  try {
    const stats = fstatSync2(fd);
    if (stats.isDirectory()) throw codedError("EISDIR", `${path} is a folder`);
    if (!stats.isFile()) throw codedError("EFTYPE", `${path} is not a regular file`);
    const limit = maxBytes + 1;
    let buffer = Buffer.allocUnsafe(Math.min(stats.size > 0 ? stats.size + 1 : READ_FILE_CHUNK_BYTES, limit));
    let total = 0;
    for (; ; ) {
      if (total === buffer.length) buffer = grown(buffer, Math.min(total + Math.max(total, READ_FILE_CHUNK_BYTES), limit));
      const room = buffer.length - total;
      const read = readSync2(fd, buffer, total, room, null);
      if (read === 0) break;
      total += read;
      if (total > maxBytes) throw codedError("EFBIG", `${path} passes ${maxBytes} bytes`);
      if (readReachedEnd(stats.size, total, read, room)) break;
    }
    return buffer.subarray(0, total);
  } finally {
    closeSync(fd);
  }
}
function grown(buffer, bytes) {
  const bigger = Buffer.allocUnsafe(bytes);
  buffer.copy(bigger);
  return bigger;
}
function writeFileAtomic(path, data) {
  const temp = temporaryPathBeside(path);
  try {
    writeFileSync(temp, data, { mode: 384 });
    renameSync(temp, path);
  } catch (error) {
    removeFileIfPresent(temp);
    throw error;
  }
}
function removeFileIfPresent(path) {
  if (lstatSync(path, { throwIfNoEntry: false }) === void 0) return;
  try {
    unlinkSync(path);
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
}
function createExclusive(path, content) {
  const temporary = temporaryPathBeside(path);
  writeFileSync(temporary, content, { mode: 384, flag: "wx" });
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if (error.code === "EEXIST") return false;
    throw error;
  } finally {
    removeFileIfPresent(temporary);
  }
}

// src/io/dead-parent-watcher.ts
var DEAD_PARENT_WATCHER_SCRIPT = "exec </dev/null >/dev/null 2>&1 9<> <(:); while builtin kill -0 $1 || [[ -e /proc/$1 ]]; do read -t 1 -u 9 _; done; builtin kill -0 -- -$2 || exit 0; builtin kill -TERM -- -$2; sleep $3; builtin kill -KILL -- -$2";

// src/io/node/process-group.ts


// src/io/call-mark.ts
var CALL_MARK_VARIABLE = "GUILDS_CALL_MARK";
var CALL_MARK_MAX_TOKENS = 8;
var TOKEN_SEPARATOR = ":";
var TOKEN_PATTERN = /^[0-9a-z]+(?:-[0-9a-z]+)*$/;
function callKey(agentId, runId, callId) {
  const text = `${agentId}/${runId}/${callId}`;
  let high = 3735928559;
  let low = 1103547991;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    high = Math.imul(high ^ code, 2654435761);
    low = Math.imul(low ^ code, 1597334677);
  }
  high = Math.imul(high ^ high >>> 16, 2246822507) ^ Math.imul(low ^ low >>> 13, 3266489909);
  low = Math.imul(low ^ low >>> 16, 2246822507) ^ Math.imul(high ^ high >>> 13, 3266489909);
  return (4294967296 * (2097151 & low) + (high >>> 0)).toString(36);
}
function callToken(key, pid, nowMs, counter, random) {
  const digits = Math.floor(random * 36 ** 8).toString(36);
  return [key, ...[pid, nowMs, counter].map((part) => Math.max(0, Math.floor(part)).toString(36)), digits].join("-");
}
function markValue(inherited, token) {
  const kept = (inherited ?? "").split(TOKEN_SEPARATOR).filter((part) => TOKEN_PATTERN.test(part));
  return [...kept, token].slice(-CALL_MARK_MAX_TOKENS).join(TOKEN_SEPARATOR);
}
function markCarries(value, token) {
  return value.split(TOKEN_SEPARATOR).includes(token);
}
function markCarriesKey(value, key) {
  const prefix = `${key}-`;
  return value.split(TOKEN_SEPARATOR).some((token) => token.startsWith(prefix));
}
function environValue(environ, name) {
  const prefix = `${name}=`;
  let start2 = 0;
  while (start2 < environ.length) {
    let end = environ.indexOf("\0", start2);
    if (end === -1) end = environ.length;
    if (environ.startsWith(prefix, start2)) return environ.slice(start2 + prefix.length, end);
    start2 = end + 1;
  }
  return null;
}
function environHasEntry(environ, entry) {
  const equals = entry.indexOf("=");
  return equals > 0 && environValue(environ, entry.slice(0, equals)) === entry.slice(equals + 1);
}
function environCarriesToken(environ, token) {
  const value = environValue(environ, CALL_MARK_VARIABLE);
  return value !== null && markCarries(value, token);
}
function environCarriesKey(environ, key) {
  const value = environValue(environ, CALL_MARK_VARIABLE);
  return value !== null && markCarriesKey(value, key);
}

// src/io/node/log-follower.ts

var OUTPUT_CHUNK_BYTES = 1048576;
var OUTPUT_POLL_MS = 10;
var sharedBuffer;
function readBuffer() {
  sharedBuffer ??= Buffer.allocUnsafe(OUTPUT_CHUNK_BYTES);
  return sharedBuffer;
}
var LogFollower = class {
  constructor(readFd, onOutput, onEnd, onError) {
    this.readFd = readFd;
    this.onOutput = onOutput;
    this.onEnd = onEnd;
    this.onError = onError;
    this.schedule(false);
  }
  readFd;
  onOutput;
  onEnd;
  onError;
  position = 0;
  endAt = null;
  pollTimer;
  readNext;
  stopped = false;
  /** The command is over and its output is `size` bytes: read up to there, then end. *{/}
  finishAt(size) {
    this.endAt = size;
    this.schedule(true);
  }
  stop() {
    this.stopped = true;
    clearTimeout(this.pollTimer);
    clearImmediate(this.readNext);
  }
  schedule(now) {
    clearTimeout(this.pollTimer);
    clearImmediate(this.readNext);
    if (now) this.readNext = setImmediate(() => this.follow());
    else this.pollTimer = setTimeout(() => this.follow(), OUTPUT_POLL_MS);
  }
  follow() {
    if (this.stopped) return;
    try {
      const buffer = readBuffer();
      const want = Math.min(buffer.length, (this.endAt ?? Number.MAX_SAFE_INTEGER) - this.position);
      const read = want > 0 ? readSync3(this.readFd, buffer, 0, want, this.position) : 0;
      if (read > 0) {
        this.position += read;
        this.onOutput(buffer.subarray(0, read));
        this.schedule(true);
      } else if (this.endAt !== null) {
        this.onEnd(this.position);
      } else {
        this.schedule(false);
      }
    } catch (error) {
      this.onError(error);
    }
  }
};

// src/io/node/group-guard.ts


// src/io/group-guard.ts
var GUARD_LIST_FD = 3;
function guardListText(groupIds, minChars) {
  return [...groupIds].join(" ").padEnd(minChars, " ");
}
function guardArguments(graceSeconds2) {
  return ["--norc", "-c", GROUP_GUARD_SCRIPT, "guilds-guard", String(graceSeconds2)];
}
var GROUP_GUARD_SCRIPT = [
  "exec >/dev/null 2>&1",
  "while IFS= read -r _; do :; done",
  `read -r -d '' -a listed <&${GUARD_LIST_FD}`,
  'groups=(); for id in "${listed[@]}"; do [[ $id =~ ^[1-9][0-9]*$ ]] && builtin kill -0 "$id" && groups+=("$id"); done',
  "(( ${#groups[@]} )) || exit 0",
  "trap '' TERM",
  'for id in "${groups[@]}"; do builtin kill -TERM "$id"; builtin kill -TERM -- "-$id"; done',
  'sleep "$1"',
  'for id in "${groups[@]}"; do builtin kill -KILL -- "-$id"; done'
].join("\n");

// src/io/node/scratch-file.ts

var SCRATCH_OPEN_FLAGS = constants2.O_RDWR | constants2.O_CREAT | constants2.O_EXCL | constants2.O_NOFOLLOW;

// src/io/node/group-guard.ts
var live = /* @__PURE__ *{/} new Set();
var graceSeconds = null;
var listFd = null;
var listChars = 0;
var stdin = null;
var GUARD_ENV = { PATH: "/usr/local/bin:/usr/bin:/bin" };
function start() {
  if (graceSeconds === null || listFd === null) return;
  try {
    const stdio = ["pipe", "ignore", "ignore"];
    stdio[GUARD_LIST_FD] = listFd;
    const child = spawnChild("bash", guardArguments(graceSeconds), { cwd: "/", env: GUARD_ENV, stdio, detached: true, entersFolderItself: true });
    const input = child.stdin;
    input.on("error", () => void 0);
    child.once("exit", () => {
      if (stdin === input) stdin = null;
    });
    child.unref();
    input.unref();
    stdin = input;
  } catch {
    stdin = null;
  }
}
function writeList() {
  if (listFd === null) return;
  const text = guardListText(live, listChars);
  try {
    writeSync2(listFd, text, 0, "latin1");
    listChars = text.length;
  } catch {
  }
}
function guardGroup(groupId) {
  if (graceSeconds === null) return;
  live.add(groupId);
  writeList();
  if (stdin === null) start();
}
function releaseGroup(groupId) {
  if (!live.delete(groupId)) return;
  writeList();
}

// src/io/node/sweep.ts

function matcher(mark) {
  if ("token" in mark) return (environ) => environCarriesToken(environ, mark.token);
  if ("key" in mark) return (environ) => environCarriesKey(environ, mark.key);
  const entry = Buffer.from(mark.entry, "utf8").toString("latin1");
  return (environ) => environHasEntry(environ, entry);
}
function markedProcesses(mark) {
  const carries = matcher(mark);
  const uid = process.geteuid?.();
  let pids;
  try {
    pids = listProcessIds();
  } catch {
    return [];
  }
  const found = [];
  for (const pid of pids) {
    if (pid === process.pid) continue;
    try {
      if (uid !== void 0 && statSync2(`/proc/${pid}`).uid !== uid) continue;
      const stat = readProcessStat(pid);
      if (stat === null || !isRunningState(stat.state)) continue;
      if (carries(readFileSync2(`/proc/${pid}/environ`, "latin1"))) found.push(pid);
    } catch {
    }
  }
  return found;
}
function signalMarked(mark, signal) {
  const pids = markedProcesses(mark);
  for (const pid of pids) signalProcess(pid, signal);
  return pids.length;
}

// src/io/node/process-group.ts
var GROUP_POLL_MS = 20;
var GROUP_REAP_WAIT_MS = 1e3;
var MARK_POLL_MS = 100;
var LOG_OPEN_FLAGS = constants3.O_WRONLY | constants3.O_APPEND | constants3.O_CREAT | constants3.O_TRUNC | constants3.O_NOFOLLOW;
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
function groupRuns(groupId) {
  if (!signalProcessGroup(groupId, 0)) return false;
  let pids;
  try {
    pids = listProcessIds();
  } catch {
    return true;
  }
  for (const pid of pids) {
    const stat = readProcessStat(pid);
    if (stat !== null && stat.processGroup === groupId && isRunningState(stat.state)) return true;
  }
  return false;
}
async function finishGroups(groupIds, deadline, mark) {
  const markedRun = () => mark !== void 0 && markedProcesses(mark).length > 0;
  const groupsRun = () => groupIds.some(groupRuns);
  let markCheckedAt = 0;
  let marked = true;
  while (Date.now() < deadline) {
    if (Date.now() - markCheckedAt >= MARK_POLL_MS) {
      marked = markedRun();
      markCheckedAt = Date.now();
    }
    if (!groupsRun() && !marked) return;
    await sleep(GROUP_POLL_MS);
  }
  for (const groupId of groupIds) signalProcessGroup(groupId, "SIGKILL");
  if (mark !== void 0) signalMarked(mark, "SIGKILL");
  const reapDeadline = Date.now() + GROUP_REAP_WAIT_MS;
  while (Date.now() < reapDeadline) {
    const left = mark === void 0 ? 0 : signalMarked(mark, "SIGKILL");
    if (left === 0 && !groupsRun()) return;
    await sleep(GROUP_POLL_MS);
  }
}
function openLog(logPath) {
  const logFd = openSync4(logPath, LOG_OPEN_FLAGS, 384);
  try {
    return { logFd, readFd: openSync4(logPath, constants3.O_RDONLY | constants3.O_NOFOLLOW) };
  } catch (error) {
    closeSync3(logFd);
    throw error;
  }
}
var GroupStop = class {
  constructor(graceMs, mark) {
    this.graceMs = graceMs;
    this.mark = mark;
  }
  graceMs;
  mark;
  /** When the SIGKILL is due; 0 while the group has not been stopped. *{/}
  deadline = 0;
  killTimer;
  /** `leader` is the group's leader, whose pid is the group's id; once it has exited, `kill` is a no-op. *{/}
  stop(leader) {
    const groupId = leader.pid;
    if (groupId === void 0 || this.deadline !== 0) return;
    this.deadline = Date.now() + this.graceMs;
    leader.kill("SIGTERM");
    signalProcessGroup(groupId, "SIGTERM");
    if (this.mark !== void 0) signalMarked(this.mark, "SIGTERM");
    this.killTimer = setTimeout(() => {
      leader.kill("SIGKILL");
      signalProcessGroup(groupId, "SIGKILL");
      if (this.mark !== void 0) signalMarked(this.mark, "SIGKILL");
    }, this.graceMs);
  }
  /** Once the group has been waited for: the pending SIGKILL, if any, is no longer needed. *{/}
  dispose() {
    clearTimeout(this.killTimer);
  }
};
var callCounter = 0;
function newCallToken(key) {
  return callToken(key, process.pid, Date.now(), ++callCounter, Math.random());
}
function markedEnvironment(env, token) {
  if (token === void 0) return env;
  return { ...env, [CALL_MARK_VARIABLE]: markValue(env[CALL_MARK_VARIABLE], token) };
}
function startLeader(run, log, onStop) {
  let supervised;
  try {
    const stdio = [run.input === void 0 ? "ignore" : "pipe", log.logFd, log.logFd];
    const env = markedEnvironment(run.env, run.markToken);
    const start2 = { file: run.file, args: [...run.args], cwd: run.cwd, env, stdio, detached: true, entersFolderItself: run.entersFolderItself };
    supervised = new SupervisedChild(start2, run.timeoutMs, onStop, run.stop);
  } catch (error) {
    closeSync3(log.logFd);
    closeSync3(log.readFd);
    throw error;
  }
  if (run.input !== void 0) {
    supervised.process.stdin?.on("error", () => void 0);
    supervised.process.stdin?.end(run.input);
  }
  return supervised;
}
function runInGroup(run, onOutput) {
  const log = openLog(run.logPath);
  const mark = run.markToken === void 0 ? void 0 : { token: run.markToken };
  const groupStop = new GroupStop(run.killGraceMs, mark);
  const supervised = startLeader(run, log, () => groupStop.stop(supervised.process));
  const child = supervised.process;
  const groupId = child.pid;
  if (groupId !== void 0) {
    if (run.guarded === true) guardGroup(groupId);
    run.onStart?.(groupId);
  }
  return new Promise((resolve, reject) => {
    let code = null;
    let signal = null;
    const close = () => {
      if (!supervised.settle()) return;
      groupStop.dispose();
      run.onSettle?.();
      follower.stop();
      closeSync3(log.logFd);
      closeSync3(log.readFd);
    };
    const follower = new LogFollower(
      log.readFd,
      onOutput,
      (logBytes) => {
        close();
        resolve({ code, signal, timedOut: supervised.timedOut, interruptedBy: supervised.interruptedBy, logBytes });
      },
      (error) => {
        groupStop.stop(child);
        close();
        reject(error);
      }
    );
    child.once("error", (error) => {
      close();
      reject(error);
    });
    child.once("exit", (exitCode, exitSignal) => {
      supervised.disarmTimer();
      code = exitCode;
      signal = exitSignal;
      const finishLog = () => {
        if (!supervised.isSettled) follower.finishAt(fstatSync3(log.logFd).size);
      };
      if (groupId === void 0) return finishLog();
      if (run.stopLeftovers && groupStop.deadline === 0 && (groupRuns(groupId) || mark !== void 0 && markedProcesses(mark).length > 0)) {
        groupStop.stop(child);
      }
      const finished = groupStop.deadline !== 0 ? finishGroups([groupId], groupStop.deadline, mark) : Promise.resolve();
      void finished.then(() => {
        if (run.guarded === true) releaseGroup(groupId);
        run.onGroupEnd?.(groupId);
        finishLog();
      });
    });
  });
}

// src/tools/code_task/node/harness.ts
function startLifeline(groupId, graceMs) {
  try {
    return startDetached({
      file: "bash",
      args: ["-c", DEAD_PARENT_WATCHER_SCRIPT, "guilds-harness-lifeline", String(process.pid), String(groupId), String(Math.ceil(graceMs / 1e3))],
      cwd: "/",
      stdio: "ignore"
    });
  } catch {
    return void 0;
  }
}
function endLifeline(pid) {
  if (pid !== void 0) signalProcess(pid, "SIGKILL");
}
async function runHarness(request, onOutput) {
  let lifeline;
  const end = await runInGroup(
    {
      file: request.argv[0],
      args: request.argv.slice(1),
      cwd: request.cwd,
      env: request.env,
      logPath: request.logPath,
      input: request.input,
      timeoutMs: request.timeoutMs,
      stop: request.stop,
      killGraceMs: request.killGraceMs,
      // Whatever the harness started carries the task's mark, in its group or not.
      markToken: newCallToken(request.callKey),
      // What the harness left running, in its group or marked, goes with it, stopped as a timed-out harness is.
      stopLeftovers: true,
      onStart: (groupId) => {
        lifeline = startLifeline(groupId, request.killGraceMs);
      },
      onSettle: () => endLifeline(lifeline)
    },
    onOutput
  );
  return { exitCode: end.code, signal: end.signal, timedOut: end.timedOut, stopped: end.interruptedBy !== null, logBytes: end.logBytes };
}
function findOnPath(program, pathVariable) {
  if (program.includes("/")) return null;
  for (const folder of (pathVariable ?? "").split(":")) {
    if (!folder.startsWith("/")) continue;
    const candidate = `${folder.replace(/\/+$/, "")}/${program}`;
    try {
      if (!statSync3(candidate).isFile()) continue;
      accessSync(candidate, constants4.X_OK);
      return candidate;
    } catch {
    }
  }
  return null;
}
function isRunning(pid, startTicks) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  const stat = readProcessStat(pid);
  if (stat !== null) return isRunningState(stat.state) && (startTicks === null || stat.startTicks === startTicks);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === "EPERM";
  }
}
var nodeHarnessProcesses = {
  run: runHarness,
  findOnPath,
  randomUuid: () => loadCrypto().randomUUID(),
  self: () => ({ pid: process.pid, startTicks: readProcessStat(process.pid)?.startTicks ?? null }),
  isRunning,
  createExclusive
};

// src/tools/code_task/node-io.ts
var CODE_TASK_NODE_IO = {
  git: nodeGitProcesses,
  harness: nodeHarnessProcesses,
  sha256Hex: (text) => loadCrypto().createHash("sha256").update(text, "utf8").digest("hex")
};

// src/text/paths.ts
var NOT_NORMAL = /\/(?:\.\.?)?(?:\/|$)/;
function normalizeAbsolute(path) {
  if (path.startsWith("/") && !NOT_NORMAL.test(path)) return path;
  const out = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return "/" + out.join("/");
}
function joinPath(base, rel) {
  return normalizeAbsolute(rel.startsWith("/") ? rel : base + "/" + rel);
}
function expandHome(input, home, base) {
  if (input === "~") return normalizeAbsolute(home);
  if (input.startsWith("~/")) return joinPath(home, input.slice(2));
  return joinPath(base, input);
}
function resolveShownPath(input, cwd, home, homeAlias, isRealFolder) {
  const homeParts = home.split("/").filter(Boolean);
  const aliasParts = homeAlias === null ? null : homeAlias.split("/").filter(Boolean);
  let parts;
  let rest;
  if (input === "~" || input.startsWith("~/")) {
    parts = homeParts.slice();
    rest = input.slice(1);
  } else {
    parts = [];
    rest = input.startsWith("/") ? input : cwd + "/" + input;
  }
  for (const part of rest.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      const top = parts[parts.length - 1];
      if (top === void 0) continue;
      if (top !== ".." && isRealFolder("/" + parts.join("/"))) parts.pop();
      else parts.push("..");
      continue;
    }
    parts.push(part);
    if (aliasParts !== null && parts.length === aliasParts.length && parts.every((name, i) => name === aliasParts[i])) {
      parts = homeParts.slice();
    }
  }
  return "/" + parts.join("/");
}
function isInside(path, root) {
  if (root === "/") return true;
  return path === root || path.startsWith(root + "/");
}
function relativePath(from, to) {
  const fromParts = from.split("/").filter(Boolean);
  const toParts = to.split("/").filter(Boolean);
  let common = 0;
  while (common < fromParts.length && common < toParts.length && fromParts[common] === toParts[common]) {
    common++;
  }
  const ups = fromParts.length - common;
  const rest = toParts.slice(common);
  const parts = [...Array(ups).fill(".."), ...rest];
  return parts.length === 0 ? "." : parts.join("/");
}
function dirName(path) {
  const cut = path.lastIndexOf("/");
  return cut <= 0 ? "/" : path.slice(0, cut);
}
function baseName(path) {
  return path.slice(path.lastIndexOf("/") + 1);
}

// src/contract/telemetry.ts
var TRACEPARENT_VARIABLE = "TRACEPARENT";
var TRACESTATE_VARIABLE = "TRACESTATE";
var TIMINGS_META_FIELD = "timings_us";
var telemetryReasons = {
  notTelemetry: "telemetry must be true or false",
  notTraceparent: "traceparent must be a W3C traceparent: 00-<32 hex digits>-<16 hex digits>-<2 hex digits>, ids not all zeros",
  notTracestate: `tracestate must be at most ${TRACESTATE_MAX_CHARS} printable ASCII characters, and comes only with a traceparent`
};
var TRACEPARENT_PATTERN = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
var PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
function isTraceparent(text) {
  const match = TRACEPARENT_PATTERN.exec(text);
  if (match === null) return false;
  const [, version, traceId, parentId] = match;
  if (version === "ff" || version === "00" && match[5] !== void 0) return false;
  return !/^0+$/.test(traceId) && !/^0+$/.test(parentId);
}
function telemetryAskOf(value) {
  if (value === void 0 || value === null || value === false) return false;
  if (value === true) return true;
  throw invalidRequest(telemetryReasons.notTelemetry);
}
function traceContextOf(traceparent, tracestate) {
  const noState = tracestate === void 0 || tracestate === null;
  if (traceparent === void 0 || traceparent === null) {
    if (!noState) throw invalidRequest(telemetryReasons.notTracestate);
    return null;
  }
  if (typeof traceparent !== "string" || !isTraceparent(traceparent)) throw invalidRequest(telemetryReasons.notTraceparent);
  if (noState) return { traceparent };
  if (typeof tracestate !== "string" || tracestate.length > TRACESTATE_MAX_CHARS || !PRINTABLE_ASCII.test(tracestate)) {
    throw invalidRequest(telemetryReasons.notTracestate);
  }
  return tracestate === "" ? { traceparent } : { traceparent, tracestate };
}
function microseconds(ms) {
  return Math.max(0, Math.round(ms * 1e3));
}
function helperTimings(origin, runStart, runEnd, shaped) {
  return { start: microseconds(runStart - origin), run: microseconds(runEnd - runStart), shape: microseconds(shaped - runEnd) };
}

// src/tools/shell/environment.ts
var FIXED_SHELL_ENV = {
  PAGER: "cat",
  GIT_PAGER: "cat",
  GIT_TERMINAL_PROMPT: "0",
  NO_COLOR: "1",
  TERM: "dumb",
  DEBIAN_FRONTEND: "noninteractive",
  // No prompt can be answered (stdin is /dev/null, nobody reads the terminal): gh and Git Credential
  // Manager fail at once instead of waiting for the timeout.
  GH_PROMPT_DISABLED: "1",
  GCM_INTERACTIVE: "never"
};
var FAILS_AT_ONCE = "false";
var DEFAULT_SHELL_ENV = [
  { name: "GIT_ASKPASS", value: FAILS_AT_ONCE, unlessSet: ["GIT_ASKPASS"] },
  { name: "SSH_ASKPASS", value: FAILS_AT_ONCE, unlessSet: ["SSH_ASKPASS"] },
  { name: "GIT_EDITOR", value: FAILS_AT_ONCE, unlessSet: ["GIT_EDITOR", "VISUAL", "EDITOR"] },
  { name: "EDITOR", value: FAILS_AT_ONCE, unlessSet: ["EDITOR", "VISUAL"] }
];
function parseRepoTokens(value, home) {
  if (value === void 0) return null;
  let parsed;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return [];
  const tokens = [];
  for (const [folder, token] of Object.entries(parsed)) {
    if (typeof token !== "string" || token === "" || folder === "" || folder.includes("\0")) continue;
    tokens.push({ folder: expandHome(folder, home, home), token });
  }
  return tokens;
}
function tokenForFolder(tokens, places) {
  let best = null;
  for (const entry of tokens) {
    if (!places.some((place) => isInside(normalizeAbsolute(place), entry.folder))) continue;
    if (best === null || entry.folder.length > best.folder.length) best = entry;
  }
  return best?.token ?? null;
}
function ghTokenFor(agentEnv, home, cwd, realPath) {
  const tokens = parseRepoTokens(agentEnv[REPO_TOKENS_VARIABLE], home);
  if (tokens === null) return void 0;
  const resolvedCwd = realPath(cwd);
  const places = resolvedCwd === null ? [cwd] : [cwd, resolvedCwd];
  const resolved = tokens.flatMap((entry) => {
    const folder = realPath(entry.folder);
    return folder === null ? [entry] : [entry, { folder, token: entry.token }];
  });
  return tokenForFolder(resolved, places);
}
function shellEnvironment(input) {
  const env = {};
  for (const [name, value] of Object.entries(input.agentEnv)) if (value !== void 0) env[name] = value;
  delete env[REPO_TOKENS_VARIABLE];
  const extraCaCerts = env[HANDED_ON_EXTRA_CA_CERTS_VARIABLE];
  if (extraCaCerts !== void 0) {
    delete env[HANDED_ON_EXTRA_CA_CERTS_VARIABLE];
    if (extraCaCerts === "") delete env[NODE_EXTRA_CA_CERTS_VARIABLE];
    else env[NODE_EXTRA_CA_CERTS_VARIABLE] = extraCaCerts;
  }
  for (const { name, value, unlessSet } of DEFAULT_SHELL_ENV) {
    if (unlessSet.every((set) => env[set] === void 0 || env[set] === "")) env[name] = value;
  }
  Object.assign(env, FIXED_SHELL_ENV);
  env.GUILD_RUN_ID = input.runId;
  env.GUILD_AGENT_ID = input.agentId;
  env.PWD = input.cwd;
  delete env.OLDPWD;
  if (input.ghToken !== void 0) {
    if (input.ghToken === null) delete env.GH_TOKEN;
    else env.GH_TOKEN = input.ghToken;
  }
  if (input.traceContext !== void 0) {
    env[TRACEPARENT_VARIABLE] = input.traceContext.traceparent;
    if (input.traceContext.tracestate === void 0) delete env[TRACESTATE_VARIABLE];
    else env[TRACESTATE_VARIABLE] = input.traceContext.tracestate;
  }
  return env;
}

// src/tools/command-environment.ts
function commandEnvironment(context, cwd) {
  const { io, request } = context;
  const realPath = (path) => {
    try {
      return io.fs.realPath(path);
    } catch {
      return null;
    }
  };
  return shellEnvironment({
    agentEnv: io.env,
    runId: request.runId,
    agentId: request.agentId,
    cwd,
    ghToken: ghTokenFor(io.env, io.home, cwd, realPath),
    traceContext: request.traceContext
  });
}

// src/workspace/workdir.ts
var RUNS_FOLDER_NAME = ".runs";
function runsFolder(io) {
  return joinPath(io.home, RUNS_FOLDER_NAME);
}
function runFolder(io, runId) {
  return joinPath(runsFolder(io), runId);
}
function cwdFile(io, runId) {
  return joinPath(runFolder(io, runId), "cwd");
}
function isFolder(io, path) {
  try {
    return io.fs.stat(path)?.kind === "folder";
  } catch {
    return false;
  }
}
function defaultWorkingDirectory(io, defaultCwd) {
  return defaultCwd === "" ? io.home : expandHome(defaultCwd, io.home, io.home);
}
function recordedText(io, runId) {
  const path = cwdFile(io, runId);
  try {
    if (io.fs.stat(path) === null) return void 0;
    return new TextDecoder().decode(io.fs.readFile(path, CWD_FILE_MAX_BYTES));
  } catch {
    return void 0;
  }
}
function loadWorkingDirectoryOf(io, runId, defaultCwd) {
  const recorded = recordedText(io, runId);
  if (recorded !== void 0 && recorded.startsWith("/") && !/[\0\n]/.test(recorded)) {
    const folder = normalizeAbsolute(recorded);
    if (isFolder(io, folder)) return { folder, recorded: folder === recorded };
  }
  const fallback = defaultWorkingDirectory(io, defaultCwd);
  if (fallback === io.home) return { folder: io.home, recorded: false };
  return { folder: isFolder(io, fallback) ? fallback : io.home, recorded: false };
}

// src/text/line-splitter.ts
var NEWLINE = 10;
var CARRIAGE_RETURN = "\r";
var LineBytes = class {
  constructor(sink, maxLineBytes) {
    this.sink = sink;
    this.maxLineBytes = maxLineBytes;
  }
  sink;
  maxLineBytes;
  pieces = [];
  heldBytes = 0;
  clipped = false;
  /** The bytes are only lent: what must last is copied. *{/}
  write(bytes) {
    let start2 = 0;
    while (start2 < bytes.length) {
      const end = bytes.indexOf(NEWLINE, start2);
      if (end === -1) {
        this.hold(bytes.subarray(start2));
        return;
      }
      this.hold(bytes.subarray(start2, end));
      this.emit();
      start2 = end + 1;
    }
  }
  end() {
    if (this.heldBytes > 0 || this.clipped) this.emit();
  }
  hold(bytes) {
    const room = this.maxLineBytes - this.heldBytes;
    if (bytes.length > room && !this.clipped) {
      this.clipped = true;
      this.sink.overflow?.();
    }
    const kept = bytes.length > room ? bytes.subarray(0, Math.max(0, room)) : bytes;
    if (kept.length === 0) return;
    this.pieces.push(new Uint8Array(kept));
    this.heldBytes += kept.length;
  }
  emit() {
    let bytes;
    if (this.pieces.length === 1) bytes = this.pieces[0];
    else {
      bytes = new Uint8Array(this.heldBytes);
      let offset = 0;
      for (const piece of this.pieces) {
        bytes.set(piece, offset);
        offset += piece.length;
      }
    }
    const clipped = this.clipped;
    this.pieces = [];
    this.heldBytes = 0;
    this.clipped = false;
    this.sink.line(bytes, clipped);
  }
};
var LineSplitter = class {
  lines;
  decoder = new TextDecoder("utf-8");
  constructor(onLine, maxLineBytes) {
    this.lines = new LineBytes(
      {
        line: (bytes, clipped) => {
          const line = this.decoder.decode(bytes);
          onLine(line.endsWith(CARRIAGE_RETURN) ? line.slice(0, -1) : line, clipped);
        }
      },
      maxLineBytes
    );
  }
  /** The bytes are only lent. *{/}
  write(bytes) {
    this.lines.write(bytes);
  }
  end() {
    this.lines.end();
  }
};
var ByteLines = class {
  lines;
  constructor(sink, maxLineBytes) {
    this.lines = new LineBytes(
      {
        line: (bytes, clipped) => {
          if (!clipped) sink.line(bytes);
        },
        overflow: () => sink.tooLong()
      },
      maxLineBytes
    );
  }
  /** The bytes are only lent: what must last is copied. *{/}
  write(bytes) {
    this.lines.write(bytes);
  }
  end() {
    this.lines.end();
  }
};

// src/text/clip.ts
var CLIP_MARK = "\u2026";
function clipChars(text, maxChars) {
  return codePointCount(text) > maxChars ? firstCodePoints(text, maxChars) + CLIP_MARK : text;
}
function clipCharsWithin(text, maxChars) {
  return codePointCount(text) > maxChars ? firstCodePoints(text, maxChars - 1) + CLIP_MARK : text;
}
function joinedLines(text) {
  return text.replace(/\s*[\r\n\u2028\u2029]+\s*{/}g, " ").trim();
}

// src/text/elapsed.ts
var SECOND_MS = 1e3;
var MINUTE_SECONDS = 60;
var HOUR_SECONDS = 3600;
var DAY_SECONDS = 86400;
function twoDigits(value) {
  return String(value).padStart(2, "0");
}
function formatElapsed(milliseconds) {
  const seconds = Math.max(0, Math.floor(milliseconds / SECOND_MS));
  if (seconds < MINUTE_SECONDS) return `${seconds}s`;
  if (seconds < HOUR_SECONDS) return `${Math.floor(seconds / MINUTE_SECONDS)}m${twoDigits(seconds % MINUTE_SECONDS)}s`;
  if (seconds < DAY_SECONDS) {
    return `${Math.floor(seconds / HOUR_SECONDS)}h${twoDigits(Math.floor(seconds % HOUR_SECONDS / MINUTE_SECONDS))}m`;
  }
  return `${Math.floor(seconds / DAY_SECONDS)}d${twoDigits(Math.floor(seconds % DAY_SECONDS / HOUR_SECONDS))}h`;
}

// node_modules/ansi-regex/index.js
var ST = String.raw`(?:\u001B\u005C|\u009C)`;
var stringControls = String.raw`\u0018\u001A\u001B\u0080-\u009F`;
var osc = String.raw`(?:\u001B\]|\u009D)[^\u0007${stringControls}]*(?:\u0007|${ST})`;
var controlString = String.raw`(?:\u001B[PX^_k]|[\u0090\u0098\u009E\u009F])[^${stringControls}]*${ST}`;
var linuxPalette = String.raw`\u001B\](?:P[\dA-Fa-f]{7}|R)(?:\u0007|${ST})?`;
var csi = String.raw`(?:\u001B\[|\u009B)[\u0030-\u003F]*[\u0020-\u002F]*[\u0040-\u007E]`;
var escape = String.raw`\u001B(?:[\u0020-\u002F]+[\u0030-\u007E]|[\dA-PR-TZcf-oq-uy=><~|}])`;
var pattern = `${linuxPalette}|${osc}|${controlString}|${csi}|${escape}`;
function ansiRegex({ onlyFirst = false } = {}) {
  return new RegExp(pattern, onlyFirst ? void 0 : "g");
}

// node_modules/strip-ansi/index.js
var regex = ansiRegex();
function stripAnsi(string2) {
  if (typeof string2 !== "string") {
    throw new TypeError(`Expected a \`string\`, got \`${typeof string2}\``);
  }
  if (!string2.includes("\x1B") && !string2.includes("\x9B")) {
    return string2;
  }
  return string2.replace(regex, "");
}

// node_modules/get-east-asian-width/lookup-data.js
var ambiguousMinimalCodePoint = 161;
var ambiguousMaximumCodePoint = 1114109;
var ambiguousRanges = [161, 161, 164, 164, 167, 168, 170, 170, 173, 174, 176, 180, 182, 186, 188, 191, 198, 198, 208, 208, 215, 216, 222, 225, 230, 230, 232, 234, 236, 237, 240, 240, 242, 243, 247, 250, 252, 252, 254, 254, 257, 257, 273, 273, 275, 275, 283, 283, 294, 295, 299, 299, 305, 307, 312, 312, 319, 322, 324, 324, 328, 331, 333, 333, 338, 339, 358, 359, 363, 363, 462, 462, 464, 464, 466, 466, 468, 468, 470, 470, 472, 472, 474, 474, 476, 476, 593, 593, 609, 609, 708, 708, 711, 711, 713, 715, 717, 717, 720, 720, 728, 731, 733, 733, 735, 735, 768, 879, 913, 929, 931, 937, 945, 961, 963, 969, 1025, 1025, 1040, 1103, 1105, 1105, 8208, 8208, 8211, 8214, 8216, 8217, 8220, 8221, 8224, 8226, 8228, 8231, 8240, 8240, 8242, 8243, 8245, 8245, 8251, 8251, 8254, 8254, 8308, 8308, 8319, 8319, 8321, 8324, 8364, 8364, 8451, 8451, 8453, 8453, 8457, 8457, 8467, 8467, 8470, 8470, 8481, 8482, 8486, 8486, 8491, 8491, 8531, 8532, 8539, 8542, 8544, 8555, 8560, 8569, 8585, 8585, 8592, 8601, 8632, 8633, 8658, 8658, 8660, 8660, 8679, 8679, 8704, 8704, 8706, 8707, 8711, 8712, 8715, 8715, 8719, 8719, 8721, 8721, 8725, 8725, 8730, 8730, 8733, 8736, 8739, 8739, 8741, 8741, 8743, 8748, 8750, 8750, 8756, 8759, 8764, 8765, 8776, 8776, 8780, 8780, 8786, 8786, 8800, 8801, 8804, 8807, 8810, 8811, 8814, 8815, 8834, 8835, 8838, 8839, 8853, 8853, 8857, 8857, 8869, 8869, 8895, 8895, 8978, 8978, 9312, 9449, 9451, 9547, 9552, 9587, 9600, 9615, 9618, 9621, 9632, 9633, 9635, 9641, 9650, 9651, 9654, 9655, 9660, 9661, 9664, 9665, 9670, 9672, 9675, 9675, 9678, 9681, 9698, 9701, 9711, 9711, 9733, 9734, 9737, 9737, 9742, 9743, 9756, 9756, 9758, 9758, 9792, 9792, 9794, 9794, 9824, 9825, 9827, 9829, 9831, 9834, 9836, 9837, 9839, 9839, 9886, 9887, 9919, 9919, 9926, 9933, 9935, 9939, 9941, 9953, 9955, 9955, 9960, 9961, 9963, 9969, 9972, 9972, 9974, 9977, 9979, 9980, 9982, 9983, 10045, 10045, 10102, 10111, 11094, 11097, 12872, 12879, 57344, 63743, 65024, 65039, 65533, 65533, 127232, 127242, 127248, 127277, 127280, 127337, 127344, 127373, 127375, 127376, 127387, 127404, 917760, 917999, 983040, 1048573, 1048576, 1114109];
var fullwidthMinimalCodePoint = 12288;
var fullwidthMaximumCodePoint = 65510;
var fullwidthRanges = [12288, 12288, 65281, 65376, 65504, 65510];
var wideMinimalCodePoint = 4352;
var wideMaximumCodePoint = 262141;
var wideRanges = [4352, 4447, 8986, 8987, 9001, 9002, 9193, 9196, 9200, 9200, 9203, 9203, 9725, 9726, 9748, 9749, 9776, 9783, 9800, 9811, 9855, 9855, 9866, 9871, 9875, 9875, 9889, 9889, 9898, 9899, 9917, 9918, 9924, 9925, 9934, 9934, 9940, 9940, 9962, 9962, 9970, 9971, 9973, 9973, 9978, 9978, 9981, 9981, 9989, 9989, 9994, 9995, 10024, 10024, 10060, 10060, 10062, 10062, 10067, 10069, 10071, 10071, 10133, 10135, 10160, 10160, 10175, 10175, 11035, 11036, 11088, 11088, 11093, 11093, 11904, 11929, 11931, 12019, 12032, 12245, 12272, 12287, 12289, 12350, 12353, 12438, 12441, 12543, 12549, 12591, 12593, 12686, 12688, 12773, 12783, 12830, 12832, 12871, 12880, 42124, 42128, 42182, 43360, 43388, 44032, 55203, 63744, 64255, 65040, 65049, 65072, 65106, 65108, 65126, 65128, 65131, 94176, 94180, 94192, 94198, 94208, 101594, 101631, 101664, 101760, 101874, 101888, 102801, 102816, 102866, 110576, 110579, 110581, 110587, 110589, 110590, 110592, 110888, 110898, 110898, 110928, 110930, 110933, 110933, 110948, 110952, 110960, 111355, 119552, 119638, 119648, 119670, 126980, 126980, 127183, 127183, 127374, 127374, 127377, 127386, 127406, 127406, 127488, 127490, 127504, 127547, 127552, 127560, 127568, 127569, 127584, 127589, 127744, 127776, 127789, 127797, 127799, 127868, 127870, 127891, 127904, 127946, 127951, 127955, 127968, 127984, 127988, 127988, 127992, 128062, 128064, 128064, 128066, 128252, 128255, 128317, 128331, 128334, 128336, 128359, 128378, 128378, 128405, 128406, 128420, 128420, 128507, 128591, 128640, 128709, 128716, 128716, 128720, 128722, 128725, 128729, 128732, 128735, 128747, 128748, 128756, 128764, 128986, 128986, 128992, 129003, 129008, 129008, 129292, 129338, 129340, 129349, 129351, 129535, 129648, 129660, 129664, 129734, 129736, 129736, 129740, 129757, 129759, 129771, 129775, 129786, 131072, 196605, 196608, 262141];

// node_modules/get-east-asian-width/utilities.js
var isInRange = (ranges, codePoint) => {
  let low = 0;
  let high = Math.floor(ranges.length / 2) - 1;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const i = mid * 2;
    if (codePoint < ranges[i]) {
      high = mid - 1;
    } else if (codePoint > ranges[i + 1]) {
      low = mid + 1;
    } else {
      return true;
    }
  }
  return false;
};

// node_modules/get-east-asian-width/lookup.js
var commonCjkCodePoint = 19968;
var [wideFastPathStart, wideFastPathEnd] = /* @__PURE__ *{/} findWideFastPathRange(wideRanges);
function findWideFastPathRange(ranges) {
  let fastPathStart = ranges[0];
  let fastPathEnd = ranges[1];
  for (let index = 0; index < ranges.length; index += 2) {
    const start2 = ranges[index];
    const end = ranges[index + 1];
    if (commonCjkCodePoint >= start2 && commonCjkCodePoint <= end) {
      return [start2, end];
    }
    if (end - start2 > fastPathEnd - fastPathStart) {
      fastPathStart = start2;
      fastPathEnd = end;
    }
  }
  return [fastPathStart, fastPathEnd];
}
var isAmbiguous = (codePoint) => {
  if (codePoint < ambiguousMinimalCodePoint || codePoint > ambiguousMaximumCodePoint) {
    return false;
  }
  return isInRange(ambiguousRanges, codePoint);
};
var isFullwidth = (codePoint) => {
  if (codePoint < fullwidthMinimalCodePoint || codePoint > fullwidthMaximumCodePoint) {
    return false;
  }
  return isInRange(fullwidthRanges, codePoint);
};
var isWide = (codePoint) => {
  if (codePoint >= wideFastPathStart && codePoint <= wideFastPathEnd) {
    return true;
  }
  if (codePoint < wideMinimalCodePoint || codePoint > wideMaximumCodePoint) {
    return false;
  }
  return isInRange(wideRanges, codePoint);
};

// node_modules/get-east-asian-width/index.js
function validate(codePoint) {
  if (!Number.isSafeInteger(codePoint)) {
    throw new TypeError(`Expected a code point, got \`${typeof codePoint}\`.`);
  }
}
function eastAsianWidth(codePoint, { ambiguousAsWide = false } = {}) {
  validate(codePoint);
  if (isFullwidth(codePoint) || isWide(codePoint) || ambiguousAsWide && isAmbiguous(codePoint)) {
    return 2;
  }
  return 1;
}

// src/tools/shell/cells.ts
var TAB_FILL = "\uDFFF";
var TAB_STOP_CELLS = 8;
var PLAIN = /^[\u0020-\u007e]*$/;
var zeroWidth = null;
var isZeroWidth = (character) => (zeroWidth ??= new RegExp("^[\\p{Mn}\\p{Me}\\p{Cf}\\u1160-\\u11ff]$", "u")).test(character);
function codePointCells(codePoint) {
  if (codePoint < 768) return codePoint === 173 ? 0 : 1;
  if (codePoint === 57343) return 1;
  if (isZeroWidth(String.fromCodePoint(codePoint))) return 0;
  return eastAsianWidth(codePoint);
}
function textCells(text) {
  if (PLAIN.test(text)) return text.length;
  let cells = 0;
  for (let at = 0; at < text.length; ) {
    const codePoint = text.codePointAt(at);
    cells += codePointCells(codePoint);
    at += codePoint > 65535 ? 2 : 1;
  }
  return cells;
}
function cutAt(text, cells) {
  if (PLAIN.test(text)) return { index: Math.min(cells, text.length), straddling: 0 };
  let column = 0;
  for (let at = 0; at < text.length; ) {
    const codePoint = text.codePointAt(at);
    const width = codePointCells(codePoint);
    const length = codePoint > 65535 ? 2 : 1;
    if (width > 0 && column + width > cells) return { index: at, straddling: column < cells ? length : 0 };
    column += width;
    at += length;
  }
  return { index: text.length, straddling: 0 };
}
function firstCells(text, cells) {
  const cut = cutAt(text, cells);
  return cut.straddling ? text.slice(0, cut.index) + " " : text.slice(0, cut.index);
}
function dropCells(text, cells) {
  const cut = cutAt(text, cells);
  if (!cut.straddling) return text.slice(cut.index);
  let rest = cut.index + cut.straddling;
  while (rest < text.length && codePointCells(text.codePointAt(rest)) === 0) rest += text.codePointAt(rest) > 65535 ? 2 : 1;
  return " " + text.slice(rest);
}
function tabCells(column) {
  return TAB_STOP_CELLS - column % TAB_STOP_CELLS;
}
function heldTab(cells) {
  return cells <= 0 ? "" : "	" + TAB_FILL.repeat(cells - 1);
}
function shownText(text, column) {
  if (!text.includes("	") && !text.includes(TAB_FILL)) return text;
  let shown = "";
  let from = 0;
  let at = 0;
  const flush = (to) => {
    shown += text.slice(from, to);
    column += textCells(text.slice(from, to));
  };
  while (at < text.length) {
    const unit = text[at];
    if (unit !== "	" && unit !== TAB_FILL) {
      at++;
      continue;
    }
    flush(at);
    let end = at + 1;
    if (unit === "	") while (end < text.length && text[end] === TAB_FILL) end++;
    const cells = end - at;
    shown += unit === "	" && (column + cells) % TAB_STOP_CELLS === 0 ? "	" : " ".repeat(cells);
    column += cells;
    at = from = end;
  }
  flush(text.length);
  return shown;
}

// src/tools/shell/long-line.ts
var EMPTY_LINE = { head: "", gap: null, tail: "", cells: 0 };
var nativeByteLength = typeof Buffer === "function" ? Buffer.byteLength : void 0;
var TAB_FILLS = new RegExp(TAB_FILL, "g");
function textBytes(text) {
  const bytes = nativeByteLength ? nativeByteLength(text, "utf8") : utf8Bytes(text);
  return text.includes(TAB_FILL) ? bytes - 3 * (text.match(TAB_FILLS)?.length ?? 0) : bytes;
}
function isHigh(unit) {
  return unit >= 55296 && unit <= 56319;
}
function isLow(unit) {
  return unit >= 56320 && unit <= 57343;
}
function splitsPair(text, at) {
  return at > 0 && at < text.length && isHigh(text.charCodeAt(at - 1)) && isLow(text.charCodeAt(at));
}
function firstChars(text, units) {
  let end = Math.min(units, text.length);
  if (splitsPair(text, end)) end--;
  return text.slice(0, end);
}
function lastChars(text, units) {
  let start2 = Math.max(0, text.length - units);
  if (splitsPair(text, start2)) start2++;
  return text.slice(start2);
}
function lineFromText(text, keepChars) {
  return compact({ head: text, gap: null, tail: "", cells: textCells(text) }, keepChars);
}
function compact(line, keepChars) {
  let { head, gap, tail } = line;
  if (!gap) {
    if (head.length <= 3 * keepChars) return line;
    const first = firstChars(head, keepChars);
    const rest = head.slice(first.length);
    const last = lastChars(rest, keepChars);
    const middle = rest.slice(0, rest.length - last.length);
    return { head: first, gap: { cells: textCells(middle), bytes: textBytes(middle) }, tail: last, cells: line.cells };
  }
  if (head.length > 2 * keepChars) {
    const first = firstChars(head, keepChars);
    const moved = head.slice(first.length);
    gap = { cells: gap.cells + textCells(moved), bytes: gap.bytes + textBytes(moved) };
    head = first;
  }
  if (tail.length > 2 * keepChars) {
    const last = lastChars(tail, keepChars);
    const moved = tail.slice(0, tail.length - last.length);
    gap = { cells: gap.cells + textCells(moved), bytes: gap.bytes + textBytes(moved) };
    tail = last;
  }
  return { head, gap, tail, cells: line.cells };
}
function concatLines(first, second, keepChars) {
  const cells = first.cells + second.cells;
  if (!first.gap && !second.gap) return compact({ head: first.head + second.head, gap: null, tail: "", cells }, keepChars);
  if (!first.gap) return compact({ head: first.head + second.head, gap: second.gap, tail: second.tail, cells }, keepChars);
  if (!second.gap) return compact({ head: first.head, gap: first.gap, tail: first.tail + second.head, cells }, keepChars);
  const between = first.tail + second.head;
  return {
    head: first.head,
    gap: {
      cells: first.gap.cells + textCells(between) + second.gap.cells,
      bytes: first.gap.bytes + textBytes(between) + second.gap.bytes
    },
    tail: second.tail,
    cells
  };
}
function gapPart(gap, cells) {
  return { cells, bytes: Math.min(4 * cells, Math.max(cells, Math.round(gap.bytes * cells / gap.cells))) };
}
function dropLineStart(line, cells) {
  if (cells <= 0) return line;
  if (cells >= line.cells) return EMPTY_LINE;
  const rest = line.cells - cells;
  const headCells = textCells(line.head);
  if (cells <= headCells) return { ...line, head: dropCells(line.head, cells), cells: rest };
  const gap = line.gap;
  if (cells < headCells + gap.cells) return { head: "", gap: gapPart(gap, gap.cells - (cells - headCells)), tail: line.tail, cells: rest };
  return { head: dropCells(line.tail, cells - headCells - gap.cells), gap: null, tail: "", cells: rest };
}
function takeLineStart(line, cells, keepChars) {
  if (cells >= line.cells) return line;
  if (cells <= 0) return EMPTY_LINE;
  const headCells = textCells(line.head);
  if (cells <= headCells) return lineFromText(firstCells(line.head, cells), keepChars);
  const gap = line.gap;
  const inGap = cells - headCells;
  if (inGap <= gap.cells) return { head: line.head, gap: gapPart(gap, inGap), tail: "", cells };
  return { head: line.head, gap, tail: firstCells(line.tail, inGap - gap.cells), cells };
}
function overwriteLine(redraw, line, keepChars) {
  if (redraw.cells >= line.cells) return redraw;
  return concatLines(redraw, dropLineStart(line, redraw.cells), keepChars);
}

// src/tools/shell/terminal-line.ts
var CSI = String.raw`(?:\u001b\[|\u009b)([0-9;]*)`;
var LINE_CONTROL = new RegExp(String.raw`[\b\t\u0000-\u0008\u000b-\u001f\u007f-\u009f]|${CSI}[KGCD]`);
var SCREEN_CONTROL_SOURCE = String.raw`${CSI}[ABEFJHfsu]|\u001b[78]`;
var SCREEN_CONTROL = new RegExp(SCREEN_CONTROL_SOURCE);
var STRING_CONTROL = String.raw`(?:\u001b[\]PX^_k]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u0018\u001a\u001b\u0080-\u009f]*(?:\u0007|\u001b\\|\u009c)`;
var TOKENS = new RegExp(`(${STRING_CONTROL})|([\r
\b	])|${CSI}([KGCDABEFJHfsu])|\x1B([78])`, "g");
var LEFT_CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
var C1_CONTROL = /[\u0080-\u009f]/;
function hasScreenControl(text) {
  return SCREEN_CONTROL.test(text);
}
var EMPTY_CURSOR_LINE = { drawn: EMPTY_LINE, column: 0, written: EMPTY_LINE };
function blanks(cells, keepChars) {
  if (cells <= 3 * keepChars) return lineFromText(" ".repeat(cells), keepChars);
  const end = " ".repeat(keepChars);
  return { head: end, gap: { cells: cells - 2 * keepChars, bytes: cells - 2 * keepChars }, tail: end, cells };
}
function shownLine(line, keepChars) {
  const { drawn, column, written } = line;
  if (written.cells === 0) return drawn;
  if (column === 0) return overwriteLine(written, drawn, keepChars);
  if (column >= drawn.cells) {
    return concatLines(concatLines(drawn, blanks(column - drawn.cells, keepChars), keepChars), written, keepChars);
  }
  const before = concatLines(takeLineStart(drawn, column, keepChars), written, keepChars);
  return concatLines(before, dropLineStart(drawn, column + written.cells), keepChars);
}
function cursorOf(line) {
  return line.column + line.written.cells;
}
function moveTo(line, column, keepChars) {
  return { drawn: shownLine(line, keepChars), column: Math.max(0, column), written: EMPTY_LINE };
}
function writeText(line, text, keepChars) {
  if (text === "") return line;
  return { ...line, written: concatLines(line.written, lineFromText(text, keepChars), keepChars) };
}
function writeTab(line, keepChars) {
  const cursor = cursorOf(line);
  const stop = cursor + tabCells(cursor);
  const end = line.written.cells > 0 ? Math.max(line.drawn.cells, cursor) : line.drawn.cells;
  if (stop <= end) return moveTo(line, stop, keepChars);
  const from = Math.max(cursor, end);
  const at = cursor === from ? line : moveTo(line, from, keepChars);
  return writeText(at, heldTab(stop - from), keepChars);
}
function applyControl(line, command, parameter, keepChars) {
  if (command === "	") return writeTab(line, keepChars);
  const cursor = cursorOf(line);
  const count = parameter === "" ? 0 : Number(parameter.split(";")[0]) || 0;
  switch (command) {
    case "\r":
      return moveTo(line, 0, keepChars);
    case "\b":
      return moveTo(line, cursor - 1, keepChars);
    case "D":
      return moveTo(line, cursor - Math.max(count, 1), keepChars);
    case "G":
    case "C": {
      const drawn = shownLine(line, keepChars);
      const rightLimit = Math.max(cursor, drawn.cells, SHELL_CURSOR_MOVE_MAX_COLUMNS);
      const target = command === "G" ? Math.max(count, 1) - 1 : cursor + Math.max(count, 1);
      return { drawn, column: Math.min(target, rightLimit), written: EMPTY_LINE };
    }
    case "K":
      return eraseInLine(shownLine(line, keepChars), cursor, count, keepChars);
    default:
      return line;
  }
}
function eraseInLine(drawn, cursor, mode, keepChars) {
  if (mode === 0) return { drawn: cursor >= drawn.cells ? drawn : takeLineStart(drawn, cursor, keepChars), column: cursor, written: EMPTY_LINE };
  if (mode === 1) {
    const erased = cursor + 1;
    const rest = erased >= drawn.cells ? EMPTY_LINE : concatLines(blanks(erased, keepChars), dropLineStart(drawn, erased), keepChars);
    return { drawn: rest, column: cursor, written: EMPTY_LINE };
  }
  if (mode === 2) return { drawn: EMPTY_LINE, column: cursor, written: EMPTY_LINE };
  return { drawn, column: cursor, written: EMPTY_LINE };
}
function plainText(text) {
  const stripped2 = text.includes("\x1B") || C1_CONTROL.test(text) ? stripAnsi(text) : text;
  return stripped2.replace(LEFT_CONTROLS, "");
}
function drawText(line, text, keepChars, screen) {
  let at = 0;
  TOKENS.lastIndex = 0;
  for (let match = TOKENS.exec(text); match; match = TOKENS.exec(text)) {
    if (match[1] !== void 0) continue;
    const end = TOKENS.lastIndex;
    line = writeText(line, plainText(text.slice(at, match.index)), keepChars);
    const command = match[2] ?? match[4] ?? match[5];
    const parameter = match[3] ?? "";
    if ("KGCD\r\b	".includes(command)) line = applyControl(line, command, parameter, keepChars);
    else if (screen) line = screen(line, command, parameter);
    at = end;
    TOKENS.lastIndex = end;
  }
  return writeText(line, plainText(text.slice(at)), keepChars);
}
var WHOLE_LINE_KEEP_CHARS = Number.MAX_SAFE_INTEGER / 8;
function drawLine(text) {
  return shownLine(drawText(EMPTY_CURSOR_LINE, text, WHOLE_LINE_KEEP_CHARS), WHOLE_LINE_KEEP_CHARS);
}

// src/tools/shell/screen.ts
var decoder = new TextDecoder("utf-8");

// src/tools/shell/clean.ts
var fatalDecoder = new TextDecoder("utf-8", { fatal: true });
var NEEDS_DRAWING = /[\b]|(?:\u001b\[|\u009b)[0-9;]*[KGCD]/;
var PLAIN_REDRAW = /^[\u0020-\u007e\r]*$/;
var DROPPED_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
function stripped(text) {
  return stripAnsi(text).replace(DROPPED_CONTROLS, "");
}
function cleanLine(line) {
  if (!NEEDS_DRAWING.test(line) && !hasScreenControl(line)) {
    const text = stripped(line);
    if (!text.includes("\r")) return text;
    if (PLAIN_REDRAW.test(text)) return redrawLine(text);
  }
  return shownText(drawLine(line).head, 0);
}
function redrawLine(text) {
  let shown = "";
  for (const part of text.split("\r")) shown = part.length >= shown.length ? part : part + shown.slice(part.length);
  return shown;
}

// src/text/head-tail.ts
function wholeText(text) {
  return { head: text, tail: "", elidedBytes: 0 };
}
function headTailBytes(value) {
  return utf8Bytes(value.head) + value.elidedBytes + utf8Bytes(value.tail);
}
function headTailOf(text, maxBytes) {
  const total = utf8Bytes(text);
  if (total <= maxBytes) return wholeText(text);
  const head = prefixWithinBytes(text, Math.floor(maxBytes / 2));
  const tail = suffixWithinBytes(text, Math.floor(maxBytes / 2));
  return { head, tail, elidedBytes: total - utf8Bytes(head) - utf8Bytes(tail) };
}
var HeadTailBuilder = class {
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
  }
  maxBytes;
  head = "";
  headBytes = 0;
  headFull = false;
  tailPieces = [];
  tailBytes = 0;
  elidedBytes = 0;
  append(piece) {
    if (piece === "") return;
    const half = Math.floor(this.maxBytes / 2);
    let rest = piece;
    if (!this.headFull) {
      const taken = prefixWithinBytes(rest, half - this.headBytes);
      this.head += taken;
      this.headBytes += utf8Bytes(taken);
      rest = rest.slice(taken.length);
      if (rest === "") return;
      this.headFull = true;
    }
    this.tailPieces.push(rest);
    this.tailBytes += utf8Bytes(rest);
    if (this.tailBytes > 2 * half) this.trimTail(half);
  }
  value() {
    this.trimTail(Math.floor(this.maxBytes / 2));
    const tail = this.tailPieces.join("");
    if (this.elidedBytes === 0) return wholeText(this.head + tail);
    return { head: this.head, tail, elidedBytes: this.elidedBytes };
  }
  trimTail(keepBytes) {
    if (this.tailBytes <= keepBytes) return;
    const kept = suffixWithinBytes(this.tailPieces.join(""), keepBytes);
    const keptBytes = utf8Bytes(kept);
    this.elidedBytes += this.tailBytes - keptBytes;
    this.tailPieces = [kept];
    this.tailBytes = keptBytes;
  }
  isEmpty() {
    return this.headBytes === 0 && this.tailBytes === 0 && this.elidedBytes === 0;
  }
};

// src/tools/code_task/format.ts
var NO_FINAL_MESSAGE = "(no final message)";
var NO_CHANGES = "no changes";
var CODE_TASK_SHAPE_DEFAULTS = {
  messageMinBytes: CODE_TASK_MESSAGE_MIN_BYTES,
  lineEndReachPercent: SHELL_LINE_END_REACH_PERCENT,
  reasonMaxChars: HARNESS_REASON_MAX_CHARS
};
var SEPARATOR = " \xB7 ";
function oneLineReason(text, maxChars) {
  const line = joinedLines(text);
  if (line === "") return "no reason given";
  return clipChars(line, maxChars);
}
function reasonText(reason, maxChars) {
  switch (reason.kind) {
    case "reported":
      return oneLineReason(reason.message, maxChars);
    case "exit_code":
      return `the harness exited with code ${reason.exitCode}`;
    case "signal":
      return `the harness was ended by ${reason.signal}`;
  }
}
function statusLine(report, reasonMaxChars) {
  const elapsed = formatElapsed(report.elapsedMs);
  let line;
  switch (report.status) {
    case "completed":
      line = `completed in ${elapsed}`;
      break;
    case "failed":
      line = `failed after ${elapsed}: ${reasonText(report.reason ?? { kind: "reported", message: "" }, reasonMaxChars)}`;
      break;
    case "timed_out":
      line = `timed out after ${elapsed}; the harness was stopped`;
      break;
    case "stopped":
      line = `stopped after ${elapsed}; the call was cancelled`;
      break;
  }
  line += SEPARATOR + report.harness;
  if (report.sessionId !== null) line += `${SEPARATOR}session ${report.sessionId}`;
  return line;
}
var STEP_WORDS = {
  find: "find the repository",
  before: "snapshot the working tree before the task",
  after: "snapshot the working tree after the task",
  diff: "compare the two snapshots"
};
function diffstatProblemLine(problem) {
  switch (problem.kind) {
    case "not_a_repository":
      return `no diffstat: ${problem.folder} is not a git repository`;
    case "timed_out":
      return `no diffstat: git took over ${formatElapsed(problem.timeoutMs)} to ${STEP_WORDS[problem.step]}`;
    case "failed":
      return `no diffstat: git could not ${STEP_WORDS[problem.step]}: ${oneLineReason(problem.detail, 200)}`;
  }
}
function moreFilesLine(count) {
  return ` \u2026 ${count} more ${count === 1 ? "file" : "files"}`;
}
function messageElisionLine(elidedBytes) {
  return `[\u2026 ${elidedBytes} bytes elided; full message in the log]`;
}
function logLine(logPath) {
  return `log: ${logPath}`;
}
function diffstatLines(diffstat, shownFiles) {
  if (diffstat.summary === null) return [NO_CHANGES];
  const shown = diffstat.fileLines.slice(0, shownFiles);
  const lines = [...shown];
  if (diffstat.fileLineCount > shown.length) lines.push(moreFilesLine(diffstat.fileLineCount - shown.length));
  lines.push(diffstat.summary);
  return lines;
}
function reachLineEnd(text, reachChars, fromEnd) {
  if (fromEnd) {
    const at2 = text.lastIndexOf("\n");
    return at2 !== -1 && at2 >= text.length - reachChars ? at2 : -1;
  }
  const at = text.indexOf("\n");
  return at !== -1 && at < reachChars ? at : -1;
}
function shapeMessage(message, roomBytes, lineEndReachPercent) {
  const totalBytes = headTailBytes(message);
  if (message.elidedBytes === 0 && totalBytes <= roomBytes) return message.head + message.tail;
  const partsRoom = Math.max(0, roomBytes - utf8Bytes(messageElisionLine(totalBytes)) - 2);
  const reach = (size) => Math.floor(size * lineEndReachPercent / 100);
  const headRoom = Math.floor(partsRoom / 2);
  let head = prefixWithinBytes(message.head, headRoom);
  const headCut = reachLineEnd(head, reach(head.length), true);
  if (headCut !== -1 && head.length < message.head.length) head = head.slice(0, headCut);
  const tailSource = message.elidedBytes === 0 ? message.head.slice(head.length) : message.tail;
  let tail = suffixWithinBytes(tailSource, partsRoom - utf8Bytes(head));
  const tailCut = reachLineEnd(tail, reach(tail.length), false);
  if (tailCut !== -1 && tail.length < tailSource.length) tail = tail.slice(tailCut + 1);
  const elided = totalBytes - utf8Bytes(head) - utf8Bytes(tail);
  const headPart = head.replace(/\n$/, "");
  return [headPart, messageElisionLine(elided), tail].filter((part) => part !== "").join("\n");
}
function assemble(first, diffLines, message, log) {
  return [first, ...diffLines, "", message, "", log].join("\n");
}
function formatCodeTask(report, given) {
  const limits = { ...CODE_TASK_SHAPE_DEFAULTS, ...given };
  const first = statusLine(report, limits.reasonMaxChars);
  const log = logLine(report.logPath);
  const message = report.finalMessage;
  const messageText = (room) => message === null ? NO_FINAL_MESSAGE : shapeMessage(message, room, limits.lineEndReachPercent);
  if (report.diff.kind === "none") {
    const problem = [diffstatProblemLine(report.diff.problem)];
    const room = limits.maxBytes - utf8Bytes(assemble(first, problem, "", log));
    return capText(assemble(first, problem, messageText(room), log), limits.maxBytes);
  }
  const diffstat = report.diff.diffstat;
  const roomWith = (shownFiles2) => limits.maxBytes - utf8Bytes(assemble(first, diffstatLines(diffstat, shownFiles2), "", log));
  const messageBytes = message === null ? utf8Bytes(NO_FINAL_MESSAGE) : headTailBytes(message);
  const messageNeed = Math.min(limits.messageMinBytes, messageBytes);
  let shownFiles = diffstat.fileLines.length;
  while (shownFiles > 0 && roomWith(shownFiles) < messageNeed) shownFiles--;
  const text = assemble(first, diffstatLines(diffstat, shownFiles), messageText(roomWith(shownFiles)), log);
  return capText(text, limits.maxBytes);
}
function harnessInput(brief, notes) {
  const text = notes === void 0 ? brief : `${brief.trimEnd()}

Notes:
${notes}`;
  return text.endsWith("\n") ? text : text + "\n";
}
var HARNESS_CHOICES = "claude, codex, gemini, opencode or command";
function noHarnessError(detected) {
  return `code_task: no harness: none of ${detected.join(", ")} is on PATH; set GUILDS_HARNESS to one of them, or to command with GUILDS_HARNESS_COMMAND (a command line that reads the brief on stdin)`;
}
function unknownHarnessError(value) {
  const shown = /^[A-Za-z0-9_.-]{1,40}$/.test(value) ? `'${value}'` : "not a harness name";
  return `code_task: GUILDS_HARNESS is ${shown}; it must be ${HARNESS_CHOICES}`;
}
var NO_HARNESS_COMMAND_ERROR = "code_task: GUILDS_HARNESS is command but GUILDS_HARNESS_COMMAND is not set";
function notInstalledError(harness, program) {
  return `code_task: the ${harness} harness is not installed (no ${program} on PATH)`;
}
function cannotStartError(harness, reason) {
  return `code_task: could not start the ${harness} harness: ${reason}`;
}
function noSuchRepoError(named) {
  return `code_task: no such repository: ${named}`;
}
function bareNameMissingError(name, relative) {
  return `code_task: no repository ${name}: neither ~/repos/${name} nor ${relative} exists`;
}
function repoOutsideHomeError(named) {
  return `code_task: ${named} is outside the home; give a repository inside it`;
}
function repoNotAFolderError(named) {
  return `code_task: ${named} is not a folder`;
}
var CHOICES_SHOWN = 20;
function noDefaultRepoError(choices) {
  if (choices.length === 0) {
    return "code_task: the working directory is in no git repository and ~/repos/ holds none; give repo, a folder inside the home";
  }
  const shown = choices.slice(0, CHOICES_SHOWN).join(", ") + (choices.length > CHOICES_SHOWN ? `, \u2026 ${choices.length - CHOICES_SHOWN} more` : "");
  return `code_task: the working directory is in no git repository and ~/repos/ holds ${choices.length} repositories; give repo: one of ${shown}`;
}
function unknownSessionError(sessionId) {
  return `code_task: no session ${sessionId} for this agent`;
}
function sessionRepoMismatchError(sessionId, sessionRepo) {
  return `code_task: session ${sessionId} works in ${sessionRepo}; resume it there (leave repo out)`;
}
function busyError(repo, callId, elapsedMs) {
  return `a code_task is already running in ${repo} (call ${callId}, ${formatElapsed(elapsedMs)})`;
}
function stateError(what, path, reason) {
  return `code_task: cannot ${what} ${path}: ${reason}`;
}
var codeTaskErrors = {
  noHarness: (detected) => new ToolError("unavailable", noHarnessError(detected)),
  unknownHarness: (value) => new ToolError("unavailable", unknownHarnessError(value)),
  noHarnessCommand: () => new ToolError("unavailable", NO_HARNESS_COMMAND_ERROR),
  notInstalled: (harness, program) => new ToolError("unavailable", notInstalledError(harness, program)),
  cannotStart: (harness, reason) => new ToolError("unavailable", cannotStartError(harness, reason)),
  /** A repository that is not there (not_found), or a path that cannot lead to one (invalid_path). *{/}
  noSuchRepo: (named, missing) => new ToolError(missing ? "not_found" : "invalid_path", noSuchRepoError(named)),
  bareNameMissing: (name, relative) => new ToolError("not_found", bareNameMissingError(name, relative)),
  repoOutsideHome: (named) => new ToolError("outside_home", repoOutsideHomeError(named)),
  repoNotAFolder: (named) => new ToolError("not_a_folder", repoNotAFolderError(named)),
  noDefaultRepo: (choices) => new ToolError("invalid_request", noDefaultRepoError(choices)),
  unknownSession: (sessionId) => new ToolError("not_found", unknownSessionError(sessionId)),
  sessionRepoMismatch: (sessionId, sessionRepo) => new ToolError("invalid_request", sessionRepoMismatchError(sessionId, sessionRepo)),
  busy: (repo, callId, elapsedMs) => new ToolError("busy", busyError(repo, callId, elapsedMs)),
  state: (what, path, reason) => new ToolError("io", stateError(what, path, reason))
};

// src/tools/code_task/harnesses/events.ts
function jsonObjectOf(text, clipped) {
  if (clipped) return null;
  const trimmed = text.trim();
  if (!trimmed.startsWith("{") || !trimmed.endsWith("}")) return null;
  try {
    const value = JSON.parse(trimmed);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
function objectAt(value, key) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const inner = value[key];
  return typeof inner === "object" && inner !== null && !Array.isArray(inner) ? inner : null;
}
function stringAt(value, key) {
  const inner = value?.[key];
  return typeof inner === "string" ? inner : null;
}
function countAt(value, key) {
  const inner = value?.[key];
  return typeof inner === "number" && Number.isFinite(inner) && inner >= 0 ? inner : void 0;
}
function withoutUndefined(usage) {
  const clean = {};
  for (const [key, value] of Object.entries(usage)) {
    if (value !== void 0) clean[key] = value;
  }
  return clean;
}
var STACK_FRAME = /^at (?:async )?\S/;
var ParserState = class {
  constructor(limits) {
    this.limits = limits;
  }
  limits;
  sessionId = null;
  error = null;
  lastPlainLine = null;
  /**
   * A line that is no event of the harness: kept, short, in case it is the CLI's own last word. The
   * frames of a stack trace and lines of bare brackets are never that word: the line before them is.
   *{/}
  plain(text) {
    const line = text.trim();
    if (line === "" || STACK_FRAME.test(line) || !/[\p{L}\p{N}]/u.test(line)) return;
    this.lastPlainLine = clipChars(line, this.limits.reasonMaxChars);
  }
  /** An id that could not name a session record is not one the helper can resume: it is left out. *{/}
  session(id) {
    if (id !== null && isValidSessionId(id)) this.sessionId = id;
  }
  reportError(message) {
    if (message === null || message.trim() === "") return;
    this.error = firstCodePoints(message, this.limits.reasonMaxChars * 4);
  }
  message(text) {
    return headTailOf(text, this.limits.finalMessageMaxBytes);
  }
  events(finalMessage, usage) {
    return {
      sessionId: this.sessionId,
      finalMessage,
      error: this.error,
      lastPlainLine: this.lastPlainLine,
      usage: withoutUndefined(usage)
    };
  }
};

// src/tools/code_task/harnesses/steps.ts
var BREAKS = /[\s\p{Cc}]+/gu;
function oneLine(text) {
  return text.replace(BREAKS, " ");
}
function stepText(text, maxChars) {
  return clipCharsWithin(oneLine(text).trim(), maxChars);
}
function step(kind, text, limits) {
  if (text === null) return [];
  const line = stepText(text, limits.maxChars);
  return line === "" ? [] : [{ type: "step", kind, text: line }];
}
function firstArgument(input) {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return null;
  for (const value of Object.values(input)) {
    if (typeof value === "string") return value;
    if (typeof value === "number" || typeof value === "boolean") return String(value);
  }
  return null;
}
function toolCallText(tool, input) {
  const argument = firstArgument(input);
  return argument === null ? tool : `${tool} ${argument}`;
}
var StepStream = class {
  constructor(deriver) {
    this.deriver = deriver;
  }
  deriver;
  last = null;
  line(text, clipped) {
    const event = jsonObjectOf(text, clipped);
    return event === null ? [] : this.fresh(this.deriver.event(event));
  }
  end() {
    return this.fresh(this.deriver.end());
  }
  fresh(steps) {
    const out = [];
    for (const candidate of steps) {
      if (this.last !== null && this.last.kind === candidate.kind && this.last.text === candidate.text) continue;
      this.last = candidate;
      out.push(candidate);
    }
    return out;
  }
};
function statelessDeriver(steps) {
  return { event: steps, end: () => [] };
}

// src/tools/code_task/harnesses/claude.ts
function launch(request) {
  const argv = ["claude", "-p", "--output-format", "stream-json", "--verbose", "--permission-mode", "bypassPermissions"];
  if (request.resumeId !== null) argv.push("--resume", request.resumeId);
  else if (request.newSessionId !== null) argv.push("--session-id", request.newSessionId);
  if (request.model !== null) argv.push("--model", request.model);
  return {
    argv,
    env: {
      // The sandbox is the boundary: as root, bypassPermissions is refused without it.
      IS_SANDBOX: "1",
      // Telemetry, update checks and error reports off; the telemetry switches alone still reach the API host.
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      // Said on its own too: an installed CLI that updates itself mid-task would change under the run.
      DISABLE_AUTOUPDATER: "1"
    }
  };
}
function assistantText(event) {
  const content = objectAt(event, "message")?.content;
  if (!Array.isArray(content)) return null;
  const texts = content.filter((block) => typeof block === "object" && block !== null && block.type === "text").map((block) => block.text).filter((text) => typeof text === "string");
  return texts.length > 0 ? texts.join("\n") : null;
}
function costOf(event) {
  const sinceLast = objectAt(event, "model_usage_since_last_result");
  if (sinceLast !== null) {
    let sum = 0;
    let found = false;
    for (const model of Object.values(sinceLast)) {
      const cost = countAt(typeof model === "object" && model !== null ? model : null, "costUSD");
      if (cost !== void 0) {
        sum += cost;
        found = true;
      }
    }
    if (found) return sum;
  }
  return countAt(event, "total_cost_usd");
}
var EDIT_TOOLS = /* @__PURE__ *{/} new Set(["Write", "Edit", "MultiEdit", "NotebookEdit"]);
var SHELL_TOOL = "Bash";
function blocksOf(event) {
  const content = objectAt(event, "message")?.content;
  return Array.isArray(content) ? content.filter((block) => typeof block === "object" && block !== null) : [];
}
function resultText(content) {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return null;
  const texts = content.map((block) => typeof block === "object" && block !== null ? block.text : null);
  const found = texts.filter((text) => typeof text === "string");
  return found.length > 0 ? found.join(" ") : null;
}
function assistantBlockSteps(block, limits) {
  if (block.type === "text") return step("message", stringAt(block, "text"), limits);
  if (block.type !== "tool_use") return [];
  const name = stringAt(block, "name") ?? "tool";
  if (name === SHELL_TOOL) return step("command", stringAt(objectAt(block, "input"), "command"), limits);
  return step(EDIT_TOOLS.has(name) ? "edit" : "tool", toolCallText(name, block.input), limits);
}
function userBlockSteps(block, limits) {
  return block.type === "tool_result" && block.is_error === true ? step("error", resultText(block.content), limits) : [];
}
function claudeSteps(event, limits) {
  if (event.type === "assistant") return blocksOf(event).flatMap((block) => assistantBlockSteps(block, limits));
  if (event.type === "user") return blocksOf(event).flatMap((block) => userBlockSteps(block, limits));
  if (event.type === "result" && event.is_error === true) return step("error", resultErrorReason(event), limits);
  return [];
}
function resultErrorReason(event) {
  const status = countAt(event, "api_error_status");
  return stringAt(event, "result") ?? (status !== void 0 ? `API error ${status}` : stringAt(event, "terminal_reason") ?? "error");
}
var ClaudeParser = class {
  state;
  lastAssistant = null;
  resultText = null;
  usage = {};
  constructor(limits) {
    this.state = new ParserState(limits);
  }
  line(text, clipped) {
    const event = jsonObjectOf(text, clipped);
    if (event === null) return this.state.plain(text);
    this.state.session(stringAt(event, "session_id"));
    if (event.type === "assistant") {
      const message = assistantText(event);
      if (message !== null) this.lastAssistant = this.state.message(message);
    } else if (event.type === "result") {
      const result = stringAt(event, "result");
      if (event.is_error === true) {
        this.state.reportError(resultErrorReason(event));
        this.lastAssistant = null;
        this.resultText = null;
      } else if (result !== null) {
        this.resultText = this.state.message(result);
      }
      const usage = objectAt(event, "usage");
      this.usage = {
        turns: countAt(event, "num_turns"),
        inputTokens: countAt(usage, "input_tokens"),
        outputTokens: countAt(usage, "output_tokens"),
        costUsd: costOf(event)
      };
    }
  }
  result() {
    return this.state.events(this.resultText ?? this.lastAssistant, this.usage);
  }
};
var claudeHarness = {
  name: "claude",
  program: "claude",
  choosesSessionId: true,
  launch,
  parser: (limits) => new ClaudeParser(limits),
  steps: (limits) => statelessDeriver((event) => claudeSteps(event, limits))
};

// src/tools/code_task/harnesses/codex.ts
var QUIET = ["-c", "analytics.enabled=false", "-c", "check_for_update_on_startup=false", "--disable", "plugins"];
function launch2(request) {
  const common = ["--json", "--dangerously-bypass-approvals-and-sandbox"];
  if (request.model !== null) common.push("-m", request.model);
  common.push(...QUIET);
  const argv = request.resumeId !== null ? ["codex", "exec", "resume", ...common, request.resumeId, "-"] : ["codex", "exec", ...common, "-C", request.repo, "-"];
  return { argv, env: {} };
}
function changesText(item) {
  const changes = Array.isArray(item.changes) ? item.changes : [];
  const texts = changes.filter((change) => typeof change === "object" && change !== null).map((change) => [stringAt(change, "kind"), stringAt(change, "path")].filter((part) => part !== null).join(" ")).filter((text) => text !== "");
  return texts.length > 0 ? texts.join(", ") : null;
}
function completedItemSteps(item, limits) {
  switch (item.type) {
    case "agent_message":
      return step("message", stringAt(item, "text"), limits);
    case "file_change":
      return step("edit", changesText(item), limits);
    case "mcp_tool_call":
      return step("tool", toolCallText(stringAt(item, "tool") ?? "tool", item.arguments), limits);
    case "web_search":
      return step("tool", toolCallText("web_search", { query: item.query }), limits);
    case "error":
      return step("error", stringAt(item, "message"), limits);
    default:
      return [];
  }
}
function codexSteps(event, limits) {
  const item = objectAt(event, "item");
  switch (event.type) {
    case "item.started":
      return item?.type === "command_execution" ? step("command", stringAt(item, "command"), limits) : [];
    case "item.completed":
      return item === null ? [] : completedItemSteps(item, limits);
    case "turn.failed":
      return step("error", stringAt(objectAt(event, "error"), "message"), limits);
    case "error":
      return step("error", stringAt(event, "message"), limits);
    default:
      return [];
  }
}
var CodexParser = class {
  state;
  lastMessage = null;
  usage = {};
  constructor(limits) {
    this.state = new ParserState(limits);
  }
  line(text, clipped) {
    const event = jsonObjectOf(text, clipped);
    if (event === null) return this.state.plain(text);
    switch (event.type) {
      case "thread.started":
        this.state.session(stringAt(event, "thread_id"));
        break;
      case "item.completed": {
        const item = objectAt(event, "item");
        const message = item?.type === "agent_message" ? stringAt(item, "text") : null;
        if (message !== null) this.lastMessage = this.state.message(message);
        break;
      }
      case "turn.completed": {
        const usage = objectAt(event, "usage");
        this.usage = { inputTokens: countAt(usage, "input_tokens"), outputTokens: countAt(usage, "output_tokens") };
        break;
      }
      case "turn.failed":
        this.state.reportError(stringAt(objectAt(event, "error"), "message"));
        break;
      case "error":
        this.state.reportError(stringAt(event, "message"));
        break;
    }
  }
  result() {
    return this.state.events(this.lastMessage, this.usage);
  }
};
var codexHarness = {
  name: "codex",
  program: "codex",
  choosesSessionId: false,
  launch: launch2,
  parser: (limits) => new CodexParser(limits),
  steps: (limits) => statelessDeriver((event) => codexSteps(event, limits))
};

// src/tools/code_task/harnesses/command.ts
var SESSION_ID_VARIABLE = "GUILDS_SESSION_ID";
var REPO_VARIABLE = "GUILDS_REPO";
function launch3(request) {
  return {
    argv: ["bash", "-c", request.command ?? ""],
    env: { [SESSION_ID_VARIABLE]: request.resumeId ?? "", [REPO_VARIABLE]: request.repo }
  };
}
var CommandParser = class {
  constructor(limits) {
    this.limits = limits;
    this.state = new ParserState(limits);
    this.paragraph = new HeadTailBuilder(limits.finalMessageMaxBytes);
  }
  limits;
  state;
  final = null;
  // The paragraph being read, and the last one finished: a blank line ends a paragraph.
  paragraph;
  lastParagraph = null;
  line(text, clipped) {
    const event = jsonObjectOf(text, clipped);
    if (event !== null) {
      if (event.type === "session" && typeof event.id === "string") return this.state.session(event.id);
      if (event.type === "final" && typeof event.text === "string") {
        this.final = this.state.message(event.text);
        return;
      }
      if (event.type === "error" && typeof event.message === "string") return this.state.reportError(stringAt(event, "message"));
    }
    this.state.plain(text);
    if (text.trim() === "") {
      this.closeParagraph();
      return;
    }
    if (!this.paragraph.isEmpty()) this.paragraph.append("\n");
    this.paragraph.append(text);
  }
  closeParagraph() {
    if (this.paragraph.isEmpty()) return;
    this.lastParagraph = this.paragraph.value();
    this.paragraph = new HeadTailBuilder(this.limits.finalMessageMaxBytes);
  }
  result() {
    this.closeParagraph();
    return this.state.events(this.final ?? this.lastParagraph, {});
  }
};
var commandHarness = {
  name: "command",
  program: null,
  choosesSessionId: false,
  launch: launch3,
  parser: (limits) => new CommandParser(limits),
  // Its output is shown as a shell command's is: as output events, not steps.
  steps: null
};

// src/tools/code_task/harnesses/gemini.ts
var STARTUP_NOTICES = [/^Warning: /, /^YOLO mode is enabled\./, /^Ripgrep is not available\./, /^status: \d+$/];
function geminiErrorReason(message) {
  const wrapped = /^\[API Error: (\{.*\})\]$/s.exec(message.trim());
  const error = wrapped === null ? null : objectAt(jsonObjectOf(wrapped[1], false), "error");
  const text = stringAt(error, "message");
  if (text === null) return message;
  const code = countAt(error, "code");
  const status = stringAt(error, "status");
  const label = [code, status].filter((part) => part !== void 0 && part !== null).join(" ");
  return label === "" ? `API error: ${text}` : `API error ${label}: ${text}`;
}
function launch4(request) {
  const argv = ["gemini", "--output-format", "stream-json", "--approval-mode", "yolo", "--skip-trust"];
  if (request.resumeId !== null) argv.push("--resume", request.resumeId);
  else if (request.newSessionId !== null) argv.push("--session-id", request.newSessionId);
  if (request.model !== null) argv.push("-m", request.model);
  argv.push("-p", "");
  return { argv, env: { GEMINI_CLI_TRUST_WORKSPACE: "true", GEMINI_TELEMETRY_ENABLED: "false" } };
}
var EDIT_TOOLS2 = /* @__PURE__ *{/} new Set(["write_file", "replace"]);
var SHELL_TOOL2 = "run_shell_command";
var GeminiSteps = class {
  constructor(limits) {
    this.limits = limits;
  }
  limits;
  held = "";
  holding = false;
  event(event) {
    if (event.type === "message" && event.role === "assistant") {
      const content = stringAt(event, "content");
      if (content === null) return [];
      const flushed = event.delta === true ? [] : this.end();
      this.held = firstCodePoints(oneLine(this.held + content).trimStart(), this.limits.maxChars + 2);
      this.holding = true;
      return flushed;
    }
    return [...this.end(), ...this.otherSteps(event)];
  }
  end() {
    if (!this.holding) return [];
    const message = this.held;
    this.held = "";
    this.holding = false;
    return step("message", message, this.limits);
  }
  otherSteps(event) {
    switch (event.type) {
      case "tool_use": {
        const name = stringAt(event, "tool_name") ?? "tool";
        if (name === SHELL_TOOL2) return step("command", stringAt(objectAt(event, "parameters"), "command"), this.limits);
        return step(EDIT_TOOLS2.has(name) ? "edit" : "tool", toolCallText(name, event.parameters), this.limits);
      }
      case "tool_result":
        return event.status === "error" ? step("error", stringAt(objectAt(event, "error"), "message") ?? "tool error", this.limits) : [];
      case "result":
        return event.status === "error" ? step("error", geminiErrorReason(stringAt(objectAt(event, "error"), "message") ?? "error"), this.limits) : [];
      case "error": {
        const message = stringAt(event, "message");
        return message === null ? [] : step("error", geminiErrorReason(message), this.limits);
      }
      default:
        return [];
    }
  }
};
var GeminiParser = class {
  constructor(limits) {
    this.limits = limits;
    this.state = new ParserState(limits);
    this.current = new HeadTailBuilder(limits.finalMessageMaxBytes);
  }
  limits;
  state;
  // Assistant messages come as deltas: the final message is those after the last tool event.
  current;
  usage = {};
  line(text, clipped) {
    const event = jsonObjectOf(text, clipped);
    if (event === null) {
      if (!STARTUP_NOTICES.some((notice) => notice.test(text.trim()))) this.state.plain(text);
      return;
    }
    switch (event.type) {
      case "init":
        this.state.session(stringAt(event, "session_id"));
        break;
      case "message":
        if (event.role === "assistant") {
          const content = stringAt(event, "content");
          if (content !== null) {
            if (event.delta !== true) this.current = new HeadTailBuilder(this.limits.finalMessageMaxBytes);
            this.current.append(content);
          }
        }
        break;
      case "tool_use":
      case "tool_result":
        this.current = new HeadTailBuilder(this.limits.finalMessageMaxBytes);
        break;
      case "result": {
        if (event.status === "error") this.state.reportError(geminiErrorReason(stringAt(objectAt(event, "error"), "message") ?? "error"));
        const stats = objectAt(event, "stats");
        this.usage = { inputTokens: countAt(stats, "input_tokens"), outputTokens: countAt(stats, "output_tokens") };
        break;
      }
      case "error": {
        const message = stringAt(event, "message");
        this.state.reportError(message === null ? null : geminiErrorReason(message));
        break;
      }
    }
  }
  result() {
    return this.state.events(this.current.isEmpty() ? null : this.current.value(), this.usage);
  }
};
var geminiHarness = {
  name: "gemini",
  program: "gemini",
  choosesSessionId: true,
  launch: launch4,
  parser: (limits) => new GeminiParser(limits),
  steps: (limits) => new GeminiSteps(limits)
};

// src/tools/code_task/harnesses/opencode.ts
function launch5(request) {
  const argv = ["opencode", "run", "--format", "json", "--auto", "--dir", request.repo];
  if (request.model !== null) argv.push("-m", request.model);
  if (request.resumeId !== null) argv.push("--session", request.resumeId);
  return {
    argv,
    env: {
      OPENCODE_DISABLE_AUTOUPDATE: "1",
      // The model list from models.dev, language servers from GitHub, and shared session links.
      OPENCODE_DISABLE_MODELS_FETCH: "1",
      OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
      OPENCODE_DISABLE_SHARE: "1"
    }
  };
}
var EDIT_TOOLS3 = /* @__PURE__ *{/} new Set(["write", "edit", "multiedit", "patch"]);
var SHELL_TOOL3 = "bash";
function toolSteps(part, limits) {
  const name = stringAt(part, "tool") ?? "tool";
  const state = objectAt(part, "state");
  const input = objectAt(state, "input");
  const call = name === SHELL_TOOL3 ? step("command", stringAt(input, "command"), limits) : step(EDIT_TOOLS3.has(name) ? "edit" : "tool", toolCallText(name, input), limits);
  return state?.status === "error" ? [...call, ...step("error", stringAt(state, "error") ?? `${name} failed`, limits)] : call;
}
function opencodeSteps(event, limits) {
  const part = objectAt(event, "part");
  switch (event.type) {
    case "text":
      return step("message", stringAt(part, "text"), limits);
    case "tool_use":
      return toolSteps(part, limits);
    case "error":
      return step("error", opencodeErrorReason(event), limits);
    default:
      return [];
  }
}
function opencodeErrorReason(event) {
  const error = objectAt(event, "error");
  return stringAt(objectAt(error, "data"), "message") ?? stringAt(error, "name") ?? "error";
}
var OpenCodeParser = class {
  constructor(limits) {
    this.limits = limits;
    this.state = new ParserState(limits);
    this.stepText = new HeadTailBuilder(limits.finalMessageMaxBytes);
  }
  limits;
  state;
  stepText;
  lastText = null;
  steps = 0;
  inputTokens;
  outputTokens;
  costUsd;
  line(text, clipped) {
    const event = jsonObjectOf(text, clipped);
    if (event === null) return this.state.plain(text);
    this.state.session(stringAt(event, "sessionID"));
    const part = objectAt(event, "part");
    switch (event.type) {
      case "step_start":
        this.stepText = new HeadTailBuilder(this.limits.finalMessageMaxBytes);
        break;
      case "text": {
        const piece = stringAt(part, "text");
        if (piece !== null) {
          this.stepText.append(piece);
          this.lastText = this.stepText.value();
        }
        break;
      }
      case "step_finish": {
        this.steps++;
        const tokens = objectAt(part, "tokens");
        this.inputTokens = add(this.inputTokens, countAt(tokens, "input"));
        this.outputTokens = add(this.outputTokens, countAt(tokens, "output"));
        this.costUsd = add(this.costUsd, countAt(part, "cost"));
        break;
      }
      case "error":
        this.state.reportError(opencodeErrorReason(event));
        break;
    }
  }
  result() {
    return this.state.events(this.lastText, {
      turns: this.steps > 0 ? this.steps : void 0,
      inputTokens: this.inputTokens,
      outputTokens: this.outputTokens,
      costUsd: this.costUsd
    });
  }
};
function add(total, value) {
  return value === void 0 ? total : (total ?? 0) + value;
}
var opencodeHarness = {
  name: "opencode",
  program: "opencode",
  choosesSessionId: false,
  launch: launch5,
  parser: (limits) => new OpenCodeParser(limits),
  steps: (limits) => statelessDeriver((event) => opencodeSteps(event, limits))
};

// src/tools/code_task/harnesses/index.ts
var HARNESSES = {
  claude: claudeHarness,
  codex: codexHarness,
  gemini: geminiHarness,
  opencode: opencodeHarness,
  command: commandHarness
};
var DETECTION_ORDER = ["claude", "codex", "gemini", "opencode"];
function chooseHarness(env, isInstalled, sessionHarness) {
  const configured = env.GUILDS_HARNESS?.trim() || null;
  const model = env.GUILDS_HARNESS_MODEL?.trim() || null;
  const name = sessionHarness ?? configured;
  if (name === null) {
    const found = DETECTION_ORDER.find((candidate) => isInstalled(HARNESSES[candidate].program));
    return found === void 0 ? { kind: "none_found" } : { adapter: HARNESSES[found], command: null, model };
  }
  if (!Object.hasOwn(HARNESSES, name)) return { kind: "unknown", value: name };
  const adapter = HARNESSES[name];
  if (adapter.program === null) {
    const command = env.GUILDS_HARNESS_COMMAND;
    if (command === void 0 || command.trim() === "") return { kind: "no_command" };
    return { adapter, command, model };
  }
  if (!isInstalled(adapter.program)) return { kind: "not_installed", harness: adapter.name, program: adapter.program };
  return { adapter, command: null, model };
}

// src/tools/code_task/harnesses/types.ts
var HARNESS_PARSER_LIMITS = {
  finalMessageMaxBytes: HARNESS_FINAL_MESSAGE_MAX_BYTES,
  reasonMaxChars: HARNESS_REASON_MAX_CHARS
};

// src/tools/code_task/outcome.ts
function taskStatus(outcome, events) {
  if (outcome.stopped) return "stopped";
  if (outcome.timedOut) return "timed_out";
  if (events.error !== null || outcome.exitCode !== 0) return "failed";
  return "completed";
}
function failureReason(outcome, events) {
  if (events.error !== null) return { kind: "reported", message: events.error };
  if (events.lastPlainLine !== null && events.finalMessage === null) return { kind: "reported", message: events.lastPlainLine };
  if (outcome.exitCode !== null) return { kind: "exit_code", exitCode: outcome.exitCode };
  return { kind: "signal", signal: outcome.signal ?? "a signal" };
}
function codeTaskMeta(input) {
  const diffstat = input.diff.kind === "diff" ? input.diff.diffstat : null;
  const meta = {
    status: input.status,
    harness: input.harness,
    session_id: input.sessionId,
    repo: input.repo,
    exit_code: input.outcome.exitCode,
    timed_out: input.outcome.timedOut,
    elapsed_ms: Math.max(0, Math.round(input.elapsedMs)),
    files_changed: diffstat?.filesChanged ?? 0,
    insertions: diffstat?.insertions ?? 0,
    deletions: diffstat?.deletions ?? 0,
    log_path: input.logPath
  };
  const { usage } = input.events;
  if (usage.turns !== void 0) meta.turns = usage.turns;
  if (usage.inputTokens !== void 0) meta.input_tokens = usage.inputTokens;
  if (usage.outputTokens !== void 0) meta.output_tokens = usage.outputTokens;
  if (usage.costUsd !== void 0) meta.cost_usd = usage.costUsd;
  return meta;
}

// src/io/due-timer.ts
function timersOn(now) {
  return {
    now,
    after(ms, run) {
      const timer = setTimeout(run, ms);
      timer.unref?.();
      return () => clearTimeout(timer);
    }
  };
}
function whenDue(clock, due, run) {
  let cancel;
  const arm = () => {
    cancel = clock.after(Math.max(1, Math.ceil(due - clock.now())), fire);
  };
  const fire = () => {
    if (clock.now() < due) arm();
    else run();
  };
  arm();
  return () => cancel();
}

// src/tools/shell/output-events.ts
var NEWLINE2 = 10;
var NOTHING_SHOWN = { text: "", rawBytes: 0 };
var decoder2 = new TextDecoder();
var OutputProgress = class {
  constructor(limits) {
    this.limits = limits;
    this.held = new Uint8Array(Math.min(limits.heldMaxBytes, 4096));
  }
  limits;
  /** The command's output so far, in bytes. *{/}
  totalBytes = 0;
  /** Raw bytes since the last event's last line end: the latest heldMaxBytes of them at least, twice that at most. *{/}
  held;
  heldLength = 0;
  /** Bytes since the last event that are no longer held (a flood): counted as skipped. *{/}
  droppedBytes = 0;
  write(bytes) {
    this.totalBytes += bytes.length;
    const max = this.limits.heldMaxBytes;
    if (bytes.length >= max) {
      this.droppedBytes += this.heldLength + bytes.length - max;
      this.ensureCapacity(max);
      this.held.set(bytes.subarray(bytes.length - max), 0);
      this.heldLength = max;
      return;
    }
    if (this.heldLength + bytes.length > 2 * max) {
      const keep = max - bytes.length;
      const drop = this.heldLength - keep;
      this.held.copyWithin(0, drop, this.heldLength);
      this.heldLength = keep;
      this.droppedBytes += drop;
    }
    this.ensureCapacity(this.heldLength + bytes.length);
    this.held.set(bytes, this.heldLength);
    this.heldLength += bytes.length;
  }
  /** The event for the lines completed since the previous one; null when no line was completed. *{/}
  take() {
    const lastEnd = this.held.subarray(0, this.heldLength).lastIndexOf(NEWLINE2);
    if (lastEnd === -1) return null;
    const firstWhole = this.droppedBytes > 0 ? this.held.indexOf(NEWLINE2) + 1 : 0;
    const shown = firstWhole > lastEnd ? NOTHING_SHOWN : lastWholeLines(this.held.subarray(firstWhole, lastEnd), this.limits.maxBytes);
    const completedBytes = this.droppedBytes + lastEnd + 1;
    const report = { type: "output", text: shown.text, bytes: this.totalBytes };
    const skipped = completedBytes - shown.rawBytes;
    if (skipped > 0) report.skipped_bytes = skipped;
    this.held.copyWithin(0, lastEnd + 1, this.heldLength);
    this.heldLength -= lastEnd + 1;
    this.droppedBytes = 0;
    return report;
  }
  ensureCapacity(needed) {
    if (needed <= this.held.length) return;
    const grown2 = new Uint8Array(Math.min(2 * this.limits.heldMaxBytes, Math.max(needed, this.held.length * 2)));
    grown2.set(this.held.subarray(0, this.heldLength));
    this.held = grown2;
  }
};
function lastWholeLines(completed, maxBytes) {
  const shown = [];
  let shownBytes = 0;
  let rawBytes = 0;
  let end = completed.length;
  for (; ; ) {
    const start2 = end === 0 ? 0 : completed.lastIndexOf(NEWLINE2, end - 1) + 1;
    const line = cleanLine(decoder2.decode(completed.subarray(start2, end)));
    const lineBytes = utf8Bytes(line) + (shown.length > 0 ? 1 : 0);
    if (shownBytes + lineBytes > maxBytes) break;
    shown.push(line);
    shownBytes += lineBytes;
    rawBytes += end - start2 + 1;
    if (start2 === 0) break;
    end = start2 - 1;
  }
  return { text: shown.reverse().join("\n"), rawBytes };
}

// src/tools/shell/output-tap.ts
var NO_TAP = { write: () => {
}, end: () => {
} };
function outputTapFor(progress) {
  if (!progress.wanted) return NO_TAP;
  const batcher = new OutputProgress({ maxBytes: PROGRESS_OUTPUT_MAX_BYTES, heldMaxBytes: PROGRESS_OUTPUT_HELD_MAX_BYTES });
  const now = () => progress.elapsedMs();
  const clock = timersOn(now);
  let lastEventAt = -Infinity;
  let cancelTimer = null;
  let ended = false;
  const takeEvent = () => {
    cancelTimer = null;
    if (ended) return;
    const report = batcher.take();
    if (report === null) return;
    lastEventAt = progress.report(report);
  };
  return {
    write(bytes) {
      if (ended) return;
      batcher.write(bytes);
      if (cancelTimer !== null) return;
      const due = lastEventAt + PROGRESS_OUTPUT_INTERVAL_MS;
      if (now() >= due) takeEvent();
      else cancelTimer = whenDue(clock, due, takeEvent);
    },
    end() {
      ended = true;
      cancelTimer?.();
    }
  };
}

// src/tools/code_task/live.ts
var NOT_LIVE = { line: () => {
}, write: () => {
}, end: () => {
} };
function harnessLive(progress, adapter) {
  if (!progress.wanted) return NOT_LIVE;
  if (adapter.steps === null) {
    const tap = outputTapFor(progress);
    return { line: () => {
    }, write: (bytes) => tap.write(bytes), end: () => tap.end() };
  }
  const steps = new StepStream(adapter.steps({ maxChars: PROGRESS_STEP_MAX_CHARS }));
  let ended = false;
  return {
    line: (text, clipped) => {
      if (!ended) for (const report of steps.line(text, clipped)) progress.report(report);
    },
    write: () => {
    },
    end: () => {
      if (ended) return;
      ended = true;
      for (const report of steps.end()) progress.report(report);
    }
  };
}

// src/tools/code_task/records.ts
var STATE_FOLDER_NAME = ".guilds";
function stateFolder(home) {
  return joinPath(home, STATE_FOLDER_NAME);
}
function sessionPath(home, agentId, sessionId) {
  return joinPath(stateFolder(home), `sessions/${agentId}/${sessionId}.json`);
}
function parseJson(fs, path, maxBytes) {
  try {
    const value = JSON.parse(new TextDecoder().decode(fs.readFile(path, maxBytes)));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
function readSession(fs, home, agentId, sessionId, maxBytes) {
  const value = parseJson(fs, sessionPath(home, agentId, sessionId), maxBytes);
  if (value === null) return null;
  const { harness, repo, created_ms, updated_ms, run_id, call_id } = value;
  if (typeof harness !== "string" || !HARNESS_NAMES.includes(harness)) return null;
  if (typeof repo !== "string" || !repo.startsWith("/")) return null;
  return {
    harness,
    repo,
    created_ms: typeof created_ms === "number" ? created_ms : 0,
    updated_ms: typeof updated_ms === "number" ? updated_ms : 0,
    run_id: typeof run_id === "string" ? run_id : "",
    call_id: typeof call_id === "string" ? call_id : ""
  };
}
function writeSession(fs, home, agentId, sessionId, record) {
  const path = sessionPath(home, agentId, sessionId);
  fs.makeFolder(joinPath(stateFolder(home), `sessions/${agentId}`));
  fs.writeFileAtomic(path, JSON.stringify(record) + "\n");
}
function lockPath(home, repoHash2) {
  return joinPath(stateFolder(home), `locks/${repoHash2}.lock`);
}
function readHolder(fs, path, maxBytes) {
  const value = parseJson(fs, path, maxBytes);
  if (value === null || typeof value.pid !== "number") return null;
  return {
    pid: value.pid,
    start_ticks: typeof value.start_ticks === "string" ? value.start_ticks : null,
    run_id: String(value.run_id ?? ""),
    agent_id: String(value.agent_id ?? ""),
    call_id: String(value.call_id ?? ""),
    started_ms: typeof value.started_ms === "number" ? value.started_ms : 0,
    repo: String(value.repo ?? "")
  };
}
var TAKEOVER_STALE_MS = 3e4;
var LOCK_ATTEMPTS = 4;
function acquireLock(system, path, holder) {
  const { fs, processes } = system;
  const content = JSON.stringify(holder) + "\n";
  try {
    fs.makeFolder(path.slice(0, path.lastIndexOf("/")));
  } catch (error) {
    throw codeTaskErrors.state("create the lock", path, stateFailure(error));
  }
  for (let attempt = 0; attempt < LOCK_ATTEMPTS; attempt++) {
    try {
      if (processes.createExclusive(path, content)) return;
    } catch (error) {
      throw codeTaskErrors.state("create the lock", path, stateFailure(error));
    }
    const current = readHolder(fs, path, system.maxBytes);
    if (current !== null && processes.isRunning(current.pid, current.start_ticks)) {
      throw codeTaskErrors.busy(holder.repo, current.call_id, system.now() - current.started_ms);
    }
    const marker = `${path}.takeover`;
    let taking = false;
    try {
      taking = processes.createExclusive(marker, content);
    } catch {
      taking = false;
    }
    if (!taking) {
      const info = fs.lstat(marker);
      if (info !== null && system.now() - info.mtimeMs > TAKEOVER_STALE_MS) fs.removeFile(marker);
      continue;
    }
    try {
      const again = readHolder(fs, path, system.maxBytes);
      if (again === null || !processes.isRunning(again.pid, again.start_ticks)) fs.removeFile(path);
    } finally {
      fs.removeFile(marker);
    }
  }
  const last = readHolder(fs, path, system.maxBytes);
  throw codeTaskErrors.busy(holder.repo, last?.call_id ?? "?", system.now() - (last?.started_ms ?? system.now()));
}
function releaseLock(system, path, holder) {
  const current = readHolder(system.fs, path, system.maxBytes);
  if (current !== null && current.pid === holder.pid && current.call_id === holder.call_id && current.started_ms === holder.started_ms) {
    try {
      system.fs.removeFile(path);
    } catch {
    }
  }
}

// src/tools/code_task/repo.ts
var REPOS_FOLDER_NAME = "repos";
function isBareName(given) {
  return !given.includes("/") && !given.startsWith("~") && given !== "." && given !== "..";
}
function exists(fs, path) {
  try {
    return fs.lstat(path) !== null;
  } catch {
    return false;
  }
}
function realFolder(choice, path, named) {
  let real;
  try {
    real = choice.fs.realPath(path);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") throw codeTaskErrors.noSuchRepo(named, true);
    throw codeTaskErrors.noSuchRepo(named, false);
  }
  if (!isInside(real, choice.home)) throw codeTaskErrors.repoOutsideHome(named);
  if (choice.fs.stat(real)?.kind !== "folder") throw codeTaskErrors.repoNotAFolder(named);
  return real;
}
function namedRepository(choice, given) {
  if (given.includes("\0")) throw codeTaskErrors.noSuchRepo("(a path with a NUL byte)", false);
  if (isBareName(given)) {
    const underRepos = joinPath(choice.home, `${REPOS_FOLDER_NAME}/${given}`);
    if (exists(choice.fs, underRepos)) return realFolder(choice, underRepos, `~/${REPOS_FOLDER_NAME}/${given}`);
    const relative = joinPath(choice.cwd, given);
    if (exists(choice.fs, relative)) return realFolder(choice, relative, given);
    throw codeTaskErrors.bareNameMissing(given, relative);
  }
  const isRealFolder = (path) => choice.fs.lstat(path)?.kind === "folder";
  return realFolder(choice, resolveShownPath(given, choice.cwd, choice.home, null, isRealFolder), given);
}
function enclosingRepository(choice, folder) {
  let current;
  try {
    current = choice.fs.realPath(folder);
  } catch {
    return null;
  }
  while (isInside(current, choice.home)) {
    if (exists(choice.fs, joinPath(current, ".git"))) return current;
    if (current === choice.home) break;
    current = dirName(current);
  }
  return null;
}
function homeRepositories(choice) {
  const root = joinPath(choice.home, REPOS_FOLDER_NAME);
  let names;
  try {
    names = choice.fs.listFolder(root);
  } catch {
    return [];
  }
  const found = [];
  for (const name of names.sort()) {
    try {
      const real = choice.fs.realPath(joinPath(root, name));
      if (isInside(real, choice.home) && choice.fs.stat(real)?.kind === "folder") found.push({ name, real });
    } catch {
    }
  }
  return found;
}
function chooseRepository(choice, given) {
  if (given !== void 0) return namedRepository(choice, given);
  const enclosing = enclosingRepository(choice, choice.cwd);
  if (enclosing !== null) return enclosing;
  const repositories = homeRepositories(choice);
  if (repositories.length === 1) return repositories[0].real;
  throw codeTaskErrors.noDefaultRepo(repositories.map((entry) => entry.name));
}

// src/tools/code_task/diffstat.ts
var NUMSTAT_LINE = /^(\d+|-)\t(\d+|-)\t/;
var DiffstatCollector = class {
  constructor(maxFileLines) {
    this.maxFileLines = maxFileLines;
  }
  maxFileLines;
  fileLines = [];
  fileLineCount = 0;
  lastStatLine = null;
  filesChanged = 0;
  insertions = 0;
  deletions = 0;
  line(text) {
    const numstat = NUMSTAT_LINE.exec(text);
    if (numstat !== null && this.lastStatLine === null) {
      this.filesChanged++;
      if (numstat[1] !== "-") this.insertions += Number(numstat[1]);
      if (numstat[2] !== "-") this.deletions += Number(numstat[2]);
      return;
    }
    if (text === "") return;
    if (this.lastStatLine !== null) this.keepFileLine(this.lastStatLine);
    this.lastStatLine = text;
  }
  result() {
    return {
      fileLines: [...this.fileLines],
      fileLineCount: this.fileLineCount,
      summary: this.lastStatLine,
      filesChanged: this.filesChanged,
      insertions: this.insertions,
      deletions: this.deletions
    };
  }
  keepFileLine(text) {
    this.fileLineCount++;
    if (this.fileLines.length < this.maxFileLines) this.fileLines.push(text);
  }
};

// src/tools/code_task/snapshot.ts
function snapshotLimits(timeoutMs, overrides = {}) {
  return { timeoutMs, maxFileLines: DIFFSTAT_MAX_FILE_LINES, statWidthColumns: DIFFSTAT_WIDTH_COLUMNS, lineMaxBytes: HARNESS_LINE_MAX_BYTES, ...overrides };
}
var GIT_SETTINGS = [
  "core.fsmonitor=false",
  "core.hooksPath=/dev/null",
  "core.pager=cat",
  "core.quotePath=false",
  "core.splitIndex=false",
  "commit.gpgSign=false",
  "gc.auto=0",
  "maintenance.auto=false",
  "advice.addEmbeddedRepo=false"
];
var GIT_PREFIX = ["--no-pager", ...GIT_SETTINGS.flatMap((setting) => ["-c", setting])];
var DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin";
var KEPT_VARIABLES = ["HOME", "XDG_CONFIG_HOME", "TMPDIR"];
var TREE_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
var NOT_A_REPOSITORY = /not a git repository/i;
function gitEnvironment(agentEnv, home, indexFile) {
  const env = { PATH: agentEnv.PATH || DEFAULT_PATH };
  for (const name of KEPT_VARIABLES) {
    const value = agentEnv[name];
    if (value !== void 0 && value !== "") env[name] = value;
  }
  env.HOME = home;
  env.LC_ALL = "C";
  env.GIT_TERMINAL_PROMPT = "0";
  env.GIT_OPTIONAL_LOCKS = "0";
  if (home !== "/") env.GIT_CEILING_DIRECTORIES = dirName(home);
  if (indexFile !== null) env.GIT_INDEX_FILE = indexFile;
  return env;
}
function snapshotPathspec(topLevel, excludedFolders) {
  const pathspec = [":/"];
  for (const folder of excludedFolders) {
    if (folder === topLevel || !isInside(folder, topLevel)) continue;
    pathspec.push(`:(top,exclude,literal)${relativePath(topLevel, folder)}`);
  }
  return pathspec;
}
function firstLineOf(text) {
  const lines = text.split("\n").map((line) => line.trim()).filter((line) => line !== "");
  return lines.find((line) => line.startsWith("fatal:") || line.startsWith("error:")) ?? lines[0] ?? "no reason given";
}
var SnapshotFailure = class extends Error {
  constructor(problem) {
    super(problem.kind);
    this.problem = problem;
  }
  problem;
};
async function runStep(snapshotter, step2, cwd, args, indexFile, onLine) {
  const { git, limits } = snapshotter;
  const lines = [];
  const splitter = new LineSplitter((line) => onLine ? onLine(line) : lines.push(line), limits.lineMaxBytes);
  let outcome;
  try {
    outcome = await git.run(
      {
        args: [...GIT_PREFIX, ...args],
        cwd,
        env: gitEnvironment(snapshotter.agentEnv, snapshotter.home, indexFile),
        timeoutMs: limits.timeoutMs
      },
      (bytes) => splitter.write(bytes)
    );
  } catch (error) {
    const code = error.code;
    throw new SnapshotFailure({ kind: "failed", step: step2, detail: typeof code === "string" ? `git: ${code}` : String(error) });
  }
  splitter.end();
  if (outcome.timedOut) throw new SnapshotFailure({ kind: "timed_out", step: step2, timeoutMs: limits.timeoutMs });
  return { outcome, lines };
}
function failIfExited(step2, { outcome }) {
  if (outcome.exitCode !== 0) throw new SnapshotFailure({ kind: "failed", step: step2, detail: firstLineOf(outcome.stderrTail) });
}
async function findRepository(snapshotter, folder) {
  const output = await runStep(snapshotter, "find", folder, ["rev-parse", "--show-toplevel", "--absolute-git-dir"], null);
  if (output.outcome.exitCode !== 0 && NOT_A_REPOSITORY.test(output.outcome.stderrTail)) {
    throw new SnapshotFailure({ kind: "not_a_repository", folder });
  }
  failIfExited("find", output);
  const [topLevel, gitDir] = output.lines;
  if (!topLevel?.startsWith("/") || !gitDir?.startsWith("/")) {
    throw new SnapshotFailure({ kind: "failed", step: "find", detail: "git did not name the work tree" });
  }
  return { topLevel, indexPath: `${gitDir}/index` };
}
function removeScratch(snapshotter, indexFile) {
  for (const path of [indexFile, `${indexFile}.lock`]) {
    try {
      snapshotter.removeFile(path);
    } catch {
    }
  }
}
async function writeTree(snapshotter, repository, step2) {
  const indexFile = `${snapshotter.scratchPrefix}.index`;
  removeScratch(snapshotter, indexFile);
  try {
    try {
      snapshotter.git.copyKeepingMtime(repository.indexPath, indexFile);
    } catch (error) {
      const code = error.code;
      throw new SnapshotFailure({ kind: "failed", step: step2, detail: `cannot copy the index: ${typeof code === "string" ? code : String(error)}` });
    }
    const pathspec = snapshotPathspec(repository.topLevel, snapshotter.excludedFolders);
    const added = await runStep(snapshotter, step2, repository.topLevel, ["add", "-A", "--ignore-errors", "--", ...pathspec], indexFile);
    if (added.outcome.exitCode !== 0 && /^fatal:/m.test(added.outcome.stderrTail)) failIfExited(step2, added);
    const written = await runStep(snapshotter, step2, repository.topLevel, ["write-tree"], indexFile);
    failIfExited(step2, written);
    const tree = written.lines[0] ?? "";
    if (!TREE_ID.test(tree)) throw new SnapshotFailure({ kind: "failed", step: step2, detail: "git write-tree gave no tree id" });
    return tree;
  } finally {
    removeScratch(snapshotter, indexFile);
  }
}
async function snapshotBefore(snapshotter, folder) {
  try {
    const repository = await findRepository(snapshotter, folder);
    return { kind: "tree", repository, tree: await writeTree(snapshotter, repository, "before") };
  } catch (error) {
    if (error instanceof SnapshotFailure) return { kind: "none", problem: error.problem };
    throw error;
  }
}
async function diffSince(snapshotter, before) {
  if (before.kind === "none") return before;
  try {
    const after = await writeTree(snapshotter, before.repository, "after");
    const collector = new DiffstatCollector(snapshotter.limits.maxFileLines);
    const args = [
      "diff-tree",
      "-r",
      "-M",
      "--numstat",
      `--stat=${snapshotter.limits.statWidthColumns}`,
      "--no-color",
      "--no-ext-diff",
      "--no-textconv",
      before.tree,
      after
    ];
    const output = await runStep(snapshotter, "diff", before.repository.topLevel, args, null, (line) => collector.line(line));
    failIfExited("diff", output);
    return { kind: "diff", diffstat: collector.result() };
  } catch (error) {
    if (error instanceof SnapshotFailure) return { kind: "none", problem: error.problem };
    throw error;
  }
}

// src/tools/code_task/run.ts
var CODE_TASK_LIMITS = {
  minuteMs: 6e4,
  killGraceMs: CODE_TASK_KILL_GRACE_MS,
  snapshotTimeoutMs: SNAPSHOT_TIMEOUT_MS
};
var MINUTE_MS_VARIABLE = "GUILDS_HARNESS_MINUTE_MS";
function codeTaskLimits(env) {
  const text = env[MINUTE_MS_VARIABLE];
  if (text === void 0 || !/^[1-9][0-9]{0,5}$/.test(text)) return CODE_TASK_LIMITS;
  const minuteMs = Number(text);
  if (minuteMs < CODE_TASK_TEST_MINUTE_MIN_MS || minuteMs > CODE_TASK_LIMITS.minuteMs) return CODE_TASK_LIMITS;
  return { ...CODE_TASK_LIMITS, minuteMs };
}
function harnessOrFail(context, sessionHarness) {
  const { env } = context.io;
  const choice = chooseHarness(env, (program) => context.io.harness.findOnPath(program, env.PATH) !== null, sessionHarness);
  if ("adapter" in choice) return choice;
  switch (choice.kind) {
    case "unknown":
      throw codeTaskErrors.unknownHarness(choice.value);
    case "no_command":
      throw codeTaskErrors.noHarnessCommand();
    case "not_installed":
      throw codeTaskErrors.notInstalled(choice.harness, choice.program);
    case "none_found":
      throw codeTaskErrors.noHarness(DETECTION_ORDER);
  }
}
function prepareLog(context) {
  const { io, request } = context;
  const folder = runFolder(io, request.runId);
  const logPath = joinPath(folder, `${request.callId}.log`);
  try {
    io.fs.makeFolder(folder);
    io.fs.removeFile(logPath);
  } catch (error) {
    throw codeTaskErrors.state("create the log", logPath, stateFailure(error));
  }
  return logPath;
}
function repoHash(context, repo) {
  return context.io.sha256Hex(repo);
}
var NOT_STARTED = { exitCode: null, signal: null, timedOut: false, stopped: true, logBytes: 0 };
function taskTarget(context, args, repoChoice) {
  const { io, request } = context;
  if (args.sessionId === void 0) {
    const repo = chooseRepository(repoChoice, args.repo);
    return { repo, session: null, harness: harnessOrFail(context, null) };
  }
  const session = readSession(io.fs, io.home, request.agentId, args.sessionId, CODE_TASK_STATE_FILE_MAX_BYTES);
  if (session === null) throw codeTaskErrors.unknownSession(args.sessionId);
  if (args.repo !== void 0 && namedRepository(repoChoice, args.repo) !== session.repo) {
    throw codeTaskErrors.sessionRepoMismatch(args.sessionId, session.repo);
  }
  return { repo: namedRepository(repoChoice, session.repo), session, harness: harnessOrFail(context, session.harness) };
}
function snapshotterFor(context, limits) {
  const { io, request } = context;
  return {
    git: context.io.git,
    agentEnv: io.env,
    home: io.home,
    scratchPrefix: joinPath(runFolder(io, request.runId), `${request.callId}.snapshot`),
    excludedFolders: [runsFolder(io), stateFolder(io.home)],
    removeFile: (path) => io.fs.removeFile(path),
    limits: snapshotLimits(limits.snapshotTimeoutMs)
  };
}
async function runHarness2(context, target, args, logPath, limits) {
  const { io } = context;
  const { adapter, model, command } = target.harness;
  const resumeId = target.session === null ? null : args.sessionId;
  const newSessionId = target.session === null && adapter.choosesSessionId ? context.io.harness.randomUuid() : null;
  const launch6 = adapter.launch({ repo: target.repo, resumeId, newSessionId, model, command });
  const parser = adapter.parser(HARNESS_PARSER_LIMITS);
  const live2 = harnessLive(context.progress, adapter);
  const splitter = new LineSplitter((line, clipped) => {
    parser.line(line, clipped);
    live2.line(line, clipped);
  }, HARNESS_LINE_MAX_BYTES);
  const started = io.now();
  let outcome = NOT_STARTED;
  if (context.stop.signal.aborted) {
    io.fs.writeFileAtomic(logPath, "");
  } else {
    const run = {
      argv: launch6.argv,
      cwd: target.repo,
      // The environment of a shell command in the repository (GH_TOKEN included), then the harness's own.
      env: { ...commandEnvironment(context, target.repo), ...launch6.env },
      input: encodeUtf8(harnessInput(args.brief, args.notes)),
      logPath,
      timeoutMs: args.timeoutMinutes * limits.minuteMs,
      stop: context.stop,
      killGraceMs: limits.killGraceMs,
      callKey: callKey(context.request.agentId, context.request.runId, context.request.callId)
    };
    try {
      outcome = await context.io.harness.run(run, (bytes) => {
        splitter.write(bytes);
        live2.write(bytes);
      });
    } catch (error) {
      live2.end();
      const code = error.code;
      const reason = typeof code === "string" ? stateFailure(error) : error instanceof Error ? error.message : String(error);
      throw codeTaskErrors.cannotStart(adapter.name, reason);
    }
  }
  const elapsedMs = io.now() - started;
  splitter.end();
  live2.end();
  const events = parser.result();
  return { outcome, events, elapsedMs, sessionId: events.sessionId ?? resumeId ?? newSessionId };
}
function recordSession(context, target, sessionId) {
  const { io, request } = context;
  const now = io.now();
  try {
    writeSession(io.fs, io.home, request.agentId, sessionId, {
      harness: target.harness.adapter.name,
      repo: target.repo,
      created_ms: target.session?.created_ms ?? now,
      updated_ms: now,
      run_id: request.runId,
      call_id: request.callId
    });
  } catch {
  }
}
async function codeTask(context, args, limits = codeTaskLimits(context.io.env)) {
  const { io, request } = context;
  const repoChoice = { fs: io.fs, home: io.home, cwd: context.cwd };
  const target = taskTarget(context, args, repoChoice);
  const { repo } = target;
  const lockSystem = { fs: io.fs, processes: context.io.harness, now: () => io.now(), maxBytes: CODE_TASK_STATE_FILE_MAX_BYTES };
  const self = context.io.harness.self();
  const holder = {
    pid: self.pid,
    start_ticks: self.startTicks,
    run_id: request.runId,
    agent_id: request.agentId,
    call_id: request.callId,
    started_ms: io.now(),
    repo
  };
  const lock = lockPath(io.home, repoHash(context, enclosingRepository(repoChoice, repo) ?? repo));
  acquireLock(lockSystem, lock, holder);
  const releaseStop = context.stop.take();
  try {
    const logPath = prepareLog(context);
    const snapshotter = snapshotterFor(context, limits);
    const before = await snapshotBefore(snapshotter, repo);
    const { outcome, events, elapsedMs, sessionId } = await runHarness2(context, target, args, logPath, limits);
    const diff = await diffSince(snapshotter, before);
    if (sessionId !== null) recordSession(context, target, sessionId);
    const status = taskStatus(outcome, events);
    const harness = target.harness.adapter.name;
    const report = {
      status,
      elapsedMs,
      reason: status === "failed" ? failureReason(outcome, events) : null,
      harness,
      sessionId,
      diff,
      finalMessage: events.finalMessage,
      logPath
    };
    const text = formatCodeTask(report, { maxBytes: request.maxBytes });
    const meta = codeTaskMeta({ status, harness, sessionId, repo, outcome, elapsedMs, diff, events, logPath });
    return { text, meta };
  } finally {
    releaseStop();
    releaseLock(lockSystem, lock, holder);
  }
}

// src/contract/envelope.ts
function okEnvelope(text, meta) {
  return { ok: true, text, meta };
}
function errorEnvelope(message, kind) {
  return { ok: false, error: oneLine2(message), kind };
}
var CLIPPED_ERROR_MARKER = "\u2026";
function oneLine2(message) {
  const line = joinedLines(message);
  if (line === "") return "unknown error";
  if (utf8Bytes(line) <= ERROR_MAX_BYTES) return line;
  return prefixWithinBytes(line, ERROR_MAX_BYTES - utf8Bytes(CLIPPED_ERROR_MARKER)) + CLIPPED_ERROR_MARKER;
}
function describeFailure(error) {
  if (error instanceof ToolError) return { message: error.message, kind: error.kind };
  if (error instanceof Error) {
    const code = error.code;
    const prefix = typeof code === "string" && !error.message.includes(code) ? `${code}: ` : "";
    return { message: `internal error: ${prefix}${error.message}`, kind: "internal" };
  }
  return { message: `internal error: ${String(error)}`, kind: "internal" };
}
function failureEnvelope(error) {
  const { message, kind } = describeFailure(error);
  return errorEnvelope(message, kind);
}
function encodeEnvelope(envelope) {
  return Buffer.from(JSON.stringify(envelope), "utf8").toString("base64");
}

// src/contract/encoding.ts
var STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// src/contract/live-calls.ts
var progressReasons = {
  notProgress: `progress must be true, false or {"heartbeat_ms": N} with N a whole number from ${PROGRESS_HEARTBEAT_MIN_MS} to ${PROGRESS_HEARTBEAT_MAX_MS}`
};
function progressAskOf(value) {
  if (value === void 0 || value === null || value === false) return null;
  if (value === true) return { heartbeatMs: PROGRESS_HEARTBEAT_DEFAULT_MS };
  if (!isPlainObject(value)) throw invalidRequest(progressReasons.notProgress);
  const keys = Object.keys(value);
  if (keys.some((key) => key !== "heartbeat_ms")) throw invalidRequest(progressReasons.notProgress);
  const given = value.heartbeat_ms;
  if (given === void 0 || given === null) return { heartbeatMs: PROGRESS_HEARTBEAT_DEFAULT_MS };
  if (typeof given !== "number" || !Number.isInteger(given) || given < PROGRESS_HEARTBEAT_MIN_MS || given > PROGRESS_HEARTBEAT_MAX_MS) {
    throw invalidRequest(progressReasons.notProgress);
  }
  return { heartbeatMs: given };
}
function progressLine(callId, event) {
  return `${JSON.stringify({ call_id: callId, progress: event })}
`;
}

// src/contract/call-env.ts
function envChangeOf(value) {
  if (value === void 0 || value === null) return void 0;
  if (!isPlainObject(value)) throw invalidRequest(requestReasons.notJsonObject("env"));
  const change = {};
  for (const [name, each] of Object.entries(value)) {
    if (name === "" || name.includes("=") || name.includes("\0")) throw invalidRequest(requestReasons.envName);
    if (each !== null && (typeof each !== "string" || each.includes("\0"))) throw invalidRequest(requestReasons.envValue);
    change[name] = each;
  }
  return change;
}
function withEnvChange(base, change, kept) {
  const env = { ...base };
  for (const [name, value] of Object.entries(change)) {
    if (kept.includes(name)) continue;
    if (value === null) delete env[name];
    else env[name] = value;
  }
  return env;
}

// src/contract/registry.ts
var TOOL_REGISTRY = [
  { name: "shell", helper: "guilds-code", cacheKinds: ["shell", "shell-background"] },
  { name: "shell_status", helper: "guilds-code", cacheKinds: ["shell_status"] },
  { name: "file_read", helper: "guilds-code", cacheKinds: ["file_read", "other"] },
  { name: "code_search", helper: "guilds-code", cacheKinds: ["code_search"] },
  { name: "code_task", helper: "guilds-harness", cacheKinds: ["code_task", "other"] }
];
var OP_NAMES = TOOL_REGISTRY.map((row) => row.name);
var HELPER_OF_TOOL = Object.fromEntries(
  TOOL_REGISTRY.map((row) => [row.name, row.helper])
);

// src/contract/request.ts
function decodeBase64Strict(text) {
  if (text.length === 0) throw invalidRequest(requestReasons.emptyArgument);
  if (!STRICT_BASE64.test(text)) throw invalidRequest(requestReasons.notBase64);
  return Buffer.from(text, "base64");
}
var utf8Strict = new TextDecoder("utf-8", { fatal: true });
function parseRequestBytes(bytes, specs, parsed) {
  let text;
  try {
    text = utf8Strict.decode(bytes);
  } catch {
    throw invalidRequest(requestReasons.notUtf8);
  }
  if (parsed !== void 0 && parsed.text === text) return validateRequestWith(parsed.value, specs);
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidRequest(requestReasons.notJson);
  }
  return validateRequestWith(value, specs);
}
function validId(value, field) {
  if (typeof value !== "string") throw invalidRequest(requestReasons.notString(field));
  if (!isValidId(value)) throw invalidRequest(requestReasons.notId(field));
  return value;
}
var knownOfTable = /* @__PURE__ *{/} new WeakMap();
function knownOf(specs) {
  let known = knownOfTable.get(specs);
  if (known === void 0) {
    known = OP_NAMES.filter((name) => specs[name] !== void 0);
    knownOfTable.set(specs, known);
  }
  return known;
}
function validateRequestWith(value, specs) {
  const known = knownOf(specs);
  if (!isPlainObject(value)) throw invalidRequest(requestReasons.notObject);
  const op = value.op;
  if (typeof op !== "string") throw invalidRequest(requestReasons.notString("op"));
  if (!known.includes(op)) {
    if (Object.hasOwn(HELPER_OF_TOOL, op)) throw invalidRequest(requestReasons.runByOtherHelper(op, HELPER_OF_TOOL[op], known));
    throw invalidRequest(requestReasons.unknownOp(op, known));
  }
  const runId = validId(value.run_id, "run_id");
  const agentId = validId(value.agent_id, "agent_id");
  const callId = validId(value.call_id, "call_id");
  let defaultCwd = "";
  if (value.default_cwd !== void 0 && value.default_cwd !== null) {
    if (typeof value.default_cwd !== "string") throw invalidRequest(requestReasons.notString("default_cwd"));
    if (value.default_cwd.includes("\0")) throw invalidRequest(requestReasons.hasNul("default_cwd"));
    defaultCwd = value.default_cwd;
  }
  let maxBytes = RESULT_DEFAULT_MAX_BYTES;
  if (value.max_bytes !== void 0 && value.max_bytes !== null) {
    if (typeof value.max_bytes !== "number" || !Number.isInteger(value.max_bytes)) throw invalidRequest(requestReasons.notWholeNumber("max_bytes"));
    maxBytes = Math.min(RESULT_CEILING_MAX_BYTES, Math.max(RESULT_MIN_MAX_BYTES, value.max_bytes));
  }
  const progress = progressAskOf(value.progress);
  const telemetry = telemetryAskOf(value.telemetry);
  const traceContext = traceContextOf(value.traceparent, value.tracestate);
  const env = envChangeOf(value.env);
  const rawArgs = value.args ?? {};
  if (!isPlainObject(rawArgs)) throw invalidRequest(requestReasons.notJsonObject("args"));
  const args = checkArgs(op, specs[op], rawArgs);
  const request = { op, args, runId, agentId, callId, defaultCwd, maxBytes, progress };
  if (telemetry) request.telemetry = true;
  if (traceContext !== null) request.traceContext = traceContext;
  if (env !== void 0) request.env = env;
  return request;
}
function checkArgs(op, spec, raw) {
  const args = {};
  for (const key of Object.keys(raw)) {
    if (!Object.hasOwn(spec.args, key)) throw invalidArgument(op, requestReasons.unknownArgument(key, Object.keys(spec.args)));
  }
  for (const [name, arg] of Object.entries(spec.args)) {
    const value = raw[name];
    if (value === void 0 || value === null) {
      if (arg.required) throw invalidArgument(op, requestReasons.required(name));
      continue;
    }
    switch (arg.type) {
      case "string":
        if (typeof value !== "string") throw invalidArgument(op, requestReasons.notString(name));
        if (arg.values && !arg.values.includes(value)) throw invalidArgument(op, requestReasons.notOneOf(name, arg.values));
        break;
      case "integer":
        if (typeof value !== "number" || !Number.isSafeInteger(value)) throw invalidArgument(op, requestReasons.notWholeNumber(name));
        break;
      case "boolean":
        if (typeof value !== "boolean") throw invalidArgument(op, requestReasons.notBoolean(name));
        break;
    }
    args[name] = value;
  }
  return args;
}

// src/contract/request-file.ts
function runDirFrom(env) {
  return normalizeAbsolute(env[RUN_DIR_VARIABLE] || DEFAULT_RUN_DIR);
}
function requestsFolderOf(runDir) {
  return joinPath(runDir, "requests");
}
var REQUEST_FILE_SUFFIX = ".json";
function isRequestFileName(name) {
  if (!name.endsWith(REQUEST_FILE_SUFFIX)) return false;
  const stem = name.slice(0, -REQUEST_FILE_SUFFIX.length);
  if (!ID_PATTERN.test(stem)) return false;
  for (let dash = stem.indexOf("-"); dash !== -1; dash = stem.indexOf("-", dash + 1)) {
    if (isValidId(stem.slice(0, dash)) && isValidId(stem.slice(dash + 1))) return true;
  }
  return false;
}
function requestFilePlace(runDir, path) {
  const folder = requestsFolderOf(runDir);
  if (path.includes("\0") || normalizeAbsolute(path) !== path || dirName(path) !== folder) return { refused: "outside" };
  const name = baseName(path);
  return isRequestFileName(name) ? { folder, name } : { refused: "misnamed" };
}
var NOT_ROOTS_CODE = "ENOTROOTS";

// src/contract/tools/checked.ts
function checkedWith(request, resolve) {
  return { op: request.op, request, args: resolve(request.op, request.args) };
}

// src/tools/context.ts
function specsOf(ops) {
  const specs = {};
  for (const name of Object.keys(ops)) specs[name] = ops[name].spec;
  return specs;
}

// src/call/request.ts
function readRequestFile(io, path, taken) {
  const place = requestFilePlace(io.runDir, path);
  if ("refused" in place) {
    throw invalidRequest(place.refused === "outside" ? requestReasons.requestFileOutside(requestsFolderOf(io.runDir)) : requestReasons.requestFileMisnamed(path));
  }
  if (taken !== void 0 && taken.path === path) {
    if ("bytes" in taken) return taken.bytes;
    throw requestFileFailure(path, taken.code);
  }
  try {
    return io.fs.takeFile(place.folder, place.name, REQUEST_FILE_MAX_BYTES);
  } catch (error) {
    throw requestFileFailure(path, errorCode(error));
  }
}
function requestFileFailure(path, code) {
  switch (code) {
    case "ENOENT":
      return invalidRequest(requestReasons.noRequestFile(path));
    case "EFBIG":
      return invalidRequest(requestReasons.requestFileTooLarge(REQUEST_FILE_MAX_BYTES));
    case "EISDIR":
    case "EFTYPE":
    case "ELOOP":
      return invalidRequest(requestReasons.requestFileNotRegular(path));
    case NOT_ROOTS_CODE:
      return invalidRequest(requestReasons.requestFileNotRoots(path));
    default:
      return invalidRequest(requestReasons.requestFileUnreadable(path, code));
  }
}
function checkedOf(request, ops) {
  return checkedWith(request, (op, args) => ops[op].resolve(args));
}
function checkedRequest(bytes, ops, parsed) {
  let request;
  if (parsed === void 0 || "text" in parsed) request = parseRequestBytes(bytes, specsOf(ops), parsed);
  else request = validateRequestWith(parsed.value, specsOf(ops));
  return checkedOf(request, ops);
}
function decodeArgument(io, argument, ops, handedOn) {
  if (argument === void 0) throw invalidRequest(requestReasons.noArgument);
  const bytes = argument.startsWith("/") ? readRequestFile(io, argument, handedOn?.file) : decodeBase64Strict(argument);
  const checked = checkedRequest(bytes, ops, handedOn?.parsed ?? void 0);
  if (checked.request.env !== void 0) throw invalidRequest(requestReasons.envOnlyOverStream);
  return checked;
}

// src/io/node/home.ts


// src/io/home-reach.ts
var WRITABLE_BY_GROUP_OR_OTHERS = 18;
function homeIsPinned(chain, agentUid) {
  if (agentUid === 0 || chain.length < 2) return false;
  const home = chain[chain.length - 1];
  const parent = chain[chain.length - 2];
  if (!home.isDirectory || home.dev === parent.dev) return false;
  return chain.slice(0, -1).every((folder) => folder.isDirectory && folder.uid === 0 && (folder.mode & WRITABLE_BY_GROUP_OR_OTHERS) === 0);
}
function foldersDownTo(path) {
  const names = path.split("/").filter((name) => name !== "");
  return ["/", ...names.map((_, index) => `/${names.slice(0, index + 1).join("/")}`)];
}

// src/io/node/home.ts
function homeFolder(named) {
  if (!named || !named.startsWith("/")) throw homeNotAbsolute();
  let real;
  try {
    real = realpathSync.native(named);
  } catch {
    throw homeMissing(named);
  }
  if (!statSync4(real).isDirectory()) throw homeNotAFolder(named);
  return real;
}
function pinnedHome(home) {
  const chain = [];
  for (const folder of foldersDownTo(home)) {
    const look = lstatSync2(folder, { throwIfNoEntry: false });
    if (look === void 0) return false;
    chain.push({ isDirectory: look.isDirectory(), dev: look.dev, uid: look.uid, mode: look.mode });
  }
  return homeIsPinned(chain, process.geteuid?.() ?? 0);
}
var HomeFolders = class {
  resolved = /* @__PURE__ *{/} new Map();
  folder(named) {
    const known = named === void 0 ? void 0 : this.resolved.get(named);
    if (known !== void 0) {
      if (known.pinned === true) return known.path;
      if (lstatSync2(known.path, { throwIfNoEntry: false })?.isDirectory() === true) {
        known.pinned ??= known.path === named && pinnedHome(known.path);
        return known.path;
      }
    }
    const real = homeFolder(named);
    if (this.resolved.size >= HOMES_KEPT) this.resolved.clear();
    this.resolved.set(named, { path: real, pinned: void 0 });
    return real;
  }
};

// src/io/progress-sink.ts
var NO_PROGRESS = { wanted: false, elapsedMs: () => 0, report: () => 0 };

// src/workspace/jobs.ts
var BACKGROUND_ID_PATTERN = /^b([1-9][0-9]{0,8})$/;
var RECORD_FILE_PATTERN = /^b([1-9][0-9]{0,8})\.json$/;
var JOB_MARKER_VARIABLE = "GUILDS_BACKGROUND_JOB";
var EXIT_STATUS_PATTERN = /^([0-9]{1,3})\n?$/;
var EXIT_STATUS_MAX = 255;
function backgroundFolder(io, agentId) {
  return joinPath(joinPath(io.runDir, agentId), "background");
}
function recordPath(folder, id) {
  return joinPath(folder, `${id}.json`);
}
function exitPath(folder, id) {
  return joinPath(folder, `${id}.exit`);
}
function stopPath(folder, id) {
  return joinPath(folder, `${id}.stop`);
}
function killedPath(folder, id) {
  return joinPath(folder, `${id}.killed`);
}
function jobMarker(folder, id) {
  return `${JOB_MARKER_VARIABLE}=${recordPath(folder, id)}`;
}
function jobFolderNames(io, folder) {
  try {
    return io.fs.stat(folder) === null ? [] : io.fs.listFolder(folder);
  } catch {
    return [];
  }
}
function recordedJobNumbers(io, folder) {
  const names = jobFolderNames(io, folder);
  const numbers = [];
  for (const name of names) {
    const match = RECORD_FILE_PATTERN.exec(name);
    if (match) numbers.push(Number(match[1]));
  }
  return numbers.sort((a, b) => a - b);
}
function readSmallFile(io, path, maxBytes) {
  const info = io.fs.lstat(path);
  if (info === null || info.kind !== "file" || info.size > maxBytes) return null;
  try {
    return new TextDecoder().decode(io.fs.readFile(path));
  } catch {
    return null;
  }
}
function isWholeNumber(value) {
  return typeof value === "number" && Number.isSafeInteger(value);
}
function validateRecord(io, id, value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "unreadable";
  const record = value;
  if (record.id !== id) return "unreadable";
  for (const field of ["command", "cwd", "log_path", "run_id", "call_id"]) {
    if (typeof record[field] !== "string") return "unreadable";
  }
  if (!isWholeNumber(record.started_at_ms)) return "unreadable";
  const logPath = record.log_path;
  if (!logPath.startsWith("/") || logPath.includes("\0") || normalizeAbsolute(logPath) !== logPath || !isInside(logPath, runsFolder(io)) || logPath === runsFolder(io)) {
    return "outside_folders";
  }
  const pid = record.pid;
  if (pid !== null) {
    if (!isWholeNumber(pid) || pid <= 1 || record.process_group !== pid) return "unreadable";
    if (record.start_ticks !== null && (typeof record.start_ticks !== "string" || !/^[0-9]+$/.test(record.start_ticks))) {
      return "unreadable";
    }
  }
  return {
    id,
    command: record.command,
    cwd: record.cwd,
    log_path: logPath,
    run_id: record.run_id,
    call_id: record.call_id,
    started_at_ms: record.started_at_ms,
    pid,
    process_group: pid,
    start_ticks: pid === null ? null : record.start_ticks ?? null
  };
}
function readJobFiles(io, folder, id) {
  const number = Number(BACKGROUND_ID_PATTERN.exec(id)?.[1] ?? NaN);
  const path = recordPath(folder, id);
  if (io.fs.lstat(path) === null) return null;
  const files = { id, number, record: null, exitCode: null, endedAtMs: null, stopRequestedAtMs: null };
  const text = readSmallFile(io, path, JOB_RECORD_MAX_BYTES);
  let parsed = void 0;
  try {
    parsed = text === null ? void 0 : JSON.parse(text);
  } catch {
    parsed = void 0;
  }
  const record = validateRecord(io, id, parsed);
  if (typeof record === "string") files.problem = record;
  else files.record = record;
  const exit = exitPath(folder, id);
  const status = EXIT_STATUS_PATTERN.exec(readSmallFile(io, exit, JOB_STATUS_FILE_MAX_BYTES) ?? "");
  if (status && Number(status[1]) <= EXIT_STATUS_MAX) {
    files.exitCode = Number(status[1]);
    files.endedAtMs = io.fs.lstat(exit)?.mtimeMs ?? null;
  } else {
    files.endedAtMs = io.fs.lstat(killedPath(folder, id))?.mtimeMs ?? null;
  }
  const stop = io.fs.lstat(stopPath(folder, id));
  if (stop !== null) {
    const written = Date.parse(readSmallFile(io, stopPath(folder, id), JOB_STATUS_FILE_MAX_BYTES)?.trim() ?? "");
    files.stopRequestedAtMs = Number.isFinite(written) ? written : stop.mtimeMs;
  }
  return files;
}
var ProcessTable = class {
  constructor(io) {
    this.io = io;
  }
  io;
  byGroup = null;
  leaderState(record, marker) {
    const { background } = this.io;
    if (record.pid === null || record.start_ticks === null) return "stranger";
    if (record.pid === background.ownPid) return "stranger";
    const stat = background.processStat(record.pid);
    if (stat === null) return "gone";
    if (stat.startTicks !== record.start_ticks || stat.processGroup !== record.pid || stat.session !== record.pid) {
      return "stranger";
    }
    if (stat.state === "Z") return "zombie";
    return background.environmentHas(record.pid, marker) ? "alive" : "stranger";
  }
  /** Live members of the group other than its leader that carry the job's marker. *{/}
  liveMembers(record, marker) {
    return this.liveMemberStats(record, marker).map((stat) => stat.pid);
  }
  /** The job's shell: the live members the supervisor started itself (its children in the group). *{/}
  shells(record, marker) {
    return this.liveMemberStats(record, marker).filter((stat) => stat.parent === record.pid).map((stat) => stat.pid);
  }
  liveMemberStats(record, marker) {
    if (record.pid === null) return [];
    if (!this.io.background.groupExists(record.pid)) return [];
    const { background } = this.io;
    const stats = [];
    for (const pid of this.groupMembers(record.pid)) {
      if (pid === record.pid || pid === background.ownPid) continue;
      const stat = background.processStat(pid);
      if (stat !== null && stat.state !== "Z" && stat.processGroup === record.pid && stat.session === record.pid && background.environmentHas(pid, marker)) {
        stats.push(stat);
      }
    }
    return stats;
  }
  /** Whether any process of the job is alive, and whether its group may be signalled. *{/}
  jobAlive(record, marker) {
    const leader = this.leaderState(record, marker);
    if (leader === "alive") return true;
    if (leader === "stranger") return false;
    return this.liveMembers(record, marker).length > 0;
  }
  groupMembers(group) {
    if (this.byGroup === null) {
      this.byGroup = /* @__PURE__ *{/} new Map();
      for (const pid of this.io.background.listProcesses()) {
        const stat = this.io.background.processStat(pid);
        if (stat === null) continue;
        const list = this.byGroup.get(stat.processGroup) ?? [];
        list.push(pid);
        this.byGroup.set(stat.processGroup, list);
      }
    }
    return this.byGroup.get(group) ?? [];
  }
  /** Forget what was read, so that the next question reads /proc again. *{/}
  refresh() {
    this.byGroup = null;
  }
};

// src/workspace/runs.ts
function foldersInUse(io, agentId) {
  const folder = backgroundFolder(io, agentId);
  const table = new ProcessTable(io);
  const inUse = [];
  for (const number of recordedJobNumbers(io, folder)) {
    const id = `b${number}`;
    const record = readJobFiles(io, folder, id)?.record;
    if (record && record.pid !== null && table.jobAlive(record, jobMarker(folder, id))) inUse.push(record.log_path);
  }
  return inUse;
}
function pruneRuns(io, agentId, keep) {
  const root = runsFolder(io);
  if (io.fs.lstat(root)?.kind !== "folder") return [];
  let names;
  try {
    names = io.fs.listFolder(root);
  } catch {
    return [];
  }
  const runs = [];
  for (const name of names) {
    if (!isValidId(name)) continue;
    const path = joinPath(root, name);
    const info = io.fs.lstat(path);
    if (info?.kind === "folder") runs.push({ path, name, mtimeMs: info.mtimeMs });
  }
  if (runs.length <= keep) return [];
  runs.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const candidates = runs.slice(keep);
  const logsInUse = foldersInUse(io, agentId);
  const removed = [];
  for (const run of candidates) {
    if (logsInUse.some((log) => isInside(log, run.path))) continue;
    io.fs.removeTree(run.path);
    removed.push(run.path);
  }
  return removed;
}
function noteRunUse(io, runId, agentId) {
  const folder = runFolder(io, runId);
  const marks = io.runUseMarks;
  const now = marks === void 0 ? 0 : io.now();
  const markedAt = marks?.get(folder);
  if (markedAt !== void 0 && now >= markedAt && now - markedAt < RUN_USE_MARK_INTERVAL_MS) return;
  try {
    const info = io.fs.lstat(folder);
    if (info !== null) {
      if (info.kind === "folder") {
        io.fs.touch(folder);
        rememberMark(marks, folder, now);
      }
      return;
    }
    pruneRuns(io, agentId, RUNS_KEPT_COUNT - 1);
    io.fs.makeFolder(folder);
  } catch {
  }
}
function rememberMark(marks, folder, now) {
  if (marks === void 0) return;
  if (marks.size >= RUN_USE_MARKS_KEPT) marks.clear();
  marks.set(folder, now);
}

// src/call/host.ts
var CallHost = class {
  constructor(ops, makeIo) {
    this.ops = ops;
    this.makeIo = makeIo;
  }
  ops;
  makeIo;
  inFlight = /* @__PURE__ *{/} new Set();
  /** The homes this host resolved: a host that answers many calls walks a home's links once. *{/}
  homes = new HomeFolders();
  /**
   * The call's I/O: the home as it is now, the state folder the environment names. A home that is
   * none is the call's answer.
   *{/}
  ioFor(env) {
    let home;
    try {
      home = this.homes.folder(env.HOME);
    } catch (error) {
      return { envelope: error instanceof ToolError ? failureEnvelope(error) : errorEnvelope(error.message, "internal") };
    }
    return { io: this.makeIo(home, runDirFrom(env), env) };
  }
  /**
   * `io`'s home and state folder with another environment: for a call whose environment differs from
   * the one `io` was made for in neither HOME nor the state folder's variable.
   *{/}
  ioWithEnv(io, env) {
    return this.makeIo(io.home, io.runDir, env);
  }
  /**
   * A cold helper's one call, from its command-line argument (base64 JSON, or a request file; what
   * the loader took of it handed on) to its envelope. Never rejects. `origin`: as run's.
   *{/}
  async answerArgument(env, argument, stop, handedOn, origin) {
    const made = this.ioFor(env);
    if ("envelope" in made) return made.envelope;
    let checked;
    try {
      checked = decodeArgument(made.io, argument, this.ops, handedOn);
    } catch (error) {
      return failureEnvelope(error);
    }
    return this.run(made.io, checked, stop, void 0, origin);
  }
  /**
   * The checked call's envelope. Never rejects: any fault while it runs is its answer. Its progress
   * goes to `progress` (none by default), which is closed before the answer is given. `origin`: when
   * the helper began on it (performance.now()), the start of the phases a request may ask for.
   *{/}
  run(io, checked, stop, progress, origin) {
    return new Promise((resolve) => {
      let settled = false;
      const call = {
        stop,
        settle: (envelope) => {
          if (settled) return;
          settled = true;
          progress?.close();
          this.inFlight.delete(call);
          resolve(envelope);
        }
      };
      this.inFlight.add(call);
      let running;
      try {
        running = runCheckedCall(io, checked, this.ops, stop, progress, origin);
      } catch (error) {
        running = Promise.reject(error);
      }
      running.then(call.settle, (error) => call.settle(failureEnvelope(error)));
    });
  }
  /**
   * Stops a call, as SIGTERM stops a cold helper: a part that answers the stop itself does; else the
   * call answers now that it was interrupted. False when neither happened (no call in flight has this
   * stop): then the stop is the caller's to answer.
   *{/}
  stopCall(stop, signal) {
    if (stop.abort(signal)) return true;
    for (const call of this.inFlight) {
      if (call.stop !== stop) continue;
      call.settle(failureEnvelope(interruptedBeforeAnswer(signal)));
      return true;
    }
    return false;
  }
  /**
   * A fault no call can be named for: each call in flight answers with it, as a cold helper answers
   * its one call. Returns how many did; what they started runs on, as after a cold helper's fault.
   *{/}
  failInFlight(error) {
    const calls = [...this.inFlight];
    for (const call of calls) call.settle(failureEnvelope(error));
    return calls.length;
  }
};
function runTool(ops, checked, context) {
  const tool = ops[checked.op];
  return tool.run(context, checked.args);
}
function callContext(io, request, stop, progress) {
  let cwd;
  const workingDirectory = () => cwd ??= loadWorkingDirectoryOf(io, request.runId, request.defaultCwd);
  return {
    io,
    request,
    stop,
    progress,
    get cwd() {
      return workingDirectory().folder;
    },
    get cwdRecorded() {
      return workingDirectory().recorded;
    }
  };
}
async function runCheckedCall(io, checked, ops, stop, progress = NO_PROGRESS, origin) {
  const { request } = checked;
  const runStart = request.telemetry === true ? performance.now() : 0;
  try {
    noteRunUse(io, request.runId, request.agentId);
    const result = await runTool(ops, checked, callContext(io, checked.request, stop, progress));
    if (request.telemetry !== true) return okEnvelope(capText(result.text, request.maxBytes), result.meta);
    const runEnd = performance.now();
    const text = capText(result.text, request.maxBytes);
    const meta = { ...result.meta };
    meta[TIMINGS_META_FIELD] = helperTimings(origin ?? runStart, runStart, runEnd, performance.now());
    return okEnvelope(text, meta);
  } catch (error) {
    return failureEnvelope(error);
  }
}

// src/io/node/core.ts















// src/io/node/background.ts

var SUPERVISOR_SCRIPT = [
  "trap : TERM INT HUP",
  "exit_path=$1",
  "shift",
  'bash -c "$@" </dev/null',
  "status=$?",
  '{ printf "%s\\n" "$status" >"$exit_path.$$.tmp" && mv -f "$exit_path.$$.tmp" "$exit_path"; } 2>/dev/null'
].join("\n");
var SWEEP_ROUNDS = 20;
var SWEEP_ROUND_PAUSE_SECONDS = 0.05;
var DELAYED_KILL_SCRIPT = [
  'sleep "$1" || exit 0',
  "killed=0",
  'if { read -r stat <"/proc/$2/stat"; } 2>/dev/null; then',
  "  fields=(${stat##*) })",
  '  [ "${fields[19]}" = "$3" ] && kill -KILL -- "-$2" 2>/dev/null && killed=1',
  "else",
  '  kill -KILL -- "-$2" 2>/dev/null && killed=1',
  "fi",
  `for (( round = 0; round < ${SWEEP_ROUNDS}; round++ )); do`,
  "  found=0",
  "  for dir in /proc/[0-9]*; do",
  "    pid=${dir#/proc/}",
  '    [ "$pid" = "$$" ] || [ ! -O "$dir" ] && continue',
  '    while IFS= read -r -d "" entry; do',
  '      if [ "$entry" = "$5" ]; then kill -KILL "$pid" 2>/dev/null && found=1 killed=1; break; fi',
  '    done 2>/dev/null <"$dir/environ"',
  "  done",
  '  [ "$found" = 1 ] || break',
  `  sleep ${SWEEP_ROUND_PAUSE_SECONDS}`,
  "done",
  '[ "$killed" = 1 ] && : >>"$4"'
].join("\n");
var LOG_OPEN_FLAGS2 = constants5.O_WRONLY | constants5.O_APPEND | constants5.O_CREAT | constants5.O_NOFOLLOW | constants5.O_NOCTTY;
var LOG_FILE_MODE = 384;
var nodeBackgroundProcesses = {
  startSupervised(start2) {
    const log = openSync5(start2.logPath, LOG_OPEN_FLAGS2, LOG_FILE_MODE);
    try {
      return startDetached({
        file: "bash",
        args: ["-c", SUPERVISOR_SCRIPT, "guilds-background", start2.exitPath, start2.script, ...start2.scriptArgs],
        cwd: start2.cwd,
        env: start2.env,
        stdio: ["ignore", log, log]
      });
    } finally {
      closeSync4(log);
    }
  },
  processStat: readProcessStat,
  environmentHas(pid, entry) {
    let environment;
    try {
      environment = readFileSync3(`/proc/${pid}/environ`);
    } catch {
      return false;
    }
    const wanted = Buffer.from(entry + "\0", "utf8");
    if (environment.subarray(0, wanted.length).equals(wanted)) return true;
    return environment.indexOf(Buffer.concat([Buffer.of(0), wanted])) !== -1;
  },
  listProcesses: listProcessIds,
  groupExists(processGroup) {
    if (!Number.isInteger(processGroup) || processGroup <= 1) return false;
    try {
      process.kill(-processGroup, 0);
      return true;
    } catch (error) {
      return error.code === "EPERM";
    }
  },
  signalProcess,
  signalGroup: (processGroup, signal) => signalProcessGroup(processGroup, signal),
  signalMarked: (marker, signal) => signalMarked({ entry: marker }, signal),
  scheduleGroupKill(processGroup, leaderStartTicks, delaySeconds, killedPath2, marker) {
    try {
      startDetached({
        file: "bash",
        args: ["-c", DELAYED_KILL_SCRIPT, "guilds-background-kill", String(delaySeconds), String(processGroup), leaderStartTicks, killedPath2, marker],
        cwd: "/",
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
        stdio: "ignore"
      });
    } catch {
    }
  },
  createExclusive,
  sleep(milliseconds) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
  },
  ownPid: process.pid
};

// src/io/node/request-file.ts

var FOLDER_FLAGS = constants6.O_RDONLY | constants6.O_DIRECTORY | constants6.O_NOFOLLOW;
var FILE_FLAGS = constants6.O_RDONLY | constants6.O_NOFOLLOW | constants6.O_NONBLOCK | constants6.O_NOCTTY;
var ROOT_UID = 0;
var WRITABLE_BY_OTHERS = 18;
var STICKY = 512;
function notRoots(path) {
  return codedError(NOT_ROOTS_CODE, `${path} is not root's alone`);
}
function rootsOnTheWay(info) {
  return info.uid === ROOT_UID && ((info.mode & WRITABLE_BY_OTHERS) === 0 || (info.mode & STICKY) !== 0);
}
function openFolder(folder, asRoot) {
  if (!asRoot) return openSync6(realpathSync2.native(folder), FOLDER_FLAGS);
  let fd = openSync6("/", FOLDER_FLAGS);
  let path = "";
  try {
    for (const name of folder.split("/")) {
      if (name === "") continue;
      path += `/${name}`;
      let next;
      try {
        next = openSync6(`/proc/self/fd/${fd}/${name}`, FOLDER_FLAGS);
      } catch (error) {
        const code = error.code;
        throw code === "ELOOP" || code === "ENOTDIR" ? notRoots(path) : error;
      }
      closeSync5(fd);
      fd = next;
      if (!rootsOnTheWay(fstatSync4(fd))) throw notRoots(path);
    }
    const info = fstatSync4(fd);
    if (info.uid !== ROOT_UID || (info.mode & WRITABLE_BY_OTHERS) !== 0) throw notRoots(folder);
    return fd;
  } catch (error) {
    closeSync5(fd);
    throw error;
  }
}
function readWhole(fd, info, maxBytes, path) {
  if (info.size > maxBytes) throw codedError("EFBIG", `${path} passes ${maxBytes} bytes`);
  const bytes = Buffer.allocUnsafe(info.size + 1);
  let total = 0;
  for (; ; ) {
    const read = readSync4(fd, bytes, total, bytes.length - total, null);
    if (read === 0) break;
    total += read;
    if (total > maxBytes) throw codedError("EFBIG", `${path} passes ${maxBytes} bytes`);
    if (total === bytes.length) throw codedError("EFBIG", `${path} grew while it was read`);
  }
  return bytes.subarray(0, total);
}
function takeFileWithoutFollowing(folder, name, maxBytes, asRoot) {
  const folderFd = openFolder(folder, asRoot);
  const path = `${folder}/${name}`;
  const inFolder = `/proc/self/fd/${folderFd}/${name}`;
  try {
    const fd = openSync6(inFolder, FILE_FLAGS);
    try {
      const info = fstatSync4(fd);
      if (info.isDirectory()) throw codedError("EISDIR", `${path} is a folder`);
      if (!info.isFile()) throw codedError("EFTYPE", `${path} is not a regular file`);
      try {
        if (asRoot && (info.uid !== ROOT_UID || info.nlink !== 1)) throw notRoots(path);
        return readWhole(fd, info, maxBytes, path);
      } finally {
        try {
          unlinkSync3(inFolder);
        } catch {
        }
      }
    } finally {
      closeSync5(fd);
    }
  } finally {
    closeSync5(folderFd);
  }
}

// src/io/node/core.ts
function kindOf(stats) {
  if (stats.isFile()) return "file";
  if (stats.isDirectory()) return "folder";
  if (stats.isFIFO()) return "fifo";
  if (stats.isSocket()) return "socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "device";
  if (stats.isSymbolicLink()) return "link";
  return "other";
}
function infoOf(stats) {
  return { kind: kindOf(stats), size: stats.size, mtimeMs: stats.mtimeMs };
}
var NodeOpenFile = class {
  constructor(fd) {
    this.fd = fd;
  }
  fd;
  info() {
    return infoOf(fstatSync5(this.fd));
  }
  realPath() {
    return readlinkSync(`/proc/self/fd/${this.fd}`);
  }
  read(buffer) {
    return readSync5(this.fd, buffer, 0, buffer.length, null);
  }
  readAt(buffer, length, position) {
    return readSync5(this.fd, buffer, 0, length, position);
  }
  descriptor() {
    return this.fd;
  }
  close() {
    closeSync6(this.fd);
  }
};
var nodeFileSystem = {
  realPath: (path) => realpathSync3.native(path),
  stat(path) {
    const stats = statSync5(path, { throwIfNoEntry: false });
    return stats ? infoOf(stats) : null;
  },
  lstat(path) {
    const stats = lstatSync3(path, { throwIfNoEntry: false });
    return stats ? infoOf(stats) : null;
  },
  readLink: (path) => readlinkSync(path),
  openRead: (path) => new NodeOpenFile(openSync7(path, OPEN_READ_FLAGS)),
  readFile: (path, maxBytes = Number.MAX_SAFE_INTEGER) => readRegularFile(path, maxBytes),
  takeFile: (folder, name, maxBytes) => takeFileWithoutFollowing(folder, name, maxBytes, actingAsAgent() !== null),
  writeFileAtomic,
  makeFolder: (path) => void mkdirSync(path, { recursive: true, mode: 448 }),
  removeFile: removeFileIfPresent,
  removeTree: (path) => rmSync(path, { force: true, recursive: true }),
  listFolder: (path) => readdirSync2(path),
  touch(path) {
    const now = /* @__PURE__ *{/} new Date();
    utimesSync2(path, now, now);
  }
};
function nodeIoWith(own, home, runDir, env) {
  return {
    home,
    runDir,
    env,
    fs: nodeFileSystem,
    background: nodeBackgroundProcesses,
    now: () => Date.now(),
    ...own
  };
}

// src/io/node/stdout.ts

var STDOUT_FD = 1;
var WRITE_RETRY_WAIT_MS = 1;
function writeStdout(line) {
  const bytes = Buffer.from(line, "utf8");
  let written = 0;
  while (written < bytes.length) {
    try {
      written += writeSync3(STDOUT_FD, bytes, written, bytes.length - written);
    } catch (error) {
      const code = error.code;
      if (code === "EAGAIN") Atomics.wait(pauseCell(), 0, 0, WRITE_RETRY_WAIT_MS);
      else return false;
    }
  }
  return true;
}
var pause;
function pauseCell() {
  pause ??= new Int32Array(new SharedArrayBuffer(4));
  return pause;
}




























__gx0_SERVE_LINE_MAX_BYTES=SERVE_LINE_MAX_BYTES;__gx0_SERVE_IDLE_EXIT_MS=SERVE_IDLE_EXIT_MS;__gx0_SERVE_IDLE_EXIT_VARIABLE=SERVE_IDLE_EXIT_VARIABLE;__gx0_invalidRequest=invalidRequest;__gx0_interruptedBeforeAnswer=interruptedBeforeAnswer;__gx0_failureEnvelope=failureEnvelope;__gx0_encodeEnvelope=encodeEnvelope;__gx0_RUN_DIR_VARIABLE=RUN_DIR_VARIABLE;__gx0_isValidId=isValidId;__gx0_CallStop=CallStop;__gx0_isPlainObject=isPlainObject;__gx0_progressLine=progressLine;__gx0_withEnvChange=withEnvChange;__gx0_checkedRequest=checkedRequest;__gx0_CallHost=CallHost;__gx0_nodeIoWith=nodeIoWith;__gx0_writeStdout=writeStdout;__gx0_toolTable=toolTable;__gx0_HARNESS_TOOL_CONTRACTS=HARNESS_TOOL_CONTRACTS;__gx0_CODE_TASK_NODE_IO=CODE_TASK_NODE_IO;__gx0_ByteLines=ByteLines;__gx0_timersOn=timersOn;__gx0_whenDue=whenDue;__gx0_codeTask=codeTask;})();
*/}
function guildsBody_code_task() {/*
(function(){var CODE_TASK_NODE_IO=__gx0_CODE_TASK_NODE_IO,CallHost=__gx0_CallHost,CallStop=__gx0_CallStop,HARNESS_TOOL_CONTRACTS=__gx0_HARNESS_TOOL_CONTRACTS,codeTask=__gx0_codeTask,encodeEnvelope=__gx0_encodeEnvelope,failureEnvelope=__gx0_failureEnvelope,interruptedBeforeAnswer=__gx0_interruptedBeforeAnswer,nodeIoWith=__gx0_nodeIoWith,toolTable=__gx0_toolTable,writeStdout=__gx0_writeStdout;













// src/boot/handoff.ts
var HANDED_ON = /* @__PURE__ *{/} Symbol.for("guilds-code.parsed-request");
function takeHandedOnRequest() {
  const holder = globalThis;
  const request = holder[HANDED_ON];
  delete holder[HANDED_ON];
  return request;
}

// src/entry.ts
var written = false;
function writeEnvelopeAndExit(envelope) {
  if (!written) {
    written = true;
    writeStdout(encodeEnvelope(envelope) + "\n");
  }
  process.exit(0);
}
function stopOnSignals(host, stop) {
  const onStopSignal = (signal) => {
    if (!host.stopCall(stop, signal)) writeEnvelopeAndExit(failureEnvelope(interruptedBeforeAnswer(signal)));
  };
  process.on("SIGTERM", onStopSignal);
  process.on("SIGINT", onStopSignal);
}
function hostColdCall(ops, own) {
  const host = new CallHost(ops, (home, runDir, env) => nodeIoWith(own, home, runDir, env));
  const onFault = (error) => {
    if (host.failInFlight(error) === 0) writeEnvelopeAndExit(failureEnvelope(error));
  };
  process.on("uncaughtException", onFault);
  process.on("unhandledRejection", onFault);
  const stop = new CallStop();
  stopOnSignals(host, stop);
  host.answerArgument(process.env, process.argv[2], stop, takeHandedOnRequest(), 0).then(writeEnvelopeAndExit, onFault);
}

// src/tools/code_task/body.generated.ts
hostColdCall(toolTable(HARNESS_TOOL_CONTRACTS, { code_task: codeTask }), CODE_TASK_NODE_IO);

})();
*/}
function guildsBody_serve() {/*
(function(){var ByteLines=__gx0_ByteLines,CODE_TASK_NODE_IO=__gx0_CODE_TASK_NODE_IO,CallHost=__gx0_CallHost,CallStop=__gx0_CallStop,HARNESS_TOOL_CONTRACTS=__gx0_HARNESS_TOOL_CONTRACTS,RUN_DIR_VARIABLE=__gx0_RUN_DIR_VARIABLE,SERVE_IDLE_EXIT_MS=__gx0_SERVE_IDLE_EXIT_MS,SERVE_IDLE_EXIT_VARIABLE=__gx0_SERVE_IDLE_EXIT_VARIABLE,SERVE_LINE_MAX_BYTES=__gx0_SERVE_LINE_MAX_BYTES,checkedRequest=__gx0_checkedRequest,codeTask=__gx0_codeTask,failureEnvelope=__gx0_failureEnvelope,invalidRequest=__gx0_invalidRequest,isPlainObject=__gx0_isPlainObject,isValidId=__gx0_isValidId,nodeIoWith=__gx0_nodeIoWith,progressLine=__gx0_progressLine,timersOn=__gx0_timersOn,toolTable=__gx0_toolTable,whenDue=__gx0_whenDue,withEnvChange=__gx0_withEnvChange,writeStdout=__gx0_writeStdout;
























// src/call/progress.ts
var callClock = timersOn(() => performance.now());
var CallProgress = class {
  constructor(ask, emit, clock = callClock) {
    this.ask = ask;
    this.emit = emit;
    this.clock = clock;
    this.startedAt = clock.now();
    this.lastReportAt = this.startedAt;
    this.armHeartbeat();
  }
  ask;
  emit;
  clock;
  wanted = true;
  closed = false;
  cancelHeartbeat = () => {
  };
  startedAt;
  lastReportAt;
  elapsedMs() {
    return Math.max(0, this.clock.now() - this.startedAt);
  }
  report(report) {
    const at = this.clock.now();
    const elapsedMs = Math.max(0, Math.round(at - this.startedAt));
    if (this.closed) return elapsedMs;
    this.lastReportAt = at;
    const event = { ...report, elapsed_ms: elapsedMs };
    this.armHeartbeat();
    this.emit(event);
    return elapsedMs;
  }
  /** The call answers: nothing is reported after this. *{/}
  close() {
    this.closed = true;
    this.cancelHeartbeat();
  }
  /** A heartbeat goes only when the call was quiet for the whole asked time by its own clock. *{/}
  armHeartbeat() {
    this.cancelHeartbeat();
    this.cancelHeartbeat = whenDue(this.clock, this.lastReportAt + this.ask.heartbeatMs, () => this.report({ type: "heartbeat" }));
  }
};

// src/contract/stream.ts
var streamReasons = {
  lineTooLong: (maxBytes) => `a request line passes ${maxBytes} bytes`,
  callRunning: (callId) => `call_id ${callId} is already running on this stream`
};
var utf8Strict = new TextDecoder("utf-8", { fatal: true });
function readStreamLine(bytes) {
  let value;
  try {
    value = JSON.parse(utf8Strict.decode(bytes));
  } catch {
    return { kind: "request", bytes, parsed: null, callId: null };
  }
  if (!isPlainObject(value)) return { kind: "request", bytes, parsed: { value }, callId: null };
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === "cancel" && typeof value.cancel === "string" && isValidId(value.cancel)) {
    return { kind: "cancel", callId: value.cancel };
  }
  const callId = typeof value.call_id === "string" && isValidId(value.call_id) ? value.call_id : null;
  return { kind: "request", bytes, parsed: { value }, callId };
}
function lineTooLong(maxBytes) {
  return invalidRequest(streamReasons.lineTooLong(maxBytes));
}
function callRunning(callId) {
  return invalidRequest(streamReasons.callRunning(callId));
}
function answerLine(callId, envelope) {
  return `${JSON.stringify({ call_id: callId, envelope })}
`;
}

// src/serve.ts
var HELPER_OWN_VARIABLES = ["HOME", RUN_DIR_VARIABLE];
var calls = /* @__PURE__ *{/} new Map();
var inputEnded = false;
var idleTimer;
var idleSince = 0;
var idleMs = SERVE_IDLE_EXIT_MS;
function exitWhenIdle() {
  if (inputEnded && calls.size === 0) process.exit(0);
}
function idleExitMs(env) {
  const given = env[SERVE_IDLE_EXIT_VARIABLE] ?? "";
  const asked = /^[0-9]{1,9}$/.test(given) ? Number(given) : 0;
  return asked > 0 && asked < SERVE_IDLE_EXIT_MS ? asked : SERVE_IDLE_EXIT_MS;
}
function restartIdleClock() {
  idleSince = performance.now();
  if (idleTimer === void 0) setIdleTimer(idleMs);
}
function setIdleTimer(ms) {
  idleTimer = setTimeout(idleTimerFired, ms);
  idleTimer.unref();
}
function idleTimerFired() {
  idleTimer = void 0;
  const idleFor = performance.now() - idleSince;
  if (idleFor < idleMs) return setIdleTimer(idleMs - idleFor);
  if (calls.size > 0) return;
  inputEnded = true;
  process.stdin.pause();
  exitWhenIdle();
}
function writeAnswerLine(callId, envelope) {
  writeStdout(answerLine(callId, envelope));
}
function settle(callId, call, envelope) {
  if (call.answered) return;
  call.answered = true;
  if (calls.get(callId) === call) calls.delete(callId);
  writeAnswerLine(callId, envelope);
  exitWhenIdle();
  if (calls.size === 0 && !inputEnded) restartIdleClock();
}
function prepare(host, bytes, parsed) {
  const made = host.ioFor(process.env);
  if ("envelope" in made) return made;
  let checked;
  try {
    checked = checkedRequest(bytes, host.ops, parsed ?? void 0);
  } catch (error) {
    return { envelope: failureEnvelope(error) };
  }
  const change = checked.request.env;
  if (change === void 0) return { io: made.io, checked };
  return { io: host.ioWithEnv(made.io, withEnvChange(process.env, change, HELPER_OWN_VARIABLES)), checked };
}
function takeLine(host, bytes) {
  const arrived = performance.now();
  const line = readStreamLine(bytes);
  if (line.kind === "cancel") {
    const call2 = calls.get(line.callId);
    if (call2 !== void 0) host.stopCall(call2.stop, "SIGTERM");
    return;
  }
  const { callId } = line;
  if (callId !== null && calls.has(callId)) {
    writeAnswerLine(callId, failureEnvelope(callRunning(callId)));
    return;
  }
  const prepared = prepare(host, line.bytes, line.parsed);
  if ("envelope" in prepared) {
    writeAnswerLine(callId, prepared.envelope);
    return;
  }
  const id = prepared.checked.request.callId;
  const call = { stop: new CallStop(), answered: false };
  calls.set(id, call);
  const ask = prepared.checked.request.progress;
  const progress = ask === null ? void 0 : new CallProgress(ask, (event) => writeStdout(progressLine(id, event)));
  void host.run(prepared.io, prepared.checked, call.stop, progress, arrived).then((envelope) => settle(id, call, envelope));
}
function serveStream(ops, own) {
  const host = new CallHost(ops, (home, runDir, env) => nodeIoWith(own, home, runDir, env));
  const onFault = (error) => void host.failInFlight(error);
  process.on("uncaughtException", onFault);
  process.on("unhandledRejection", onFault);
  const onStopSignal = (signal) => {
    inputEnded = true;
    process.stdin.pause();
    for (const call of [...calls.values()]) host.stopCall(call.stop, signal);
    exitWhenIdle();
  };
  process.on("SIGTERM", onStopSignal);
  process.on("SIGINT", onStopSignal);
  const lines = new ByteLines(
    {
      line: (bytes) => {
        if (!inputEnded) takeLine(host, bytes);
      },
      tooLong: () => writeAnswerLine(null, failureEnvelope(lineTooLong(SERVE_LINE_MAX_BYTES)))
    },
    SERVE_LINE_MAX_BYTES
  );
  idleMs = idleExitMs(process.env);
  restartIdleClock();
  process.stdin.on("data", (chunk) => {
    restartIdleClock();
    lines.write(chunk);
  });
  process.stdin.on("end", () => {
    lines.end();
    inputEnded = true;
    exitWhenIdle();
  });
  process.stdin.on("error", () => {
    inputEnded = true;
    exitWhenIdle();
  });
}

// src/tools/harness-node-io.generated.ts
var HARNESS_TOOLS_NODE_IO = { ...CODE_TASK_NODE_IO };

// src/tools/harness-runs.generated.ts
var HARNESS_TOOL_RUNS = {
  code_task: codeTask
};

// src/serve-harness-main.ts
serveStream(toolTable(HARNESS_TOOL_CONTRACTS, HARNESS_TOOL_RUNS), HARNESS_TOOLS_NODE_IO);

})();
*/}
function guildsBodyOf(kind) {
  switch (kind) {
    case "code_task": case "other": default:
      return [505, [[guildsChunk_0, 0], [guildsBody_code_task, 2]]];
    case "serve":
      return [505, [[guildsChunk_0, 0], [guildsBody_serve, 59]]];
  }
}

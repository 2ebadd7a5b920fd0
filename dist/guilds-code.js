#!/usr/bin/env node
"use strict";

// src/boot/loader.ts
var import_node_fs2 = require("node:fs");
var import_node_vm = require("node:vm");

// src/contract/tool-names.ts
var OP_NAMES = ["shell", "shell_status", "file_read", "code_search", "code_task"];

// src/boot/code-cache.ts
var CODE_CACHE_FILE_MAX_BYTES = 16 * 1024 * 1024;
var HEADER_TITLE = "guilds-code v8 code cache";
var SWAP_WORD_BYTES = 8;
var OP_FIELD = /"op"\s*:\s*"([a-z_]{1,32})"/;
var BACKGROUND_TRUE = /"background"\s*:\s*true/;
var KNOWN_OPS = new Set(OP_NAMES);
function cacheKindOf(requestText2) {
  if (requestText2 === null) return "other";
  const op = OP_FIELD.exec(requestText2)?.[1];
  if (op === void 0 || !KNOWN_OPS.has(op)) return "other";
  if (op === "shell" && BACKGROUND_TRUE.test(requestText2)) return "shell-background";
  return op;
}
function cacheFileName(buildId, nodeVersion, arch, kind) {
  return `${buildId}-node${nodeVersion.replace(/^v/, "")}-${arch}-${kind}.v8cache`;
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
  if (!/^(0|[1-9][0-9]*)$/.test(lengthText)) return null;
  const payloadBytes = Number(lengthText);
  const payloadStart = lengthEnd + 1;
  const copyStart = payloadStart + payloadBytes;
  if (payloadBytes === 0 || file.length !== copyStart + paddedToWords(payloadBytes)) return null;
  const payload = file.subarray(payloadStart, copyStart);
  const copy = file.subarray(copyStart).swap64();
  return copy.subarray(0, payloadBytes).equals(payload) && copy.subarray(payloadBytes).every((byte) => byte === 0) ? payload : null;
}
var ESCAPED_COMMENT_END = "*{/}";
function codeOfComment(functionText) {
  const open = functionText.indexOf("/*\n");
  const close = functionText.lastIndexOf("\n*/");
  if (open < 0 || close < open) throw new Error("the helper code is missing from this file");
  return functionText.slice(open + 3, close + 1).replaceAll(ESCAPED_COMMENT_END, "*/");
}

// src/io/node/files.ts
var import_node_fs = require("node:fs");

// src/io/node/process.ts
var temporaryCounter = 0;
function temporaryPathBeside(path) {
  return `${path}.${process.pid}.${++temporaryCounter}.tmp`;
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
    const chunks = [];
    let total = 0;
    let chunkBytes = Math.max(READ_FILE_CHUNK_BYTES, stats.size + 1);
    for (; ; ) {
      const chunk = Buffer.allocUnsafe(Math.min(chunkBytes, maxBytes - total + 1));
      chunkBytes = READ_FILE_CHUNK_BYTES;
      const read = (0, import_node_fs.readSync)(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      total += read;
      if (total > maxBytes) throw codedError("EFBIG", `${path} passes ${maxBytes} bytes`);
      chunks.push(chunk.subarray(0, read));
    }
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
  } finally {
    (0, import_node_fs.closeSync)(fd);
  }
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
  try {
    (0, import_node_fs.unlinkSync)(path);
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
}

// src/boot/loader.ts
var BUILD_ID = "555591d1b39d9826";
var started = true;
var REQUEST_PEEK_MAX_CHARS = 1024 * 1024;
var CACHE_FOLDER_IN_HOME = ".cache/guilds-code";
var OTHER_BUILD_KEPT_MS = 24 * 60 * 60 * 1e3;
var CACHE_FOLDER_MODE = 448;
var BASE64_ARGUMENT = /^[A-Za-z0-9+/]*={0,2}$/;
var WRAPPER_START = "(function (exports, require, module, __filename, __dirname) { ";
var WRAPPER_END = "\n})";
var STDOUT_FD = 1;
var NOT_STARTED_MESSAGE_MAX_CHARS = 500;
function cacheFolder(env) {
  if (env.GUILDS_CODE_CACHE === "off") return null;
  const home = env.HOME;
  if (!home || !home.startsWith("/") || home.includes("\0")) return null;
  return `${home.replace(/\/+$/, "")}/${CACHE_FOLDER_IN_HOME}`;
}
function requestText(argument) {
  if (argument === void 0 || argument.length > REQUEST_PEEK_MAX_CHARS || !BASE64_ARGUMENT.test(argument)) return null;
  return Buffer.from(argument, "base64").toString("latin1");
}
function readCacheFile(path) {
  try {
    return readRegularFile(path, CODE_CACHE_FILE_MAX_BYTES, import_node_fs2.constants.O_NOFOLLOW);
  } catch {
    return null;
  }
}
function saveCache(folder, name, stamp, script) {
  if (!started) return;
  try {
    const file = encodeCacheFile(stamp, script.createCachedData());
    (0, import_node_fs2.mkdirSync)(folder, { recursive: true, mode: CACHE_FOLDER_MODE });
    if (!(0, import_node_fs2.lstatSync)(folder).isDirectory()) return;
    writeFileAtomic(`${folder}/${name}`, file);
    const staleBefore = Date.now() - OTHER_BUILD_KEPT_MS;
    for (const other of (0, import_node_fs2.readdirSync)(folder)) {
      if (!isStaleCacheFile(BUILD_ID, other)) continue;
      const path = `${folder}/${other}`;
      if ((0, import_node_fs2.lstatSync)(path).mtimeMs < staleBefore) (0, import_node_fs2.rmSync)(path, { force: true });
    }
  } catch {
  }
}
function compile(code, cachedData) {
  return new import_node_vm.Script(WRAPPER_START + code + WRAPPER_END, {
    filename: __filename,
    lineOffset: 233,
    cachedData
  });
}
function bundleStamp() {
  const info = (0, import_node_fs2.statSync)(__filename);
  return `${BUILD_ID} ${info.size} ${Math.round(info.mtimeMs * 1e3)}`;
}
function compiled(code) {
  try {
    const folder = cacheFolder(process.env);
    if (folder === null) return compile(code, void 0);
    const name = cacheFileName(BUILD_ID, process.version, process.arch, cacheKindOf(requestText(process.argv[2])));
    const stamp = bundleStamp();
    const file = readCacheFile(`${folder}/${name}`);
    const cachedData = file === null ? null : decodeCacheFile(stamp, file);
    const script = compile(code, cachedData ?? void 0);
    if (cachedData === null || script.cachedDataRejected === true) {
      process.once("exit", () => saveCache(folder, name, stamp, script));
    }
    return script;
  } catch {
    return compile(code, void 0);
  }
}
function answerNotStarted(error) {
  started = false;
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const message = `the helper could not start (is ${__filename} damaged?): ${reason}`.replace(/\s+/g, " ");
  const kind = "internal";
  const line = Buffer.from(JSON.stringify({ ok: false, error: message.slice(0, NOT_STARTED_MESSAGE_MAX_CHARS), kind })).toString("base64");
  try {
    (0, import_node_fs2.writeSync)(STDOUT_FD, `${line}
`);
  } finally {
    process.exit(0);
  }
}
function run() {
  let script;
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
function guildsCodeBody() {/*
"use strict";

// src/entry.ts
var import_node_fs10 = require("node:fs");

// src/limits.ts
var RESULT_DEFAULT_MAX_BYTES = 8192;
var RESULT_MIN_MAX_BYTES = 1024;
var RESULT_CEILING_MAX_BYTES = 1048576;
var ID_MAX_CHARS = 128;
var REQUEST_FILE_MAX_BYTES = 16 * 1048576;
var QUOTED_NAME_MAX_CHARS = 64;
var CWD_FILE_MAX_BYTES = 4096;
var ERROR_MAX_BYTES = 1024;
var LONG_PATH_SHOWN_CHARS = 200;
var RUNS_KEPT_COUNT = 20;
var FILE_READ_DEFAULT_LIMIT_LINES = 200;
var FILE_READ_MAX_LIMIT_LINES = 500;
var FILE_READ_LINE_MAX_CHARS = 400;
var BINARY_SNIFF_BYTES = 8e3;
var READ_CHUNK_BYTES = 1048576;
var READ_CHUNK_MIN_BYTES = 65536;
var SHA256_WASM_MAX_BYTES = 262144;
var SHELL_DEFAULT_TIMEOUT_SECONDS = 120;
var SHELL_MIN_TIMEOUT_SECONDS = 1;
var SHELL_MAX_TIMEOUT_SECONDS = 600;
var SHELL_KILL_GRACE_MS = 2e3;
var SHELL_SLOW_COMMAND_MS = 1e4;
var SHELL_HEAD_MAX_BYTES = 2048;
var SHELL_LINE_END_REACH_PERCENT = 25;
var SHELL_INLINE_SCRIPT_MAX_BYTES = 65536;
var BACKGROUND_ID_CLAIM_MAX_ATTEMPTS = 1e4;
var STATUS_LOG_TAIL_LINES = 40;
var STATUS_COMMAND_MAX_CHARS = 200;
var STATUS_LOG_TAIL_READ_MAX_BYTES = 65536;
var STOP_KILL_DELAY_SECONDS = 5;
var STOP_SETTLE_WAIT_MS = 1e3;
var STOP_SETTLE_POLL_MS = 25;
var JOB_RECORD_MAX_BYTES = 1048576;
var JOB_STATUS_FILE_MAX_BYTES = 64;
var SHELL_CURSOR_MOVE_MAX_COLUMNS = 1024;
var SHELL_KEPT_ERROR_LINES_MAX = 12;
var SHELL_KEPT_ERRORS_MAX_PERCENT = 25;
var SHELL_KEPT_ERROR_LINE_MAX_BYTES = 200;
var SHELL_ERROR_LINE_SEARCH_BYTES = 1024;
var SHELL_ERROR_SEARCH_MAX_BYTES = 16 * 1048576;
var SEARCH_MAX_FILES = 30;
var SEARCH_MAX_LINES = 40;
var SEARCH_MAX_MATCHES_PER_FILE = 10;
var SEARCH_MAX_CONTEXT_LINES = 5;
var SEARCH_LINE_MAX_CHARS = 300;
var SEARCH_TIMEOUT_SECONDS = 60;
var SEARCH_IGNORED_TIMEOUT_SECONDS = 3;
var SEARCH_SPOOL_MAX_BYTES = 64 * 1048576;
var SEARCH_MATCH_LEAD_CHARS = 60;
var SEARCH_ECHO_MAX_CHARS = 200;
var SEARCH_SHORT_LINE_MAX_BYTES = 65536;
var SEARCH_STATS_MAX_LINES = 24;
var SEARCH_STDERR_KEEP_BYTES = 8192;
var SEARCH_OUTPUT_FILE_CHUNK_BYTES = 1048576;
var SEARCH_SPOOL_READ_BYTES = 524288;
var SEARCH_SPOOL_CHECK_INTERVAL_MS = 10;
var SEARCH_SPOOL_FREE_SPACE_FACTOR = 2;

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
  if (utf8Bytes(text) <= maxBytes) return text;
  const marker = "\n[\u2026 cut to stay under " + maxBytes + " bytes]";
  return prefixWithinBytes(text, maxBytes - utf8Bytes(marker)) + marker;
}
function isContinuationByte(byte) {
  return byte !== void 0 && (byte & 192) === 128;
}
function copyBytes(bytes) {
  return new Uint8Array(bytes);
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
function pathFailure(code, named, longPathShownChars) {
  switch (code) {
    case "ENOENT":
      return noSuchPath(named);
    // A name that is not a folder, followed by more of the path (`a.txt/b`, `a.txt/../b`): the shell's
    // `Not a directory`.
    case "ENOTDIR":
      return notAFolder(named);
    case "ELOOP":
      return new ToolError("invalid_path", `too many levels of links: ${named}`);
    case "EACCES":
    case "EPERM":
      return new ToolError("io", `permission denied: ${named}`);
    case "ENAMETOOLONG":
      return new ToolError("invalid_path", `path too long: ${firstCodePoints(named, longPathShownChars)}\u2026`);
    default:
      return new ToolError("io", `cannot open ${named}: ${code ?? "unknown error"}`);
  }
}
function noSuchPath(named) {
  return new ToolError("not_found", `no such file or folder: ${named}`);
}
function outsideHome(named) {
  return new ToolError("outside_home", `${named} is outside the home; only paths inside it can be read`);
}
function workingDirectoryOutsideHome(cwd) {
  return new ToolError("outside_home", `the working directory ${cwd} is outside the home; give a path inside it`);
}
var KIND_WORDS = {
  file: "a file",
  folder: "a folder",
  fifo: "a FIFO",
  socket: "a socket",
  device: "a device",
  link: "a link",
  other: "not a regular file"
};
function kindWords(kind) {
  return KIND_WORDS[kind];
}
function notAFolder(named) {
  return new ToolError("not_a_folder", `${named} is not a folder`);
}
function notARegularFile(named, kindWords2) {
  return new ToolError("not_a_file", `${named} is ${kindWords2}, not a regular file`);
}
function pathHasNul() {
  return new ToolError("invalid_path", "the path contains a NUL byte");
}
function pathIsEmpty() {
  return new ToolError("invalid_path", "the path is empty");
}
function workingDirectoryNotRecorded(file, failure2) {
  return new ToolError("io", `cannot record the working directory in ${file}: ${failure2}`);
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
  requestFileUnreadable: (path, code) => `cannot read ${path}: ${code ?? "unknown error"}`
};

// src/contract/envelope.ts
function okEnvelope(text, meta) {
  return { ok: true, text, meta };
}
function errorEnvelope(message, kind) {
  return { ok: false, error: oneLine(message), kind };
}
var CLIPPED_ERROR_MARKER = "\u2026";
function oneLine(message) {
  const line = message.replace(/\s*[\r\n\u2028\u2029]+\s*{/}g, " ").trim();
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

// src/contract/tool-names.ts
var OP_NAMES = ["shell", "shell_status", "file_read", "code_search", "code_task"];
var HELPER_OF_TOOL = {
  shell: "guilds-code",
  shell_status: "guilds-code",
  file_read: "guilds-code",
  code_search: "guilds-code",
  code_task: "guilds-harness"
};

// src/contract/request.ts
var ID_PATTERN = /^[A-Za-z0-9_.-]+$/;
function decodeBase64Strict(text) {
  if (text.length === 0) throw invalidRequest(requestReasons.emptyArgument);
  if (!STRICT_BASE64.test(text)) throw invalidRequest(requestReasons.notBase64);
  return Buffer.from(text, "base64");
}
var utf8Strict = new TextDecoder("utf-8", { fatal: true });
function parseRequestBytes(bytes, specs) {
  let text;
  try {
    text = utf8Strict.decode(bytes);
  } catch {
    throw invalidRequest(requestReasons.notUtf8);
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidRequest(requestReasons.notJson);
  }
  return validateRequestWith(value, specs);
}
function isValidId(text) {
  return text.length >= 1 && text.length <= ID_MAX_CHARS && ID_PATTERN.test(text) && text !== "." && text !== "..";
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
function validId(value, field) {
  if (typeof value !== "string") throw invalidRequest(requestReasons.notString(field));
  if (!isValidId(value)) throw invalidRequest(requestReasons.notId(field));
  return value;
}
function validateRequestWith(value, specs) {
  const known = OP_NAMES.filter((name) => specs[name] !== void 0);
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
  const rawArgs = value.args ?? {};
  if (!isPlainObject(rawArgs)) throw invalidRequest(requestReasons.notJsonObject("args"));
  const args = checkArgs(op, specs[op], rawArgs);
  return { op, args, runId, agentId, callId, defaultCwd, maxBytes };
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
function codeOrMessage(error) {
  const code = errorCode(error);
  if (code !== void 0) return code;
  return error instanceof Error ? error.message : String(error);
}

// src/text/paths.ts
function normalizeAbsolute(path) {
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
function resolveShownPath(input, cwd, home, homeAlias2, isRealFolder2) {
  const homeParts = home.split("/").filter(Boolean);
  const aliasParts = homeAlias2 === null ? null : homeAlias2.split("/").filter(Boolean);
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
      if (top !== ".." && isRealFolder2("/" + parts.join("/"))) parts.pop();
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

// src/tools/context.ts
function specsOf(ops) {
  const specs = {};
  for (const name of Object.keys(ops)) specs[name] = ops[name].spec;
  return specs;
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
  try {
    return new TextDecoder().decode(io.fs.readFile(cwdFile(io, runId), CWD_FILE_MAX_BYTES));
  } catch {
    return void 0;
  }
}
function loadWorkingDirectory(io, runId, defaultCwd) {
  const recorded = recordedText(io, runId);
  if (recorded !== void 0 && recorded.startsWith("/") && !/[\0\n]/.test(recorded)) {
    const folder = normalizeAbsolute(recorded);
    if (isFolder(io, folder)) return folder;
  }
  const fallback = defaultWorkingDirectory(io, defaultCwd);
  return isFolder(io, fallback) ? fallback : io.home;
}
function saveWorkingDirectory(io, runId, folder) {
  if (recordedText(io, runId) === folder) return;
  try {
    io.fs.makeFolder(runFolder(io, runId));
    io.fs.writeFileAtomic(cwdFile(io, runId), folder);
  } catch (error) {
    throw workingDirectoryNotRecorded(cwdFile(io, runId), stateFailure(error));
  }
}

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
function recordedJobNumbers(io, folder) {
  let names;
  try {
    names = io.fs.listFolder(folder);
  } catch {
    return [];
  }
  const numbers = [];
  for (const name of names) {
    const match = RECORD_FILE_PATTERN.exec(name);
    if (match) numbers.push(Number(match[1]));
  }
  return numbers.sort((a, b) => a - b);
}
var JOB_FILE_PATTERN = /^b([1-9][0-9]{0,8})\.(?:json|exit|stop|killed)$/;
function highestJobNumber(io, folder) {
  let names;
  try {
    names = io.fs.listFolder(folder);
  } catch {
    return 0;
  }
  let highest = 0;
  for (const name of names) {
    const match = JOB_FILE_PATTERN.exec(name);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return highest;
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
    if (record.pid === null) return [];
    if (!this.io.background.groupExists(record.pid)) return [];
    const members = this.groupMembers(record.pid);
    const { background } = this.io;
    return members.filter((pid) => {
      if (pid === record.pid || pid === background.ownPid) return false;
      const stat = background.processStat(pid);
      return stat !== null && stat.state !== "Z" && stat.processGroup === record.pid && stat.session === record.pid && background.environmentHas(pid, marker);
    });
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
function deriveState(files, record, alive) {
  if (files.stopRequestedAtMs !== null) return alive ? { kind: "stopping" } : { kind: "stopped" };
  if (files.exitCode !== null) return { kind: "exited", exitCode: files.exitCode };
  if (record.pid === null) return { kind: "ended" };
  return alive ? { kind: "running" } : { kind: "ended" };
}
function endTime(io, files, record, alive, now) {
  if (files.exitCode !== null && files.endedAtMs !== null) return files.endedAtMs;
  if (alive) return now;
  if (files.endedAtMs !== null) return files.endedAtMs;
  const lastOutput = io.fs.lstat(record.log_path)?.mtimeMs ?? record.started_at_ms;
  return Math.max(record.started_at_ms, lastOutput, files.stopRequestedAtMs ?? 0);
}
function jobStatus(io, folder, files, table) {
  const record = files.record;
  if (record === null) return null;
  const alive = record.pid !== null && table.jobAlive(record, jobMarker(folder, files.id));
  const current = !alive && files.exitCode === null ? readJobFiles(io, folder, files.id) ?? files : files;
  const now = io.now();
  const elapsedMs = Math.max(0, endTime(io, current, record, alive, now) - record.started_at_ms);
  return { files: current, record, state: deriveState(current, record, alive), alive, elapsedMs };
}

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
  try {
    const info = io.fs.lstat(folder);
    if (info !== null) {
      if (info.kind === "folder") io.fs.touch(folder);
      return;
    }
    pruneRuns(io, agentId, RUNS_KEPT_COUNT - 1);
    io.fs.makeFolder(folder);
  } catch {
  }
}

// src/app.ts
function requestsFolder(io) {
  return joinPath(io.runDir, "requests");
}
function readRequestFile(io, path) {
  if (path.includes("\0") || normalizeAbsolute(path) !== path || dirName(path) !== requestsFolder(io)) {
    throw invalidRequest(requestReasons.requestFileOutside(requestsFolder(io)));
  }
  if (!isRequestFileName(baseName(path))) {
    throw invalidRequest(requestReasons.requestFileMisnamed(path));
  }
  const info = io.fs.lstat(path);
  if (info === null) throw invalidRequest(requestReasons.noRequestFile(path));
  if (info.kind !== "file") throw invalidRequest(requestReasons.requestFileNotRegular(path));
  try {
    return io.fs.readFile(path, REQUEST_FILE_MAX_BYTES);
  } catch (error) {
    const code = errorCode(error);
    if (code === "EFBIG") throw invalidRequest(requestReasons.requestFileTooLarge(REQUEST_FILE_MAX_BYTES));
    if (code === "EISDIR" || code === "EFTYPE") throw invalidRequest(requestReasons.requestFileNotRegular(path));
    throw invalidRequest(requestReasons.requestFileUnreadable(path, code));
  } finally {
    removeRequestFile(io, path);
  }
}
function removeRequestFile(io, path) {
  try {
    io.fs.removeFile(path);
  } catch {
  }
}
function decodeArgument(io, argument, ops) {
  if (argument === void 0) throw invalidRequest(requestReasons.noArgument);
  const bytes = argument.startsWith("/") ? readRequestFile(io, argument) : decodeBase64Strict(argument);
  return parseRequestBytes(bytes, specsOf(ops));
}
function runTool(ops, name, context) {
  const tool = ops[name];
  return tool.run(context, tool.resolve(context.request.args));
}
async function handle(io, argument, ops) {
  try {
    return await answer(io, decodeArgument(io, argument, ops), ops);
  } catch (error) {
    return failureEnvelope(error);
  }
}
async function answer(io, request, ops) {
  noteRunUse(io, request.runId, request.agentId);
  const cwd = loadWorkingDirectory(io, request.runId, request.defaultCwd);
  const result = await runTool(ops, request.op, { io, request, cwd });
  return okEnvelope(capText(result.text, request.maxBytes), result.meta);
}

// src/contract/environment.ts
var REPO_TOKENS_VARIABLE = "GUILD_REPO_TOKENS";
var NODE_EXTRA_CA_CERTS_VARIABLE = "NODE_EXTRA_CA_CERTS";
var HANDED_ON_EXTRA_CA_CERTS_VARIABLE = "GUILDS_NODE_EXTRA_CA_CERTS";
var DEFAULT_RUN_DIR = "/run/guilds";
var RUN_DIR_VARIABLE = "GUILDS_RUN_DIR";

// src/io/node/home.ts
var import_node_fs = require("node:fs");
function homeFolder(named) {
  if (!named || !named.startsWith("/")) throw homeNotAbsolute();
  let real;
  try {
    real = import_node_fs.realpathSync.native(named);
  } catch {
    throw homeMissing(named);
  }
  if (!(0, import_node_fs.statSync)(real).isDirectory()) throw homeNotAFolder(named);
  return real;
}

// src/io/node/index.ts
var import_node_fs9 = require("node:fs");

// src/io/node/search.ts
var import_node_fs5 = require("node:fs");

// src/io/node/spawn.ts
var import_node_events = require("node:events");

// src/io/node/modules.ts
var nodeRequire = (id) => typeof require === "function" ? require(id) : process.getBuiltinModule(id);
function loadCrypto() {
  return nodeRequire("node:crypto");
}
function loadChildProcess() {
  return nodeRequire("node:child_process");
}
function loadOs() {
  return nodeRequire("node:os");
}
function loadUtil() {
  return nodeRequire("node:util");
}

// src/io/node/spawn.ts
var processHandleClass;
function processHandle() {
  if (processHandleClass !== void 0) return processHandleClass;
  processHandleClass = null;
  try {
    const binding = process.binding("process_wrap");
    if (typeof binding.Process === "function") processHandleClass = binding.Process;
  } catch {
  }
  return processHandleClass;
}
function directStdio(stdio) {
  const entries = typeof stdio === "string" ? [stdio, stdio, stdio] : stdio;
  if (entries.length !== 3) return null;
  const direct = [];
  for (const entry of entries) {
    if (entry === "ignore") direct.push({ type: "ignore" });
    else if (typeof entry === "number" && Number.isInteger(entry) && entry >= 0) direct.push({ type: "fd", fd: entry });
    else return null;
  }
  return direct;
}
function environmentPairs(env) {
  const source = env ?? process.env;
  const pairs = [];
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (value !== void 0) pairs.push(`${key}=${value}`);
  }
  return pairs;
}
var DirectChild = class extends import_node_events.EventEmitter {
  stdin = null;
  stdout = null;
  stderr = null;
  pid;
  handle;
  constructor(handle2, file, args, options, stdio, envPairs) {
    super();
    this.handle = handle2;
    handle2.onexit = (exitCode, signalCode) => {
      handle2.close();
      this.handle = null;
      if (exitCode < 0) this.emit("error", spawnError(exitCode, file));
      else this.emit("exit", signalCode ? null : exitCode, signalCode || null);
    };
    const status = handle2.spawn({
      file,
      args: [file, ...args],
      cwd: options.cwd,
      envPairs,
      stdio,
      detached: options.detached,
      windowsHide: false,
      windowsVerbatimArguments: false
    });
    if (status !== 0) {
      handle2.close();
      this.handle = null;
      process.nextTick(() => this.emit("error", spawnError(status, file)));
      return;
    }
    this.pid = handle2.pid;
  }
  kill(signal = "SIGTERM") {
    if (this.handle === null || this.pid === void 0) return false;
    try {
      process.kill(this.pid, signal);
      return true;
    } catch {
      return false;
    }
  }
  unref() {
    this.handle?.unref();
  }
};
function spawnError(status, file) {
  let code;
  try {
    code = loadUtil().getSystemErrorName(status);
  } catch {
    code = `errno ${status}`;
  }
  const error = new Error(`spawn ${file} ${code}`);
  error.code = code;
  error.errno = status;
  error.syscall = `spawn ${file}`;
  error.path = file;
  return error;
}
function spawnDirect(file, args, options) {
  const stdio = directStdio(options.stdio);
  const Handle = stdio === null || pendingDeprecationWarnings() ? null : processHandle();
  if (Handle === null || stdio === null) return null;
  const envPairs = environmentPairs(options.env);
  if ([file, ...args, ...envPairs].some((text) => text.includes("\0"))) return null;
  return new DirectChild(new Handle(), file, args, options, stdio, envPairs);
}
function spawnWithChildProcess(file, args, options) {
  return loadChildProcess().spawn(file, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: options.stdio,
    detached: options.detached
  });
}
function spawnChild(file, args, options) {
  return spawnDirect(file, args, options) ?? spawnWithChildProcess(file, args, options);
}
var PENDING_DEPRECATION_FLAG = /--pending[-_]deprecation/;
function pendingDeprecationWarnings() {
  return process.execArgv.some((flag) => PENDING_DEPRECATION_FLAG.test(flag)) || PENDING_DEPRECATION_FLAG.test(process.env.NODE_OPTIONS ?? "") || process.env.NODE_PENDING_DEPRECATION === "1";
}

// src/io/node/child.ts
var SupervisedChild = class {
  /**
   * Spawn the child (a failure to spawn is thrown, before any timer or listener exists) and watch
   * it: `stop` is called at `timeoutMs` and at each stop signal the helper receives until settled.
   *{/}
  constructor(start, timeoutMs, stop) {
    this.stop = stop;
    this.process = spawnChild(start.file, start.args, {
      cwd: start.cwd,
      env: start.env,
      stdio: start.stdio,
      detached: start.detached ?? false
    });
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.stop("timeout");
    }, timeoutMs);
    process.on("SIGTERM", this.onSignal);
    process.on("SIGINT", this.onSignal);
  }
  stop;
  process;
  timedOut = false;
  interruptedBy = null;
  settled = false;
  timer;
  onSignal = (signal) => {
    this.interruptedBy ??= signal;
    this.stop(signal);
  };
  /** The child itself has ended: its time limit no longer applies (stop signals still do). *{/}
  disarmTimer() {
    clearTimeout(this.timer);
  }
  /** Stop watching: the timer and the signal listeners go. True only the first time. *{/}
  settle() {
    if (this.settled) return false;
    this.settled = true;
    clearTimeout(this.timer);
    process.off("SIGTERM", this.onSignal);
    process.off("SIGINT", this.onSignal);
    return true;
  }
  get isSettled() {
    return this.settled;
  }
};
function startDetached(start) {
  const child = spawnChild(start.file, start.args, { cwd: start.cwd, env: start.env, stdio: start.stdio, detached: true });
  child.on("error", () => void 0);
  child.unref();
  if (child.pid === void 0) throw new Error(`${start.file} could not be started`);
  return child.pid;
}

// src/io/node/search-find.ts
var import_node_fs2 = require("node:fs");

// src/io/search-types.ts
var RipgrepError = class extends Error {
  constructor(failure2) {
    super(failure2.code);
    this.failure = failure2;
    this.name = "RipgrepError";
    this.code = failure2.code;
  }
  failure;
  code;
};

// src/io/node/search-find.ts
var import_meta = {};
function isExecutableFile(path) {
  try {
    if (!(0, import_node_fs2.statSync)(path).isFile()) return false;
    (0, import_node_fs2.accessSync)(path, import_node_fs2.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
function ownFile() {
  if (typeof __filename === "string") return __filename;
  return new URL(import_meta.url).pathname;
}
function parentFolder(path) {
  const cut = path.lastIndexOf("/");
  return cut <= 0 ? "/" : path.slice(0, cut);
}
function vscodeRipgrepPackage() {
  return `@vscode/ripgrep-${process.platform}-${process.arch}`;
}
function developmentRipgrep() {
  const start = parentFolder(ownFile());
  const relative = `node_modules/${vscodeRipgrepPackage()}/bin/rg`;
  for (let folder = start; ; folder = parentFolder(folder)) {
    const candidate = `${folder === "/" ? "" : folder}/${relative}`;
    if (isExecutableFile(candidate)) return { found: candidate, from: start };
    if (folder === "/") return { found: null, from: start };
  }
}
function findRipgrepIn(env) {
  const configured = env.GUILDS_RG;
  if (configured) {
    if (configured.startsWith("/") && isExecutableFile(configured)) return configured;
    throw new RipgrepError({ code: "RG_CONFIGURED_NOT_EXECUTABLE", configured });
  }
  for (const folder of (env.PATH ?? "").split(":")) {
    if (!folder.startsWith("/")) continue;
    const candidate = `${folder}/rg`;
    if (isExecutableFile(candidate)) return candidate;
  }
  const development = developmentRipgrep();
  if (development.found) return development.found;
  throw new RipgrepError({ code: "RG_NOT_FOUND", packageName: vscodeRipgrepPackage(), searchedFrom: development.from });
}

// src/io/node/search-scratch.ts
var import_node_fs4 = require("node:fs");

// src/io/node/process.ts
var import_node_fs3 = require("node:fs");
var STAT_STATE_INDEX = 0;
var STAT_PROCESS_GROUP_INDEX = 2;
var STAT_SESSION_INDEX = 3;
var STAT_START_TICKS_INDEX = 19;
var temporaryCounter = 0;
function temporaryPathBeside(path) {
  return `${path}.${process.pid}.${++temporaryCounter}.tmp`;
}
function signalProcessGroup(processGroup, signal) {
  if (!Number.isInteger(processGroup) || processGroup <= 1) return false;
  try {
    process.kill(-processGroup, signal);
    return true;
  } catch {
    return false;
  }
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
    processGroup: Number(fields[STAT_PROCESS_GROUP_INDEX]),
    session: Number(fields[STAT_SESSION_INDEX]),
    startTicks
  };
}
function readProcessStat(pid) {
  let text;
  try {
    text = (0, import_node_fs3.readFileSync)(`/proc/${pid}/stat`, "latin1");
  } catch {
    return null;
  }
  return parseProcessStat(pid, text);
}
function listProcessIds() {
  return (0, import_node_fs3.readdirSync)("/proc").filter((name) => /^[1-9][0-9]*$/.test(name)).map(Number);
}
function isRunningState(state) {
  return state !== "Z" && state !== "X";
}

// src/io/node/search-scratch.ts
var SCRATCH_OPEN_FLAGS = import_node_fs4.constants.O_RDWR | import_node_fs4.constants.O_CREAT | import_node_fs4.constants.O_EXCL | import_node_fs4.constants.O_NOFOLLOW;
function scratchFolder() {
  return process.env.TMPDIR?.startsWith("/") ? process.env.TMPDIR : "/tmp";
}
function openScratchFile() {
  const path = temporaryPathBeside(`${scratchFolder().replace(/\/+$/, "")}/guilds-code-rg`);
  let fd;
  try {
    fd = (0, import_node_fs4.openSync)(path, SCRATCH_OPEN_FLAGS, 384);
  } catch {
    return null;
  }
  try {
    (0, import_node_fs4.unlinkSync)(path);
  } catch {
    (0, import_node_fs4.closeSync)(fd);
    return null;
  }
  return fd;
}
function openOutputFiles() {
  const stdoutFd = openScratchFile();
  const stderrFd = stdoutFd === null ? null : openScratchFile();
  if (stdoutFd !== null && stderrFd !== null) return { stdoutFd, stderrFd };
  if (stdoutFd !== null) (0, import_node_fs4.closeSync)(stdoutFd);
  return null;
}
function roomInScratchFolder(bytes) {
  if (typeof import_node_fs4.statfsSync !== "function") return false;
  try {
    const space = (0, import_node_fs4.statfsSync)(scratchFolder());
    return space.bavail * space.bsize >= bytes;
  } catch {
    return false;
  }
}
function readBack(fd, position, onBytes, pieceBytes, reused) {
  for (; ; ) {
    const left = (0, import_node_fs4.fstatSync)(fd).size - position;
    if (left <= 0) return position;
    const chunk = reused ?? Buffer.allocUnsafe(Math.min(left, pieceBytes));
    const read = (0, import_node_fs4.readSync)(fd, chunk, 0, Math.min(left, chunk.length), position);
    if (read === 0) return position;
    position += read;
    onBytes(read === chunk.length ? chunk : chunk.subarray(0, read));
  }
}
function readStart(fd, maxBytes) {
  const kept = Buffer.allocUnsafe(maxBytes);
  return kept.toString("utf8", 0, (0, import_node_fs4.readSync)(fd, kept, 0, kept.length, 0));
}

// src/io/node/search.ts
function makeSearchProcesses(limits) {
  return {
    findRipgrep: findRipgrepIn,
    run(run) {
      if (run.output === "line-per-file") {
        const files = openOutputFiles();
        if (files !== null) return runOnce(run, { kind: "files", ...files });
      } else if (roomInScratchFolder(SEARCH_SPOOL_FREE_SPACE_FACTOR * limits.spoolMaxBytes)) {
        const files = openOutputFiles();
        if (files !== null) return runSpooled(run, { kind: "spool", ...files, maxBytes: limits.spoolMaxBytes });
      }
      return runOnce(run, { kind: "pipes" });
    }
  };
}
var nodeSearchProcesses = makeSearchProcesses({ spoolMaxBytes: SEARCH_SPOOL_MAX_BYTES });
async function runSpooled(run, output) {
  const started = performance.now();
  let heard;
  const hear = (signal) => {
    heard ??= signal;
  };
  process.on("SIGTERM", hear);
  process.on("SIGINT", hear);
  try {
    const spooled = await runOnce(run, output);
    if (spooled !== null) return spooled;
    if (heard !== void 0) return { exit: { exitCode: null, stderr: "", timedOut: false, interruptedBy: heard }, sink: run.newSink() };
    const timeoutMs = Math.max(0, run.timeoutMs - (performance.now() - started));
    return await runOnce({ ...run, timeoutMs }, { kind: "pipes" });
  } finally {
    process.off("SIGTERM", hear);
    process.off("SIGINT", hear);
  }
}
function runOnce(run, output) {
  const sink = run.newSink();
  return new Promise((resolve, reject) => {
    new RipgrepAttempt(run, output, sink, (exit) => resolve(exit === null ? null : { exit, sink }), reject).start();
  });
}
function startFailure(run, error) {
  const failure2 = error;
  return new RipgrepError({ code: "RG_CANNOT_START", binary: run.binary, cause: failure2.code ?? failure2.message });
}
function spoolFailed(overflowed, code, signal, stderr) {
  if (overflowed || signal === "SIGXFSZ") return true;
  return code === 2 && stderr.trim() === "";
}
var RipgrepAttempt = class {
  constructor(run, output, sink, resolve, reject) {
    this.run = run;
    this.output = output;
    this.resolve = resolve;
    this.reject = reject;
    this.feed = (chunk) => sink.feed(chunk);
  }
  run;
  output;
  resolve;
  reject;
  child;
  stderr = "";
  stderrBytes = 0;
  exited = false;
  failure = null;
  overflowed = false;
  spoolRead = 0;
  watch;
  feed;
  start() {
    const { run, output } = this;
    try {
      const cwd = run.folder ? `/proc/self/fd/${run.folder.descriptor()}` : run.cwd;
      const stdin = run.input ? run.input.descriptor() : "ignore";
      const stdio = output.kind === "pipes" ? [stdin, "pipe", "pipe"] : [stdin, output.stdoutFd, output.stderrFd];
      this.child = new SupervisedChild({ file: run.binary, args: run.args, cwd, stdio }, run.timeoutMs, (reason) => this.stop(reason));
    } catch (error) {
      this.closeFiles();
      this.reject(startFailure(run, error));
      return;
    }
    if (output.kind === "spool") this.watchSpool(output);
    this.child.process.on(
      "error",
      (error) => this.settle(() => {
        throw startFailure(run, error);
      })
    );
    if (output.kind === "pipes") this.readPipes();
    else this.readFilesAtExit(output);
  }
  get stopping() {
    return this.child.timedOut || this.child.interruptedBy !== null;
  }
  stop(reason) {
    this.kill();
    if (reason === "timeout" && this.exited && this.output.kind === "pipes") this.abandonPipes();
  }
  kill() {
    this.child.process.kill("SIGKILL");
  }
  closeFiles() {
    if (this.output.kind === "pipes") return;
    (0, import_node_fs5.closeSync)(this.output.stdoutFd);
    (0, import_node_fs5.closeSync)(this.output.stderrFd);
  }
  settle(outcome) {
    if (!this.child.settle()) return;
    if (this.watch !== void 0) clearInterval(this.watch);
    try {
      if (this.failure !== null) throw this.failure;
      this.resolve(outcome());
    } catch (error) {
      this.reject(error);
    } finally {
      this.closeFiles();
    }
  }
  exitOf(code) {
    const { stderr } = this;
    const { timedOut, interruptedBy } = this.child;
    return interruptedBy !== null ? { exitCode: null, stderr, timedOut, interruptedBy } : { exitCode: timedOut ? null : code, stderr, timedOut };
  }
  /**
   * 'close' waits for the pipes as well as the process: a child that the binary left behind (a
   * wrapper script's) may hold them open for as long as it likes. Past the limit, once the process
   * itself is gone, its pipes are given up.
   *{/}
  abandonPipes() {
    this.child.process.stdout?.destroy();
    this.child.process.stderr?.destroy();
    this.settle(() => this.exitOf(null));
  }
  /**
   * The spool is read as it grows, so that its lines are taken in while ripgrep searches on, and is
   * given up as soon as it passes its cap; one that ends a little past it between two looks is whole.
   *{/}
  watchSpool(output) {
    const buffer = Buffer.allocUnsafe(SEARCH_SPOOL_READ_BYTES);
    this.watch = setInterval(() => {
      if (this.exited || this.stopping || this.overflowed || this.failure !== null) return;
      try {
        this.spoolRead = readBack(output.stdoutFd, this.spoolRead, this.feed, SEARCH_OUTPUT_FILE_CHUNK_BYTES, buffer);
      } catch (error) {
        this.failure = error;
        this.kill();
        return;
      }
      if (this.spoolRead <= output.maxBytes) return;
      this.overflowed = true;
      this.kill();
    }, SEARCH_SPOOL_CHECK_INTERVAL_MS);
  }
  /** Temporary files: once ripgrep is gone, its stderr's start and the rest of its stdout. *{/}
  readFilesAtExit(output) {
    const reused = output.kind === "spool" ? Buffer.allocUnsafe(SEARCH_SPOOL_READ_BYTES) : void 0;
    this.child.process.on(
      "exit",
      (code, signal) => this.settle(() => {
        this.exited = true;
        this.stderr = readStart(output.stderrFd, SEARCH_STDERR_KEEP_BYTES);
        if (output.kind === "spool" && !this.stopping && spoolFailed(this.overflowed, code, signal, this.stderr)) return null;
        readBack(output.stdoutFd, this.spoolRead, this.feed, SEARCH_OUTPUT_FILE_CHUNK_BYTES, reused);
        return this.exitOf(code);
      })
    );
  }
  readPipes() {
    const child = this.child.process;
    child.stdout.on("data", (chunk) => {
      if (this.failure !== null || this.child.isSettled) return;
      try {
        this.feed(chunk);
      } catch (error) {
        this.failure = error;
        this.kill();
      }
    });
    child.stderr.on("data", (chunk) => {
      if (this.stderrBytes >= SEARCH_STDERR_KEEP_BYTES) return;
      const kept = chunk.subarray(0, SEARCH_STDERR_KEEP_BYTES - this.stderrBytes);
      this.stderrBytes += kept.length;
      this.stderr += kept.toString("utf8");
    });
    child.on("exit", () => {
      this.exited = true;
      if (this.child.timedOut) this.abandonPipes();
    });
    child.on("close", (code) => this.settle(() => this.exitOf(code)));
  }
};

// src/io/sha256-wasm-bytes.ts
function sha256WasmBytes() {
  const words = new Int32Array([1836278016, 1, 1610679553, 50364161, 83886338, 16777475, 2130908422, -2139078400, 8325890, 41975873, 1090551563, 118162048, 1829111090, 1919905125, 100663929, 1684957559, 227183, 1852405515, 1115123556, 1936028793, 1929707779, 1702125940, 1644560899, 1801678700, 167772275, -687797542, 2130903818, 2131328513, 18939939, 1073954818, 222625824, 553664769, 541065986, 1778524161, 553648680, 537010179, 1947746563, 406913824, 52458102, 1098123329, 133988480, 1090723953, -2143193592, 1920009214, -2147338638, 1090658308, 35809796, 1224785985, 51052557, 671227968, 553894914, -1392304125, 1118634784, 562333216, 1107566596, 69240839, -2054679998, 1090724007, 561214979, 671227909, 553908226, -1392304125, 1118634784, 562333216, 537010180, 1107566597, 69240849, -2054679742, 1090724007, 1785951754, 36176416, 35652580, 62915112, 37120618, 35652736, 577373249, 41959682, 184552777, 36175937, 102826624, 36175937, 119603844, 36175937, 136381064, 36175937, 153158284, 36175937, 169935504, 36175937, 186712724, 36175937, 203489944, 36175937, 220267164, 35717185, 169885699, -1391845203, -2071584702, 220202017, 104989728, 1107566728, 545622027, -2011610620, 543860613, 537534476, 1930174475, 35681137, 536871464, -2147342334, 1785358852, 153093409, 560596256, -1392107511, 1118635552, 562333216, 537206788, -2013117948, 222430240, 69240200, -2054678974, 102787751, 544278304, 537272328, 1920037383, 537731434, 153136393, -2044706131, 537141636, 1107566604, 69240838, -2054681790, 423756832, 1789363592, 153094944, 186649120, 544436595, 67250178, 36176416, 1785332868, 537207146, 1778720776, 220203041, -1391648595, -2071584702, 85984289, 37880864, 1107566728, 545622029, -2011807228, 543860613, 1896226829, 220202784, 1903298080, 203516530, 548210720, 541240584, 69305478, 69208864, 545785410, -2012528124, 1107566725, -1484421095, 537534570, 537468936, 1936814858, 36176416, 671227912, 1778681858, 86076010, 85985056, 537338218, 203468044, -2044706131, 537141636, 1107566597, 69240834, -2054681278, 373425184, 1789363592, 220204064, 537272433, 1913462796, 560624241, -1392041973, 1118635808, 562333216, 537534468, -2012855804, 188875808, 69240200, -2054678206, 153119399, 136316704, 1903364384, 671228019, 35654658, 76284456, 560622186, 537272325, 102853125, 548211488, 541240587, 69305478, 69207328, 545784386, -2012397052, 1107566725, -1484421098, 537600106, 220229900, 203426592, 1785885042, 102763041, -1392107347, -2071584702, 153093153, 104989728, 1107566728, 545622027, -2011610620, 543860613, 537272328, 1929912327, 35681137, 537920040, -1878906878, 1785358852, 220202273, 560596256, -1391845363, 1118636576, 562333216, 537206788, -2013117948, 222430240, 69240200, -2054678974, 169896615, 544279328, 537534476, 1920037387, 537469290, 220245261, -2044706131, 537141636, 1107566600, 69240838, -2054681790, 423756832, 1789363592, 220202784, 119539232, 544436595, 335685634, 36176416, 1785332884, 537207146, 1778720780, 153095201, -1391910739, -2071584702, 85984289, 37880864, 1107566728, 545622029, -2011807228, 543860613, 1896488969, 153094944, 1903299104, 136407666, 548211744, 541240588, 69305478, 69207840, 545785410, -2012528124, 1107566725, -1484421095, 537272426, 537731084, 1936814854, 36176416, 671227928, 1778685954, 86076010, 85986080, 537600362, 136359176, -2044706131, 537141636, 1107566597, 69240834, -2054681278, 373425184, 1789363592, 153094176, 537534577, 1913200648, 560624241, -1391779833, 1118636832, 562333216, 537272324, -2012855804, 188875808, 69240200, -2054678206, 220228263, 203426592, 1903365408, 671228019, 35658754, 77333032, 560622186, 537534469, 169961989, 548210464, 541240583, 69305478, 69207328, 545784386, -2012397052, 1107566725, -1484421098, 537337962, 153121032, 136316704, 1785885042, 35653153, 577380417, 41959682, 184552777, 4259905, 41943592, 912918048, 1090682882, 671105280, 537035778, 37120519, 4260484, 36175937, 136315528, -2013120918, 1090535682, -1946015744, 1778982914, 42730038, 4259905, 42992168, 912919072, 1090686978, 671105280, 537039874, 37120523, 4260500, 36175937, 203424408, -1744685462, 1090535682, -1677580288, 1779245058, 43778614, -1069481696, 18967040, 21037088, 201335147, 185273088, 33729803, 184566016, 798491264, 1150370442, -70291145, -609897024, -1034163787, 301021526, -2103158287, 1591054911, -1432835300, 1526847495, -2051140989, 2109940785, 1567905036, -1308724546, 111640798, -244016164, 1774305691, 1200022683, -1647906882, -1580462143, 745481228, -2069221911, -1445180812, -1998955344, 1364358905, -965896130, 667461681, 2143793155, 200523609, -1857567008, 1666307495, 694617802, 176493609, 557328311, 1845243419, 219368748, 1934906168, 180053258, -919701910, 746947010, -392064398, 1716232895, -1955551206, 1369686603, -400963732, 103076242, 897963673, -1603210226, -1055518614, 1812470180, 2001477175, -1128978616, 213071024, -1437976292, -900772136, 1878219676, -2098304978, 1668248719, 2014607525, 34112712, -357177, 1827377342, -1544051632, 2029174521, 1090569841, 537592448, 1779033703, -1150833019, 1013904242, -1521486534, 1359893119, -1694144372, 528734635, 1541459225]);
  const packed = new Uint8Array(words.buffer);
  if (new Uint8Array(Uint16Array.of(1).buffer)[0] === 1) return packed.subarray(0, 1776);
  const bytes = new Uint8Array(1776);
  for (let i = 0; i < bytes.length; i++) bytes[i] = packed[i ^ 3];
  return bytes;
}

// src/io/sha256-wasm.ts
var BLOCK_BYTES = 64;
var LENGTH_FIELD_BYTES = 8;
var END_MARKER = 128;
var BYTES_PER_HIGH_LENGTH_UNIT = 2 ** 29;
function bitLengthWords(totalBytes) {
  return [Math.floor(totalBytes / BYTES_PER_HIGH_LENGTH_UNIT), totalBytes % BYTES_PER_HIGH_LENGTH_UNIT * 8];
}
var compiled;
function sha256Module() {
  compiled ??= new WebAssembly.Module(sha256WasmBytes());
  return compiled;
}
var WasmSha256 = class {
  wasm;
  memory;
  window;
  windowBytes;
  /** Bytes copied into the window and not compressed yet. *{/}
  filled = 0;
  totalBytes = 0;
  digest = null;
  constructor() {
    this.wasm = new WebAssembly.Instance(sha256Module()).exports;
    this.memory = new Uint8Array(this.wasm.memory.buffer);
    this.window = this.wasm.window.value;
    this.windowBytes = this.wasm.windowBytes.value;
  }
  update(bytes) {
    if (this.digest !== null) throw new Error("SHA-256: update after the digest was taken");
    this.totalBytes += bytes.length;
    let offset = 0;
    while (offset < bytes.length) {
      const take = Math.min(this.windowBytes - this.filled, bytes.length - offset);
      this.memory.set(bytes.subarray(offset, offset + take), this.window + this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.windowBytes) {
        this.wasm.blocks(this.windowBytes / BLOCK_BYTES);
        this.filled = 0;
      }
    }
  }
  hexDigest() {
    if (this.digest !== null) return this.digest;
    const wholeBytes = this.filled - this.filled % BLOCK_BYTES;
    if (wholeBytes > 0) {
      this.wasm.blocks(wholeBytes / BLOCK_BYTES);
      this.memory.copyWithin(this.window, this.window + wholeBytes, this.window + this.filled);
    }
    const tail = this.filled - wholeBytes;
    const paddedBlocks = tail + 1 + LENGTH_FIELD_BYTES <= BLOCK_BYTES ? 1 : 2;
    const end = this.window + paddedBlocks * BLOCK_BYTES;
    this.memory.fill(0, this.window + tail, end);
    this.memory[this.window + tail] = END_MARKER;
    const view = new DataView(this.memory.buffer);
    const [high, low] = bitLengthWords(this.totalBytes);
    view.setUint32(end - LENGTH_FIELD_BYTES, high);
    view.setUint32(end - LENGTH_FIELD_BYTES + 4, low);
    this.wasm.blocks(paddedBlocks);
    let hex = "";
    const state = this.wasm.state.value;
    for (let word = 0; word < 8; word++) hex += view.getUint32(state + 4 * word, true).toString(16).padStart(8, "0");
    this.digest = hex;
    return hex;
  }
};

// src/io/node/background.ts
var import_node_fs7 = require("node:fs");

// src/io/node/files.ts
var import_node_fs6 = require("node:fs");
var OPEN_READ_FLAGS = import_node_fs6.constants.O_RDONLY | import_node_fs6.constants.O_NONBLOCK | import_node_fs6.constants.O_NOCTTY;
var READ_FILE_CHUNK_BYTES = 65536;
function codedError(code, message) {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}
function readRegularFile(path, maxBytes, extraFlags = 0) {
  const fd = (0, import_node_fs6.openSync)(path, OPEN_READ_FLAGS | extraFlags);
  try {
    const stats = (0, import_node_fs6.fstatSync)(fd);
    if (stats.isDirectory()) throw codedError("EISDIR", `${path} is a folder`);
    if (!stats.isFile()) throw codedError("EFTYPE", `${path} is not a regular file`);
    const chunks = [];
    let total = 0;
    let chunkBytes = Math.max(READ_FILE_CHUNK_BYTES, stats.size + 1);
    for (; ; ) {
      const chunk = Buffer.allocUnsafe(Math.min(chunkBytes, maxBytes - total + 1));
      chunkBytes = READ_FILE_CHUNK_BYTES;
      const read = (0, import_node_fs6.readSync)(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      total += read;
      if (total > maxBytes) throw codedError("EFBIG", `${path} passes ${maxBytes} bytes`);
      chunks.push(chunk.subarray(0, read));
    }
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
  } finally {
    (0, import_node_fs6.closeSync)(fd);
  }
}
function writeFileAtomic(path, data) {
  const temp = temporaryPathBeside(path);
  try {
    (0, import_node_fs6.writeFileSync)(temp, data, { mode: 384 });
    (0, import_node_fs6.renameSync)(temp, path);
  } catch (error) {
    removeFileIfPresent(temp);
    throw error;
  }
}
function removeFileIfPresent(path) {
  try {
    (0, import_node_fs6.unlinkSync)(path);
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
}

// src/io/node/background.ts
var SUPERVISOR_SCRIPT = [
  "trap : TERM INT HUP",
  "exit_path=$1",
  "shift",
  'bash -c "$@" </dev/null',
  "status=$?",
  '{ printf "%s\\n" "$status" >"$exit_path.$$.tmp" && mv -f "$exit_path.$$.tmp" "$exit_path"; } 2>/dev/null'
].join("\n");
var DELAYED_KILL_SCRIPT = [
  'sleep "$1" || exit 0',
  'if { read -r stat <"/proc/$2/stat"; } 2>/dev/null; then',
  "  fields=(${stat##*) })",
  '  [ "${fields[19]}" = "$3" ] || exit 0',
  "fi",
  'kill -KILL -- "-$2" 2>/dev/null && : >>"$4"'
].join("\n");
var LOG_OPEN_FLAGS = import_node_fs7.constants.O_WRONLY | import_node_fs7.constants.O_APPEND | import_node_fs7.constants.O_CREAT | import_node_fs7.constants.O_NOFOLLOW | import_node_fs7.constants.O_NOCTTY;
var LOG_FILE_MODE = 384;
var nodeBackgroundProcesses = {
  startSupervised(start) {
    const log = (0, import_node_fs7.openSync)(start.logPath, LOG_OPEN_FLAGS, LOG_FILE_MODE);
    try {
      return startDetached({
        file: "bash",
        args: ["-c", SUPERVISOR_SCRIPT, "guilds-background", start.exitPath, start.script, ...start.scriptArgs],
        cwd: start.cwd,
        env: start.env,
        stdio: ["ignore", log, log]
      });
    } finally {
      (0, import_node_fs7.closeSync)(log);
    }
  },
  processStat: readProcessStat,
  environmentHas(pid, entry) {
    let environment;
    try {
      environment = (0, import_node_fs7.readFileSync)(`/proc/${pid}/environ`);
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
  signalGroup: (processGroup, signal) => signalProcessGroup(processGroup, signal),
  scheduleGroupKill(processGroup, leaderStartTicks, delaySeconds, killedPath2) {
    try {
      startDetached({
        file: "bash",
        args: ["-c", DELAYED_KILL_SCRIPT, "guilds-background-kill", String(delaySeconds), String(processGroup), leaderStartTicks, killedPath2],
        cwd: "/",
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
        stdio: "ignore"
      });
    } catch {
    }
  },
  createExclusive(path, data) {
    const temp = temporaryPathBeside(path);
    (0, import_node_fs7.writeFileSync)(temp, data, { mode: 384, flag: "wx" });
    try {
      (0, import_node_fs7.linkSync)(temp, path);
      return true;
    } catch (error) {
      if (error.code === "EEXIST") return false;
      throw error;
    } finally {
      removeFileIfPresent(temp);
    }
  },
  sleep(milliseconds) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
  },
  ownPid: process.pid
};

// src/io/node/shell.ts
var import_node_buffer = require("node:buffer");
var import_node_fs8 = require("node:fs");
var BASH = "bash";
var GROUP_POLL_MS = 20;
var GROUP_REAP_WAIT_MS = 1e3;
var OUTPUT_CHUNK_BYTES = 1048576;
var OUTPUT_POLL_MS = 10;
var LOG_OPEN_FLAGS2 = import_node_fs8.constants.O_WRONLY | import_node_fs8.constants.O_APPEND | import_node_fs8.constants.O_CREAT | import_node_fs8.constants.O_TRUNC | import_node_fs8.constants.O_NOFOLLOW;
function signalNumber(signal) {
  return loadOs().constants.signals[signal] ?? 0;
}
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
async function finishGroup(groupId, deadline) {
  while (Date.now() < deadline) {
    if (!groupRuns(groupId)) return;
    await sleep(GROUP_POLL_MS);
  }
  signalProcessGroup(groupId, "SIGKILL");
  const reapDeadline = Date.now() + GROUP_REAP_WAIT_MS;
  while (Date.now() < reapDeadline && groupRuns(groupId)) await sleep(GROUP_POLL_MS);
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
  buffer = Buffer.allocUnsafe(OUTPUT_CHUNK_BYTES);
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
      const want = Math.min(this.buffer.length, (this.endAt ?? Number.MAX_SAFE_INTEGER) - this.position);
      const read = want > 0 ? (0, import_node_fs8.readSync)(this.readFd, this.buffer, 0, want, this.position) : 0;
      if (read > 0) {
        this.position += read;
        this.onOutput(this.buffer.subarray(0, read));
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
function endLifeline(pidPath, groupId) {
  try {
    const pid = Number((0, import_node_fs8.readFileSync)(pidPath, "latin1").trim());
    const stat = Number.isInteger(pid) && pid > 1 ? readProcessStat(pid) : null;
    if (stat !== null && stat.processGroup === groupId && isRunningState(stat.state)) process.kill(pid, "SIGKILL");
  } catch {
  }
}
function openLog(logPath) {
  const logFd = (0, import_node_fs8.openSync)(logPath, LOG_OPEN_FLAGS2, 384);
  try {
    return { logFd, readFd: (0, import_node_fs8.openSync)(logPath, import_node_fs8.constants.O_RDONLY | import_node_fs8.constants.O_NOFOLLOW) };
  } catch (error) {
    (0, import_node_fs8.closeSync)(logFd);
    throw error;
  }
}
function runInGroup(run, onOutput) {
  const { logFd, readFd } = openLog(run.logPath);
  let killDeadline = 0;
  let killTimer;
  const stopGroup = () => {
    const groupId2 = supervised.process.pid;
    if (groupId2 === void 0 || killDeadline !== 0) return;
    killDeadline = Date.now() + run.killGraceMs;
    signalProcessGroup(groupId2, "SIGTERM");
    killTimer = setTimeout(() => signalProcessGroup(groupId2, "SIGKILL"), run.killGraceMs);
  };
  let supervised;
  try {
    supervised = new SupervisedChild(
      {
        file: run.file,
        args: [...run.args],
        cwd: run.cwd,
        env: run.env,
        stdio: [run.input === void 0 ? "ignore" : "pipe", logFd, logFd],
        detached: true
      },
      run.timeoutMs,
      stopGroup
    );
  } catch (error) {
    (0, import_node_fs8.closeSync)(logFd);
    (0, import_node_fs8.closeSync)(readFd);
    throw error;
  }
  const child = supervised.process;
  const groupId = child.pid;
  if (groupId !== void 0) run.onStart?.(groupId);
  if (run.input !== void 0) {
    child.stdin?.on("error", () => void 0);
    child.stdin?.end(run.input);
  }
  return new Promise((resolve, reject) => {
    let code = null;
    let signal = null;
    const close = () => {
      if (!supervised.settle()) return;
      clearTimeout(killTimer);
      run.onSettle?.();
      follower.stop();
      (0, import_node_fs8.closeSync)(logFd);
      (0, import_node_fs8.closeSync)(readFd);
    };
    const follower = new LogFollower(
      readFd,
      onOutput,
      (logBytes) => {
        close();
        resolve({ code, signal, timedOut: supervised.timedOut, interruptedBy: supervised.interruptedBy, logBytes });
      },
      (error) => {
        stopGroup();
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
      if (run.stopLeftovers && groupId !== void 0 && killDeadline === 0 && groupRuns(groupId)) stopGroup();
      const finished = killDeadline !== 0 && groupId !== void 0 ? finishGroup(groupId, killDeadline) : Promise.resolve();
      void finished.then(() => {
        if (groupId !== void 0) run.onGroupEnd?.(groupId);
        if (!supervised.isSettled) follower.finishAt((0, import_node_fs8.fstatSync)(logFd).size);
      });
    });
  });
}
function shellGroupRun(request) {
  return {
    file: BASH,
    args: ["-c", request.script],
    cwd: request.cwd,
    env: request.env,
    logPath: request.logPath,
    timeoutMs: request.timeoutMs,
    killGraceMs: request.killGraceMs,
    // What a finished command left running (`server &`) is its to leave.
    stopLeftovers: false,
    onGroupEnd: (groupId) => endLifeline(request.lifelinePath, groupId)
  };
}
async function runShell(request, onOutput) {
  const end = await runInGroup(shellGroupRun(request), onOutput);
  const exitCode = end.code ?? (end.signal ? 128 + signalNumber(end.signal) : 1);
  return { exitCode, timedOut: end.timedOut, interruptedBy: end.interruptedBy, logBytes: end.logBytes };
}
var decoder = new TextDecoder("utf-8", { fatal: true });
var nodeShellProcesses = {
  run: runShell,
  // buffer.isAscii arrived in Node 18.15.
  isAscii: typeof import_node_buffer.isAscii === "function" ? (bytes) => (0, import_node_buffer.isAscii)(bytes) : void 0,
  isUtf8(bytes) {
    if (typeof import_node_buffer.isUtf8 === "function") return (0, import_node_buffer.isUtf8)(bytes);
    try {
      decoder.decode(bytes);
      return true;
    } catch {
      return false;
    }
  }
};

// src/io/node/index.ts
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
    return infoOf((0, import_node_fs9.fstatSync)(this.fd));
  }
  realPath() {
    return (0, import_node_fs9.readlinkSync)(`/proc/self/fd/${this.fd}`);
  }
  read(buffer) {
    return (0, import_node_fs9.readSync)(this.fd, buffer, 0, buffer.length, null);
  }
  readAt(buffer, length, position) {
    return (0, import_node_fs9.readSync)(this.fd, buffer, 0, length, position);
  }
  descriptor() {
    return this.fd;
  }
  close() {
    (0, import_node_fs9.closeSync)(this.fd);
  }
};
var nodeFileSystem = {
  realPath: (path) => import_node_fs9.realpathSync.native(path),
  stat(path) {
    const stats = (0, import_node_fs9.statSync)(path, { throwIfNoEntry: false });
    return stats ? infoOf(stats) : null;
  },
  lstat(path) {
    const stats = (0, import_node_fs9.lstatSync)(path, { throwIfNoEntry: false });
    return stats ? infoOf(stats) : null;
  },
  openRead: (path) => new NodeOpenFile((0, import_node_fs9.openSync)(path, OPEN_READ_FLAGS)),
  readFile: (path, maxBytes = Number.MAX_SAFE_INTEGER) => readRegularFile(path, maxBytes),
  writeFileAtomic,
  makeFolder: (path) => void (0, import_node_fs9.mkdirSync)(path, { recursive: true, mode: 448 }),
  removeFile: removeFileIfPresent,
  removeTree: (path) => (0, import_node_fs9.rmSync)(path, { force: true, recursive: true }),
  listFolder: (path) => (0, import_node_fs9.readdirSync)(path),
  touch(path) {
    const now = /* @__PURE__ *{/} new Date();
    (0, import_node_fs9.utimesSync)(path, now, now);
  }
};
var NodeHasher = class {
  hash = loadCrypto().createHash("sha256");
  update(bytes) {
    this.hash.update(bytes);
  }
  hexDigest() {
    return this.hash.digest("hex");
  }
};
function sha256Hasher(expectedBytes) {
  if (expectedBytes <= SHA256_WASM_MAX_BYTES) {
    try {
      return new WasmSha256();
    } catch {
    }
  }
  return new NodeHasher();
}
function nodeIo(home, runDir, env) {
  return {
    home,
    runDir,
    env,
    fs: nodeFileSystem,
    shell: nodeShellProcesses,
    background: nodeBackgroundProcesses,
    search: nodeSearchProcesses,
    sha256: sha256Hasher,
    now: () => Date.now()
  };
}

// src/entry.ts
var STDOUT_FD = 1;
var WRITE_RETRY_WAIT_MS = 1;
var answered = false;
function writeAll(line) {
  const bytes = Buffer.from(line, "utf8");
  let written = 0;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (written < bytes.length) {
    try {
      written += (0, import_node_fs10.writeSync)(STDOUT_FD, bytes, written, bytes.length - written);
    } catch (error) {
      const code = error.code;
      if (code === "EAGAIN") Atomics.wait(pause, 0, 0, WRITE_RETRY_WAIT_MS);
      else return;
    }
  }
}
function answer2(envelope) {
  if (!answered) {
    answered = true;
    writeAll(encodeEnvelope(envelope) + "\n");
  }
  process.exit(0);
}
function fail(error) {
  answer2(failureEnvelope(error));
}
function onStopSignal(signal) {
  if (process.listenerCount(signal) > 1) return;
  answer2(failureEnvelope(interruptedBeforeAnswer(signal)));
}
async function serveOnce(ops) {
  process.on("uncaughtException", fail);
  process.on("unhandledRejection", fail);
  process.on("SIGTERM", onStopSignal);
  process.on("SIGINT", onStopSignal);
  let home;
  try {
    home = homeFolder(process.env.HOME);
  } catch (error) {
    answer2(error instanceof ToolError ? failureEnvelope(error) : errorEnvelope(error.message, "internal"));
  }
  const runDir = normalizeAbsolute(process.env[RUN_DIR_VARIABLE] || DEFAULT_RUN_DIR);
  const io = nodeIo(home, runDir, process.env);
  answer2(await handle(io, process.argv[2], ops));
}
function serve(ops) {
  serveOnce(ops).catch(fail);
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
function booleanArg(spec, args, name) {
  const value = args[name];
  return typeof value === "boolean" ? value : spec.args[name].default === true;
}
function stringArg(args, name) {
  const value = args[name];
  return typeof value === "string" ? value : void 0;
}

// src/contract/tools/code_search.ts
var CODE_SEARCH_SPEC = {
  name: "code_search",
  description: `Search text in the code with ripgrep, respecting .gitignore. mode "files" (default) lists matching files with match counts (at most ${SEARCH_MAX_FILES}); mode "content" shows matching lines as path:line: text (at most ${SEARCH_MAX_LINES} lines, ${SEARCH_MAX_MATCHES_PER_FILE} per file). Paths are relative to the working directory and can be passed to file_read.`,
  args: {
    pattern: { type: "string", required: true, description: "A regular expression (Rust syntax), or a literal with fixed." },
    path: { type: "string", description: "The file or folder to search (default the working directory)." },
    glob: { type: "string", description: "Only files whose path matches this glob, such as *.ts or src/**." },
    mode: { type: "string", values: ["files", "content"], default: "files", description: '"files" or "content".' },
    fixed: { type: "boolean", default: false, description: "Treat the pattern as literal text." },
    ignore_case: { type: "boolean", default: false, description: "Match regardless of case." },
    context: {
      type: "integer",
      default: 0,
      minimum: 0,
      maximum: SEARCH_MAX_CONTEXT_LINES,
      description: "Lines of context around each match in content mode (0 to 5)."
    },
    limit: {
      type: "integer",
      minimum: 1,
      description: `Lower the maximum files (${SEARCH_MAX_FILES}) or lines (${SEARCH_MAX_LINES}) shown.`
    }
  }
};
function resolveCodeSearchArgs(args) {
  const mode = args.mode === "content" ? "content" : "files";
  const maximum = mode === "files" ? SEARCH_MAX_FILES : SEARCH_MAX_LINES;
  const limit = typeof args.limit === "number" ? args.limit : maximum;
  return {
    pattern: args.pattern,
    path: stringArg(args, "path") ?? null,
    glob: stringArg(args, "glob") || null,
    mode,
    fixed: booleanArg(CODE_SEARCH_SPEC, args, "fixed"),
    ignoreCase: booleanArg(CODE_SEARCH_SPEC, args, "ignore_case"),
    contextLines: integerArg(CODE_SEARCH_SPEC, args, "context"),
    limit: clampInteger(limit, 1, maximum)
  };
}

// src/contract/tools/file_read.ts
var FILE_READ_SPEC = {
  name: "file_read",
  description: `Read numbered lines of a text file inside the home. Returns at most ${FILE_READ_MAX_LIMIT_LINES} lines (default ${FILE_READ_DEFAULT_LIMIT_LINES}); lines over ${FILE_READ_LINE_MAX_CHARS} characters are clipped; a result that would pass the byte cap stops early and says which offset continues it.`,
  args: {
    path: { type: "string", required: true, description: "The file, relative to the working directory, ~/\u2026, or absolute." },
    offset: { type: "integer", default: 1, minimum: 1, description: "The first line to return (default 1)." },
    limit: {
      type: "integer",
      default: FILE_READ_DEFAULT_LIMIT_LINES,
      minimum: 1,
      maximum: FILE_READ_MAX_LIMIT_LINES,
      description: `How many lines (default ${FILE_READ_DEFAULT_LIMIT_LINES}, at most ${FILE_READ_MAX_LIMIT_LINES}).`
    }
  }
};
function resolveFileReadArgs(args) {
  return {
    path: args.path,
    offset: integerArg(FILE_READ_SPEC, args, "offset"),
    limit: integerArg(FILE_READ_SPEC, args, "limit")
  };
}

// src/contract/tools/shell.ts
var SHELL_SPEC = {
  name: "shell",
  description: "Run a bash command in the sandbox (tests, builds, git, gh) and return its combined stdout and stderr. A cd carries over to the next call; environment changes do not. Long output keeps its start and its end and names a log file with all of it. A command past its timeout is stopped (exit_code: 124). Start servers and other long-running processes with background: true and follow them with shell_status.",
  args: {
    command: { type: "string", required: true, description: "The bash command to run." },
    timeout_seconds: {
      type: "integer",
      default: SHELL_DEFAULT_TIMEOUT_SECONDS,
      minimum: SHELL_MIN_TIMEOUT_SECONDS,
      maximum: SHELL_MAX_TIMEOUT_SECONDS,
      description: `Seconds before the command is stopped (default ${SHELL_DEFAULT_TIMEOUT_SECONDS}, 1 to 600).`
    },
    background: {
      type: "boolean",
      default: false,
      description: "Start the command in the background and return at once with its id (b1, b2, \u2026) and log."
    }
  }
};
function resolveShellArgs(args) {
  return {
    command: args.command,
    timeoutSeconds: integerArg(SHELL_SPEC, args, "timeout_seconds"),
    background: booleanArg(SHELL_SPEC, args, "background")
  };
}

// src/contract/tools/shell_status.ts
var SHELL_STATUS_SPEC = {
  name: "shell_status",
  description: `Follow or stop background commands. Without id: every background command with its state. With id: its state, exit code and the last ${STATUS_LOG_TAIL_LINES} lines of its log. With id and stop: true, stop it.`,
  args: {
    id: { type: "string", description: "A background command id, such as b1." },
    stop: { type: "boolean", default: false, description: "Stop the command (needs id)." }
  }
};
function resolveShellStatusArgs(args) {
  return { id: stringArg(args, "id"), stop: booleanArg(SHELL_STATUS_SPEC, args, "stop") };
}

// src/workspace/confine.ts
function homeAlias(context) {
  const named = context.io.env.HOME;
  if (named === void 0 || !named.startsWith("/") || named.includes("\0")) return null;
  const alias = normalizeAbsolute(named);
  return alias === context.io.home ? null : alias;
}
function shownWorkingDirectory(context, alias) {
  if (alias === null) return context.cwd;
  return resolveShownPath(".", context.cwd, context.io.home, alias, () => true);
}
function failure(code, named) {
  return pathFailure(code, named, LONG_PATH_SHOWN_CHARS);
}
function resolveInsideHome(context, input) {
  if (input.includes("\0")) throw pathHasNul();
  if (input === "") throw pathIsEmpty();
  const { io } = context;
  const alias = homeAlias(context);
  const cwd = shownWorkingDirectory(context, alias);
  const lexical = resolveShownPath(input, cwd, io.home, alias, (folder) => isRealFolder(context, folder));
  const display = relativePath(cwd, lexical);
  const named = input.startsWith("/") || input.startsWith("~") ? input : display;
  let real;
  try {
    real = io.fs.realPath(lexical);
  } catch (error) {
    throw failure(errorCode(error), named);
  }
  if (!isInside(real, io.home)) {
    if (input === "." && lexical === cwd && !isInside(context.cwd, io.home)) {
      throw workingDirectoryOutsideHome(context.cwd);
    }
    throw outsideHome(named);
  }
  if (namesAFolder(input) && !isFolder2(context, real)) throw notAFolder(named);
  return { lexical, display, named, real };
}
function namesAFolder(input) {
  return input.endsWith("/") || input.endsWith("/.") || input.endsWith("/..");
}
function isFolder2(context, path) {
  try {
    return context.io.fs.stat(path)?.kind === "folder";
  } catch {
    return false;
  }
}
function isRealFolder(context, path) {
  try {
    return context.io.fs.lstat(path)?.kind === "folder";
  } catch {
    return false;
  }
}
function openInsideHome(context, path) {
  let file;
  try {
    file = context.io.fs.openRead(path.real);
  } catch (error) {
    throw failure(errorCode(error), path.named);
  }
  try {
    const real = file.realPath();
    if (!isInside(real, context.io.home)) throw outsideHome(path.named);
    return { file, real };
  } catch (error) {
    file.close();
    throw error;
  }
}
function openFileInsideHome(context, input) {
  const path = resolveInsideHome(context, input);
  let before;
  try {
    before = context.io.fs.stat(path.real);
  } catch (error) {
    throw failure(errorCode(error), path.named);
  }
  if (before && before.kind !== "file") {
    throw notARegularFile(path.named, kindWords(before.kind));
  }
  const { file, real } = openInsideHome(context, path);
  try {
    const info = file.info();
    if (info.kind !== "file") throw notARegularFile(path.named, kindWords(info.kind));
    return { file, path: { ...path, real }, info };
  } catch (error) {
    file.close();
    throw error;
  }
}

// src/tools/code_search/bytes.ts
var utf8 = new TextDecoder("utf-8");
function decode(bytes) {
  return utf8.decode(bytes);
}
var nativeLatin1 = typeof Buffer === "function" ? (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("latin1") : void 0;
var LATIN1_PIECE_BYTES = 8192;
function byteString(bytes) {
  if (nativeLatin1) return nativeLatin1(bytes);
  let text = "";
  for (let at = 0; at < bytes.length; at += LATIN1_PIECE_BYTES) {
    text += String.fromCharCode(...bytes.subarray(at, at + LATIN1_PIECE_BYTES));
  }
  return text;
}
var OTHER_THAN_CONTINUATION_BYTES = /[^\x80-\xbf]+/g;
function codePointsIn(bytes) {
  return bytes.length - byteString(bytes).replace(OTHER_THAN_CONTINUATION_BYTES, "").length;
}
function joinBytes(a, b) {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}
function sameBytes(a, b, start, end) {
  if (a.length !== end - start) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[start + i]) return false;
  return true;
}
var BoundedBytes = class {
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
  }
  maxBytes;
  parts = [];
  length = 0;
  push(bytes) {
    const room = this.maxBytes - this.length;
    const kept = bytes.length > room ? bytes.subarray(0, room) : bytes;
    if (kept.length === 0) return;
    this.parts.push(copyBytes(kept));
    this.length += kept.length;
  }
  bytes() {
    if (this.parts.length === 1) return this.parts[0];
    const joined = new Uint8Array(this.length);
    let at = 0;
    for (const part of this.parts) {
      joined.set(part, at);
      at += part.length;
    }
    return joined;
  }
  clear() {
    this.parts = [];
    this.length = 0;
  }
};
function startsWithUtf16Mark(bytes) {
  const [first, second] = bytes;
  return first === 255 && second === 254 || first === 254 && second === 255;
}

// src/tools/code_search/format.ts
function totalsLine(totals) {
  const matches = `${totals.matches} ${totals.matches === 1 ? "match" : "matches"}`;
  return `${matches} in ${totals.files} ${totals.files === 1 ? "file" : "files"}`;
}
function echoedInput(input, maxChars) {
  return codePointCount(input) <= maxChars ? input : `${firstCodePoints(input, maxChars)}\u2026`;
}
function noMatchText(pattern2, displayPath, patternMaxChars) {
  return `no matches for '${echoedInput(pattern2, patternMaxChars)}' in ${displayPath}`;
}
function ignoredLine(ignored) {
  const matches = `${ignored.matches} more ${ignored.matches === 1 ? "match" : "matches"}`;
  const files = `${ignored.files} ${ignored.files === 1 ? "file" : "files"}`;
  return `(${matches} in ${files} ignored by .gitignore or .ignore, e.g. ${ignored.example}; search them with path: ${JSON.stringify(ignored.searchPath)})`;
}
function stoppedText(timeoutSeconds) {
  return `[the search was stopped after ${timeoutSeconds} s; these are the matches found until then]`;
}
function byteCapLine(leftOut, maxBytes) {
  return `[\u2026 ${leftOut} more ${leftOut === 1 ? "line" : "lines"} left out to stay under ${maxBytes} bytes]`;
}
function clipSearchLine(view, maxChars, leadChars) {
  if (view.totalChars <= maxChars) return view.text;
  const match = view.matchChar;
  const start = match === null || match <= maxChars - leadChars ? 0 : Math.max(0, Math.min(match - leadChars, view.totalChars - maxChars));
  const skip = start - view.startChar;
  const shown = firstCodePoints(skip > 0 ? view.text.slice(codeUnitsOf(view.text, skip)) : view.text, maxChars);
  const cutBefore = start > 0 ? "\u2026" : "";
  const cutAfter = start + maxChars < view.totalChars ? "\u2026" : "";
  return `${cutBefore}${shown}${cutAfter} [+${view.totalChars - maxChars} chars]`;
}
function codeUnitsOf(text, chars) {
  return firstCodePoints(text, chars).length;
}
function shownPath(path) {
  return NEEDS_QUOTING.test(path) ? JSON.stringify(path) : path;
}
var NEEDS_QUOTING = /[\x00-\x1f\x7f"\\]/;
function fileCountLine(entry) {
  return `${entry.path}: ${entry.count}`;
}
function binaryNoteText(note) {
  return `${note.path}: [binary from about byte ${note.binaryAt} (a NUL byte); not searched past it]`;
}
function binaryFilesLine(matches, files) {
  const matchWords = `${matches} ${matches === 1 ? "match" : "matches"}`;
  const fileWords = files === 1 ? "1 binary file" : `${files} binary files`;
  const their = files === 1 ? "its" : "their";
  return `\u2026 ${matchWords} in ${fileWords} not listed (ripgrep stopped reading at a NUL byte part-way; mode "content" shows ${their} lines before it)`;
}
function contentLineText(line) {
  const mark = line.isMatch ? ":" : "-";
  return `${line.path}${mark}${line.lineNumber}${mark} ${line.text}`;
}
function contentEntries(entries, withGroups) {
  let previous = null;
  return entries.map((entry) => {
    if ("binaryAt" in entry) return binaryNoteText(entry);
    const newGroup = withGroups && previous !== null && (previous.path !== entry.path || previous.lineNumber + 1 !== entry.lineNumber);
    previous = entry;
    return (newGroup ? "--\n" : "") + contentLineText(entry);
  });
}
function fitSearchResult(entries, moreLeftOut, moreLine, trailers, maxBytes) {
  const trailerBytes = trailers.reduce((sum, line) => sum + 1 + utf8Bytes(line), 0);
  const entryBytes = entries.map((entry) => utf8Bytes(entry) + 1);
  const allEntries = entryBytes.reduce((sum, bytes) => sum + bytes, 0);
  const moreText = moreLeftOut > 0 ? moreLine(moreLeftOut) : null;
  const full = allEntries + (moreText === null ? 0 : utf8Bytes(moreText) + 1) + trailerBytes - 1;
  if (full <= maxBytes) {
    const parts = [...entries];
    if (moreText !== null) parts.push(moreText);
    return { text: [...parts, ...trailers].join("\n"), cut: false };
  }
  let kept = entries.length;
  let keptBytes = allEntries;
  for (; ; ) {
    kept--;
    keptBytes -= entryBytes[kept];
    const capLine = byteCapLine(entries.length - kept + moreLeftOut, maxBytes);
    if (kept === 0 || keptBytes + utf8Bytes(capLine) + trailerBytes <= maxBytes) {
      const shown = entries.slice(0, kept);
      return { text: [...shown, capLine, ...trailers].join("\n"), cut: true };
    }
  }
}
function formatFilesResult(shown, moreFiles, totals, maxBytes, stoppedLine2, binaryFiles = null) {
  const trailers = [totalsLine(totals)];
  if (stoppedLine2 !== null) trailers.unshift(stoppedLine2);
  if (binaryFiles !== null && binaryFiles.files > 0) trailers.unshift(binaryFilesLine(binaryFiles.matches, binaryFiles.files));
  return fitSearchResult(
    shown.map(fileCountLine),
    moreFiles,
    (count) => `\u2026 ${count} more ${count === 1 ? "file" : "files"}`,
    trailers,
    maxBytes
  );
}
function formatContentResult(shown, moreLines, totals, withGroups, maxBytes, stoppedLine2) {
  const trailers = stoppedLine2 === null ? [totalsLine(totals)] : [stoppedLine2, totalsLine(totals)];
  return fitSearchResult(
    contentEntries(shown, withGroups),
    moreLines,
    (count) => `\u2026 ${count} more ${count === 1 ? "line" : "lines"}`,
    trailers,
    maxBytes
  );
}
function nulInInputText(input) {
  return `the ${input} contains a NUL byte`;
}
function notSearchableText(named, kindWords2) {
  return `${named} is ${kindWords2}; code_search takes a file or a folder`;
}
function changedWhileOpenedText(named) {
  return `${named} changed while it was opened; code_search takes a file or a folder`;
}
function binaryFileText(display) {
  return `${display} is binary; not searched`;
}
function interruptedText(signal) {
  return `code_search: the helper was interrupted (${signal}); ripgrep was stopped`;
}
function ripgrepFailureText(missing) {
  switch (missing.code) {
    case "RG_CONFIGURED_NOT_EXECUTABLE":
      return `ripgrep not found: GUILDS_RG=${missing.configured} is not an executable file (an absolute path)`;
    case "RG_NOT_FOUND":
      return `ripgrep not found: GUILDS_RG is not set, there is no rg on PATH, and no node_modules/${missing.packageName}/bin/rg in ${missing.searchedFrom} or above it`;
    case "RG_CANNOT_START":
      return `cannot run ripgrep (${missing.binary}): ${missing.cause}`;
  }
}
var REGEX_ERROR_HINT = " (the pattern is a regular expression; set fixed: true to search for it as plain text)";
function ripgrepReason(stderr) {
  const lines = stderr.split("\n").map((line) => line.trim()).filter((line) => line !== "");
  if (lines.length === 0) return "ripgrep failed without saying why";
  const first = lines[0].replace(/^rg: /, "").replace(/:$/, "");
  const reason = lines.find((line, index) => index > 0 && line.startsWith("error: "));
  return reason ? `${first}: ${reason.slice("error: ".length)}` : first;
}
function clipEchoedInputs(reason, inputs, echoMaxChars) {
  let clipped = reason;
  for (const input of inputs) {
    if (input === null || !clipped.includes(input)) continue;
    const shown = echoedInput(input, echoMaxChars);
    if (shown !== input) clipped = clipped.split(input).join(shown);
  }
  return clipped;
}
function ripgrepRefusalText(stderr, pattern2, glob, fixed, echoMaxChars) {
  const reason = clipEchoedInputs(ripgrepReason(stderr), [pattern2, glob], echoMaxChars);
  const hint = reason.startsWith("regex parse error") && !fixed ? REGEX_ERROR_HINT : "";
  return `ripgrep: ${reason}${hint}`;
}

// src/tools/code_search/line-text.ts
var CARRIAGE_RETURN = 13;
var LineText = class {
  /** `matchByte`: the byte offset of the first match in the line, null for a context line. *{/}
  constructor(matchByte, limits) {
    this.matchByte = matchByte;
    this.limits = limits;
    this.keepBytes = limits.maxChars * 4;
    this.head = new BoundedBytes(this.keepBytes);
    this.windowStart = matchByte === null ? 0 : Math.max(0, matchByte - this.keepBytes);
    const windowNeeded = matchByte !== null && matchByte > limits.maxChars - limits.leadChars;
    this.window = windowNeeded ? new BoundedBytes(2 * this.keepBytes) : null;
  }
  matchByte;
  limits;
  head;
  window;
  windowStart;
  // A code point takes at most 4 bytes: this many bytes always hold the characters a clipped line shows.
  keepBytes;
  offset = 0;
  chars = 0;
  charsBeforeMatch = 0;
  lastByte = -1;
  feed(bytes) {
    const start = this.offset;
    const end = start + bytes.length;
    if (start < this.keepBytes) this.head.push(bytes.subarray(0, this.keepBytes - start));
    if (this.window !== null && end > this.windowStart) {
      this.window.push(bytes.subarray(Math.max(0, this.windowStart - start)));
    }
    this.chars += codePointsIn(bytes);
    if (this.matchByte !== null && start < this.matchByte) {
      this.charsBeforeMatch += codePointsIn(bytes.subarray(0, Math.min(bytes.length, this.matchByte - start)));
    }
    this.offset = end;
    if (bytes.length > 0) this.lastByte = bytes[bytes.length - 1];
  }
  view() {
    const { maxChars, leadChars } = this.limits;
    const carriageReturn = this.lastByte === CARRIAGE_RETURN;
    const totalChars = this.chars - (carriageReturn ? 1 : 0);
    const matchChar = this.matchByte === null ? null : this.charsBeforeMatch;
    const useWindow = this.window !== null && matchChar !== null && totalChars > maxChars && matchChar > maxChars - leadChars;
    if (!useWindow) {
      let text = decode(this.head.bytes());
      if (carriageReturn && this.offset <= this.keepBytes) text = text.slice(0, -1);
      return { text, startChar: 0, totalChars, matchChar };
    }
    let bytes = this.window.bytes();
    let skipped = 0;
    while (skipped < bytes.length && isContinuationByte(bytes[skipped])) skipped++;
    bytes = bytes.subarray(skipped);
    const charsBeforeInWindow = codePointsIn(bytes.subarray(0, this.matchByte - this.windowStart - skipped));
    return { text: decode(bytes), startChar: matchChar - charsBeforeInWindow, totalChars, matchChar };
  }
};

// src/tools/code_search/rg-count-output.ts
var NEWLINE = 10;
var NUL = 0;
var DIGIT_0 = 48;
var CountOutputReader = class {
  constructor(events, shortLineMaxBytes) {
    this.events = events;
    this.held = new BoundedBytes(shortLineMaxBytes);
  }
  events;
  held;
  feed(given) {
    const chunk = given.constructor === Uint8Array ? given : new Uint8Array(given.buffer, given.byteOffset, given.length);
    const length = chunk.length;
    let start = this.held.length > 0 ? this.joinHeld(chunk) : 0;
    while (start < length) {
      const nul = chunk.indexOf(NUL, start);
      if (nul === -1) break;
      const newline = chunk.indexOf(NEWLINE, nul);
      if (newline === -1) break;
      this.events.countedFile(chunk, start, nul, countAfter(chunk, nul, newline));
      start = newline + 1;
    }
    if (start < length) this.held.push(chunk.subarray(start));
  }
  /** The lines after the last record: ripgrep's stats, or the start of a record cut off by a kill. *{/}
  finish() {
    const rest = this.held.bytes();
    this.held.clear();
    return rest.indexOf(NUL) === -1 ? decode(rest).split("\n") : [];
  }
  /** Ends the record begun in the last chunk; returns where this chunk's own records start. *{/}
  joinHeld(chunk) {
    const heldNul = this.held.bytes().indexOf(NUL);
    const nul = heldNul === -1 ? chunk.indexOf(NUL) : 0;
    const newline = nul === -1 ? -1 : chunk.indexOf(NEWLINE, nul);
    if (newline === -1) {
      this.held.push(chunk);
      return chunk.length;
    }
    const record = joinBytes(this.held.bytes(), chunk.subarray(0, newline));
    this.held.clear();
    const recordNul = record.indexOf(NUL);
    this.events.countedFile(record, 0, recordNul, countAfter(record, recordNul, record.length));
    return newline + 1;
  }
};
function countAfter(bytes, nul, end) {
  let count = 0;
  for (let i = nul + 1; i < end; i++) count = count * 10 + (bytes[i] - DIGIT_0);
  return count;
}

// src/tools/code_search/rg-output.ts
var NEWLINE2 = 10;
var NUL2 = 0;
var DIGIT_02 = 48;
var DIGIT_9 = 57;
var COLON = 58;
var PATH = String.raw`[^\0]*`;
var NUMBER = String.raw`\d*`;
var matchMark = (column) => String.raw`:${column}[^\d\n]`;
var CONTEXT_MARK = "-";
var REST_OF_LINE = String.raw`[^\n]*\n`;
var HEADER = new RegExp(`${PATH}\\0${NUMBER}(?:${matchMark(NUMBER)}|${CONTEXT_MARK})`, "y");
var MATCH_AFTER_PATH = `${NUMBER}${matchMark(NUMBER)}${REST_OF_LINE}`;
var RESULT_AFTER_PATH = `${NUMBER}(?:${matchMark(NUMBER)}|${CONTEXT_MARK})${REST_OF_LINE}`;
var MATCH_RUN = new RegExp(`(${PATH}\\0)${MATCH_AFTER_PATH}(?:\\1${MATCH_AFTER_PATH})*`, "y");
var RESULT_RUN = new RegExp(`(${PATH}\\0)${RESULT_AFTER_PATH}(?:\\1${RESULT_AFTER_PATH})*`, "y");
var LINE_END_EVERYWHERE = /\n/g;
var BINARY_NOTICE = /^: (?:WARNING: stopped searching binary file after match|binary file matches) \(found "\\0" byte around offset (\d+)\)$/;
var NEWLINE_BYTES = new Uint8Array([10]);
var MATCH_HEADER_EVERYWHERE = new RegExp(`^${PATH}\\0${NUMBER}:`, "gm");
function isDigit(byte) {
  return byte !== void 0 && byte >= DIGIT_02 && byte <= DIGIT_9;
}
function countResultRun(text, start, withContext) {
  const nul = text.indexOf("\0", start);
  if (nul === -1 || text.lastIndexOf("\n", nul) >= start) return null;
  const run = withContext ? RESULT_RUN : MATCH_RUN;
  run.lastIndex = start;
  if (!run.test(text)) return null;
  const end = run.lastIndex;
  const lines = text.slice(start, end);
  const count = lines.match(LINE_END_EVERYWHERE).length;
  const matchedLines = withContext ? lines.match(MATCH_HEADER_EVERYWHERE)?.length ?? 0 : count;
  return { end, lines: count, matchedLines };
}
var ContentOutputReader = class {
  constructor(events, options) {
    this.events = events;
    this.header = new BoundedBytes(options.shortLineMaxBytes);
    this.withContext = options.withContext;
    this.fastCount = options.fastCount !== false;
  }
  events;
  header;
  state = "header";
  pathBytes = null;
  /** The current file's lines counted by the fast path so far, handed on when the file ends. *{/}
  counted = 0;
  countedMatched = 0;
  withContext;
  fastCount;
  chunkText = null;
  feed(given) {
    const chunk = given.constructor === Uint8Array ? given : new Uint8Array(given.buffer, given.byteOffset, given.length);
    const length = chunk.length;
    this.chunkText = null;
    let start = 0;
    while (start < length) {
      if (this.fastCount && this.state === "header" && this.header.length === 0) {
        start = this.countClosedRun(chunk, start);
        if (start === length) return;
      }
      const newline = chunk.indexOf(NEWLINE2, start);
      const end = newline === -1 ? length : newline;
      if (end > start) this.piece(chunk, start, end);
      if (newline === -1) return;
      this.lineEnd();
      start = newline + 1;
    }
  }
  /** Call once ripgrep is done (a line cut off by a kill is dropped). *{/}
  finish() {
    const rest = this.state === "header" ? this.header.bytes() : new Uint8Array(0);
    if (rest.length > 0 && rest.indexOf(NUL2) === -1) {
      const lines = decode(rest).split("\n");
      if (lines[lines.length - 1] === "") lines.pop();
      for (const line of lines) this.events.otherLine(line);
    }
    this.state = "header";
    this.header.clear();
    if (this.pathBytes !== null) this.endFile(null);
    this.pathBytes = null;
  }
  endFile(next) {
    const { counted, countedMatched } = this;
    this.counted = 0;
    this.countedMatched = 0;
    this.events.nextFile(next, counted, countedMatched);
  }
  textOf(chunk) {
    this.chunkText ??= byteString(chunk);
    return this.chunkText;
  }
  /**
   * At a line start after a closed file's line: when the line is a result line of that file, counts
   * it and the lines of that file after it; returns where the first line it did not count starts.
   * (A file's first line is read whole, as the collector decides there whether to close it.)
   *{/}
  countClosedRun(chunk, start) {
    const path = this.pathBytes;
    if (path === null || !this.events.fileClosed) return start;
    const pathEnd = start + path.length;
    if (pathEnd >= chunk.length || chunk[pathEnd] !== NUL2 || !sameBytes(path, chunk, start, pathEnd)) return start;
    const counted = countResultRun(this.textOf(chunk), start, this.withContext);
    if (counted === null) return start;
    this.counted += counted.lines;
    this.countedMatched += counted.matchedLines;
    return counted.end;
  }
  piece(chunk, start, end) {
    if (this.state === "text") this.events.text(chunk.subarray(start, end));
    else if (this.state === "header") {
      let bytes = chunk;
      let text;
      if (this.header.length > 0) {
        bytes = joinBytes(this.header.bytes(), chunk.subarray(start, end));
        start = 0;
        end = bytes.length;
        this.header.clear();
        text = byteString(bytes);
      } else text = this.textOf(chunk);
      const textStart = this.readHeader(bytes, text, start, end);
      if (textStart === -1) this.header.push(bytes.subarray(start, end));
      else if (this.wantsText() && textStart < end) this.events.text(bytes.subarray(textStart, end));
    }
  }
  wantsText() {
    return this.state === "text";
  }
  /**
   * A line end where no header has been read yet: the line is ripgrep's binary notice for the current
   * file, or a line of a path that goes on up to its NUL, or a stats line (finish sorts those out).
   * One that holds a NUL can be no part of a path: it is no result line, and is reported as such.
   *{/}
  lineEnd() {
    if (this.state === "header") {
      const line = this.header.bytes();
      if (line.indexOf(NUL2) !== -1) {
        this.header.clear();
        this.events.otherLine(decode(line));
      } else if (this.isBinaryNotice(line)) this.header.clear();
      else this.header.push(NEWLINE_BYTES);
    } else if (this.state === "text") this.events.textEnd();
    this.state = "header";
  }
  isBinaryNotice(line) {
    const path = this.pathBytes;
    if (path === null || line.length <= path.length || line.indexOf(NEWLINE2) !== -1) return false;
    if (!sameBytes(path, line, 0, path.length)) return false;
    const notice = BINARY_NOTICE.exec(byteString(line.subarray(path.length)));
    if (notice === null) return false;
    this.events.binaryStop(Number(notice[1]));
    return true;
  }
  /**
   * Reads the header at `start` (`end` is the piece's end, a line end or the end of `text`) and
   * starts its line; the offset where its text starts, or -1 while there is no whole header up to
   * `end` (not yet: its path goes on past a line end or into the next chunk; or never: a stats line). The grammar decides; once it has,
   * the fields are read where it put them: the path up to the first NUL, the line number, a match's column.
   *{/}
  readHeader(bytes, text, start, end) {
    HEADER.lastIndex = start;
    if (!HEADER.test(text)) return -1;
    const textStart = HEADER.lastIndex;
    if (textStart > end) return -1;
    const nul = bytes.indexOf(NUL2, start);
    let at = nul + 1;
    let lineNumber = 0;
    while (isDigit(bytes[at])) lineNumber = lineNumber * 10 + bytes[at++] - DIGIT_02;
    let matchByte = null;
    if (bytes[at++] === COLON) {
      let column = 0;
      while (isDigit(bytes[at])) column = column * 10 + bytes[at++] - DIGIT_02;
      matchByte = column - 1;
    }
    if (this.pathBytes === null || !sameBytes(this.pathBytes, bytes, start, nul)) {
      this.pathBytes = copyBytes(bytes.subarray(start, nul));
      this.endFile(decode(this.pathBytes));
    }
    this.state = this.events.resultLine(lineNumber, matchByte) ? "text" : "skip";
    return textStart;
  }
};
function parseStats(lines) {
  let matches = null;
  let files = null;
  for (const line of lines) {
    const matchCount = /^(\d+) matches$/.exec(line);
    if (matchCount) matches = Number(matchCount[1]);
    const fileCount = /^(\d+) files contained matches$/.exec(line);
    if (fileCount) files = Number(fileCount[1]);
  }
  return matches === null || files === null ? null : { matches, files };
}

// src/tools/code_search/collect.ts
var FileCountCollector = class {
  reader;
  limit;
  shown = [];
  /** Of the files ripgrep printed a count for. *{/}
  matches = 0;
  files = 0;
  statsLines = [];
  finished = false;
  constructor(limits) {
    this.limit = limits.files;
    this.reader = new CountOutputReader(this, limits.shortLineMaxBytes);
  }
  feed(chunk) {
    this.reader.feed(chunk);
  }
  /** Call once ripgrep is done (again: no change). *{/}
  finish() {
    if (this.finished) return;
    this.finished = true;
    this.statsLines = this.reader.finish();
  }
  /** ripgrep's own totals from --stats, when it lived to print them. *{/}
  stats() {
    return parseStats(this.statsLines);
  }
  countedFile(bytes, start, nul, count) {
    this.matches += count;
    this.files++;
    const last = this.shown[this.shown.length - 1];
    if (this.shown.length === this.limit && last && count < last.count) return;
    const entry = { rgPath: decode(bytes.subarray(start, nul)), count };
    let at = this.shown.length;
    while (at > 0 && ranksBefore(entry, this.shown[at - 1])) at--;
    if (at >= this.limit) return;
    this.shown.splice(at, 0, entry);
    if (this.shown.length > this.limit) this.shown.pop();
  }
};
function ranksBefore(a, b) {
  return a.count > b.count || a.count === b.count && a.rgPath < b.rgPath;
}
function trimLeadingContext(lines) {
  while (lines.length > 0 && !lines[lines.length - 1].isMatch && !lines[lines.length - 1].followsMatch) lines.pop();
}
var ContentCollector = class {
  /** `fastCount`: off only to check that the fast count path changes nothing. *{/}
  constructor(limits, fastCount = true) {
    this.limits = limits;
    this.reader = new ContentOutputReader(this, {
      withContext: limits.contextLines > 0,
      shortLineMaxBytes: limits.shortLineMaxBytes,
      fastCount
    });
  }
  limits;
  reader;
  lineText = null;
  pending = null;
  group = null;
  groups = [];
  shownLines = 0;
  full = false;
  otherLines = [];
  resultLines = 0;
  matchedLines = 0;
  files = 0;
  feed(chunk) {
    this.reader.feed(chunk);
  }
  /** Call once ripgrep is done (a line cut off by a kill is dropped). *{/}
  finish() {
    this.reader.finish();
  }
  get fileClosed() {
    return this.group !== null && this.group.closed;
  }
  nextFile(rgPath, countedLines, countedMatchedLines) {
    this.resultLines += countedLines;
    this.matchedLines += countedMatchedLines;
    if (this.group !== null) this.fileEnd();
    if (rgPath !== null) this.fileStart(rgPath);
  }
  fileStart(rgPath) {
    this.files++;
    const lastKept = this.groups[this.groups.length - 1];
    const hopeless = this.full && lastKept !== void 0 && rgPath > lastKept.rgPath;
    this.group = { rgPath, lines: [], binaryAt: null, matchLines: 0, lastMatchLine: 0, closed: hopeless };
  }
  resultLine(lineNumber, matchByte) {
    const isMatch = matchByte !== null;
    this.resultLines++;
    if (isMatch) this.matchedLines++;
    const group = this.group;
    if (group.closed) return false;
    const { lines: limit, matchesPerFile, contextLines } = this.limits;
    const previous = group.lines[group.lines.length - 1];
    const full = group.lines.length >= limit;
    const pastMatches = group.matchLines >= matchesPerFile;
    if (full || pastMatches && (isMatch || previous?.lineNumber !== lineNumber - 1)) {
      group.closed = true;
      trimLeadingContext(group.lines);
      return false;
    }
    if (isMatch) {
      group.matchLines++;
      group.lastMatchLine = lineNumber;
    }
    const followsMatch = !isMatch && group.matchLines > 0 && lineNumber - group.lastMatchLine <= contextLines;
    this.pending = { lineNumber, isMatch, followsMatch };
    this.lineText = new LineText(matchByte, { maxChars: this.limits.lineMaxChars, leadChars: this.limits.matchLeadChars });
    return true;
  }
  text(bytes) {
    this.lineText.feed(bytes);
  }
  textEnd() {
    const text = clipSearchLine(this.lineText.view(), this.limits.lineMaxChars, this.limits.matchLeadChars);
    this.group.lines.push({ ...this.pending, text });
    this.lineText = null;
    this.pending = null;
  }
  otherLine(line) {
    this.otherLines.push(line);
    if (this.otherLines.length > this.limits.statsMaxLines) this.otherLines.shift();
  }
  binaryStop(offset) {
    this.group.binaryAt = offset;
  }
  fileEnd() {
    const group = this.group;
    this.group = null;
    if (group === null) return;
    trimLeadingContext(group.lines);
    if (group.lines.length === 0) return;
    let at = this.groups.length;
    while (at > 0 && group.rgPath < this.groups[at - 1].rgPath) at--;
    this.groups.splice(at, 0, group);
    let room = this.limits.lines;
    let kept = 0;
    for (; kept < this.groups.length && room > 0; kept++) {
      const lines = this.groups[kept].lines;
      if (lines.length > room) {
        lines.length = room;
        trimLeadingContext(lines);
        this.full = true;
      }
      room -= lines.length;
      if (room === 0) this.full = true;
    }
    if (kept < this.groups.length) this.full = true;
    this.groups.length = kept;
    while (this.groups.length > 0 && this.groups[this.groups.length - 1].lines.length === 0) this.groups.pop();
    this.shownLines = this.groups.reduce((sum, kept2) => sum + kept2.lines.length, 0);
  }
  /** The shown lines by file, each file that ripgrep stopped reading at a NUL byte followed by a note saying so. *{/}
  shown(displayOf) {
    const out = [];
    for (const group of this.groups) {
      const path = displayOf(group.rgPath);
      for (const line of group.lines) out.push({ path, lineNumber: line.lineNumber, isMatch: line.isMatch, text: line.text });
      if (group.binaryAt !== null) out.push({ path, binaryAt: group.binaryAt });
    }
    return out;
  }
  get shownCount() {
    return this.shownLines;
  }
  /** ripgrep's own totals from --stats, when it lived to print them. *{/}
  stats() {
    return parseStats(this.otherLines);
  }
  /** The paths (as ripgrep printed them) of the files shown. *{/}
  shownPaths() {
    return this.groups.map((group) => group.rgPath);
  }
};

// src/tools/code_search/rg-args.ts
var STDIN_PATH = "-";
function ripgrepArgs(options) {
  const args = [
    "--no-config",
    "--hidden",
    // .gitignore is respected in a folder that is not (yet) a git repository too.
    "--no-require-git",
    ...options.noIgnore === true ? ["--no-ignore"] : [],
    // Unreadable files are skipped quietly; pattern and glob errors are still reported.
    "--no-messages",
    "--color=never",
    "--with-filename",
    // Each path ends at a NUL, which no file name holds: a name with a newline, a colon or a leading
    // dash is read whole (rg-output.ts).
    "--null",
    // ripgrep's own totals, in both modes: they count the matches of a file it stopped reading at a
    // NUL byte, which files mode's counts leave out (rg-output.ts reads what they differ by).
    "--stats",
    options.ignoreCase ? "--ignore-case" : "--case-sensitive"
  ];
  if (options.fixed) args.push("--fixed-strings");
  if (options.fileName !== null) args.push("--text");
  if (options.mode === "files") {
    args.push("--count-matches");
  } else {
    args.push("--line-number", "--column", "--no-heading", "--no-context-separator");
    args.push(`--context=${options.contextLines}`);
  }
  if (options.glob !== null) args.push(`--glob=${options.glob}`);
  args.push("--glob=!.git");
  if (options.excludeRuns) args.push(`--glob=!/${RUNS_FOLDER_NAME}`);
  args.push(`--regexp=${options.pattern}`, "--");
  if (options.fileName !== null) args.push(options.fileName);
  return args;
}

// src/tools/code_search/result.ts
function withIgnored(result, ignored, maxBytes) {
  if (ignored === null) return result;
  const meta = { ...result.meta, ignored_matches: ignored.matches, ignored_files: ignored.files };
  if (ignored.files === 0) return { text: result.text, meta };
  const text = `${result.text}
${ignoredLine(ignored)}`;
  return { text: utf8Bytes(text) <= maxBytes ? text : result.text, meta };
}
function searchResult(collector, shape) {
  const stopped = shape.stoppedAfterSeconds === null ? null : stoppedText(shape.stoppedAfterSeconds);
  let totals;
  let shaped;
  let leftOut;
  if (collector instanceof ContentCollector) {
    collector.finish();
    totals = collector.stats() ?? { matches: collector.matchedLines, files: collector.files };
    leftOut = collector.resultLines - collector.shownCount;
    shaped = formatContentResult(collector.shown(shape.displayOf), leftOut, totals, shape.withGroups, shape.maxBytes, stopped);
  } else {
    collector.finish();
    const listed = { matches: collector.matches, files: collector.files };
    totals = collector.stats() ?? listed;
    const binaryFiles = { matches: totals.matches - listed.matches, files: totals.files - listed.files };
    const shown = collector.shown.map((entry) => ({ path: shape.displayOf(entry.rgPath), count: entry.count }));
    leftOut = listed.files - shown.length + Math.max(0, binaryFiles.files);
    shaped = formatFilesResult(shown, listed.files - shown.length, totals, shape.maxBytes, stopped, binaryFiles);
  }
  const truncated = stopped !== null || leftOut > 0 || shaped.cut;
  const meta = { matches: totals.matches, files: totals.files, truncated };
  if (totals.files === 0) {
    const none = noMatchText(shape.pattern, shape.shownRoot, shape.echoMaxChars);
    return { text: stopped === null ? none : `${none}
${stopped}`, meta };
  }
  return { text: shaped.text, meta };
}

// src/tools/code_search/run.ts
function checkedArgs(args) {
  if (args.pattern.includes("\0")) throw new ToolError("invalid_pattern", nulInInputText("pattern"));
  if (args.glob !== null && args.glob.includes("\0")) throw new ToolError("invalid_pattern", nulInInputText("glob"));
  return args;
}
async function codeSearch(context, args) {
  const { io } = context;
  const search = checkedArgs(args);
  const root = resolveInsideHome(context, search.path ?? ".");
  const kind = io.fs.stat(root.real)?.kind;
  if (kind === void 0) throw noSuchPath(root.named);
  if (kind !== "folder" && kind !== "file") throw new ToolError("not_a_file", notSearchableText(root.named, kindWords(kind)));
  const { file: opened } = openInsideHome(context, root);
  try {
    return await searchOpened(context, search, root, kind, opened);
  } finally {
    opened.close();
  }
}
function ripgrepUnavailable(error) {
  return error instanceof RipgrepError ? new ToolError("unavailable", ripgrepFailureText(error.failure)) : error;
}
async function searchOpened(context, search, root, expected, opened) {
  const { io, request } = context;
  const kind = opened.info().kind;
  if (kind !== expected) throw new ToolError("not_a_file", changedWhileOpenedText(root.named));
  if (kind === "file" && isBinaryFile(opened)) {
    return { text: binaryFileText(root.display), meta: { matches: 0, files: 0, truncated: false } };
  }
  const real = opened.realPath();
  const { mode, contextLines, limit } = search;
  let binary;
  try {
    binary = io.search.findRipgrep(io.env);
  } catch (error) {
    throw ripgrepUnavailable(error);
  }
  const argsOptions = {
    ...search,
    excludeRuns: kind === "folder" && real === io.home,
    fileName: kind === "file" ? STDIN_PATH : null
  };
  const args = ripgrepArgs(argsOptions);
  const newSink = () => mode === "files" ? new FileCountCollector({ files: limit, shortLineMaxBytes: SEARCH_SHORT_LINE_MAX_BYTES }) : new ContentCollector({
    lines: limit,
    matchesPerFile: SEARCH_MAX_MATCHES_PER_FILE,
    contextLines,
    lineMaxChars: SEARCH_LINE_MAX_CHARS,
    matchLeadChars: SEARCH_MATCH_LEAD_CHARS,
    shortLineMaxBytes: SEARCH_SHORT_LINE_MAX_BYTES,
    statsMaxLines: SEARCH_STATS_MAX_LINES
  });
  const { exit, sink } = await io.search.run({
    binary,
    args,
    // A file comes as stdin, so ripgrep's folder is only where it starts; the home is always there.
    cwd: kind === "file" ? io.home : real,
    folder: kind === "folder" ? opened : void 0,
    input: kind === "file" ? opened : void 0,
    timeoutMs: SEARCH_TIMEOUT_SECONDS * 1e3,
    output: mode === "files" ? "line-per-file" : "unbounded",
    newSink
  }).catch((error) => {
    throw ripgrepUnavailable(error);
  });
  if (exit.interruptedBy !== void 0) throw new ToolError("interrupted", interruptedText(exit.interruptedBy));
  const refused = !exit.timedOut && exit.exitCode !== 0 && exit.exitCode !== 1 && (exit.exitCode !== 2 || exit.stderr.trim() !== "");
  if (refused) {
    const text = ripgrepRefusalText(exit.stderr, search.pattern, search.glob, search.fixed, SEARCH_ECHO_MAX_CHARS);
    throw new ToolError(exit.exitCode === 2 ? "invalid_pattern" : "internal", text);
  }
  const shape = {
    pattern: search.pattern,
    shownRoot: search.path === null ? "." : root.display,
    displayOf: displayOfFor(kind, root.display),
    withGroups: contextLines > 0,
    maxBytes: request.maxBytes,
    stoppedAfterSeconds: exit.timedOut ? SEARCH_TIMEOUT_SECONDS : null,
    echoMaxChars: SEARCH_ECHO_MAX_CHARS
  };
  const result = searchResult(sink, shape);
  if (kind !== "folder" || result.meta.truncated || exit.timedOut || !underIgnoreFile(context, real)) return result;
  const shownPaths = sink instanceof FileCountCollector ? sink.shown.map((entry) => entry.rgPath) : sink.shownPaths();
  const ignored = await countIgnored(context, binary, { ...argsOptions, mode: "files", contextLines: 0, noIgnore: true }, opened, result.meta, shownPaths, shape.displayOf, root.display);
  return withIgnored(result, ignored, request.maxBytes);
}
var IGNORE_FILE_NAMES = [".gitignore", ".ignore", ".rgignore"];
function underIgnoreFile(context, folder) {
  const home = context.io.home;
  for (let at = folder; ; at = at.slice(0, Math.max(1, at.lastIndexOf("/")))) {
    for (const name of IGNORE_FILE_NAMES) if (context.io.fs.stat(`${at === "/" ? "" : at}/${name}`)?.kind === "file") return true;
    if (at === home || at === "/" || !at.startsWith(`${home}/`)) return false;
  }
}
async function countIgnored(context, binary, options, folder, found, shownPaths, displayOf, rootDisplay) {
  const shown = new Set(shownPaths);
  try {
    const { exit, sink } = await context.io.search.run({
      binary,
      args: ripgrepArgs(options),
      cwd: context.io.home,
      folder,
      timeoutMs: SEARCH_IGNORED_TIMEOUT_SECONDS * 1e3,
      output: "line-per-file",
      // The best-ranked files, one more than the search found: at least one of them is a hidden one.
      newSink: () => new FileCountCollector({ files: shown.size + 1, shortLineMaxBytes: SEARCH_SHORT_LINE_MAX_BYTES })
    });
    const finished = exit.exitCode === 0 || exit.exitCode === 1 || exit.exitCode === 2 && exit.stderr.trim() === "";
    if (exit.timedOut || exit.interruptedBy !== void 0 || !finished) return null;
    sink.finish();
    const all = sink.stats() ?? { matches: sink.matches, files: sink.files };
    const hidden = sink.shown.find((entry) => !shown.has(entry.rgPath));
    const files = all.files - found.files;
    if (files <= 0 || hidden === void 0) return { matches: 0, files: 0, example: "", searchPath: "" };
    const slash = hidden.rgPath.indexOf("/");
    const first = slash === -1 ? hidden.rgPath : hidden.rgPath.slice(0, slash);
    return {
      matches: all.matches - found.matches,
      files,
      example: displayOf(hidden.rgPath),
      searchPath: rootDisplay === "." ? first : `${rootDisplay}/${first}`
    };
  } catch {
    return null;
  }
}
function displayOfFor(kind, rootDisplay) {
  if (kind === "file") {
    const shown = shownPath(rootDisplay);
    return () => shown;
  }
  return rootDisplay === "." ? (rgPath) => shownPath(rgPath) : (rgPath) => shownPath(`${rootDisplay}/${rgPath}`);
}
function isBinaryFile(file) {
  const buffer = new Uint8Array(BINARY_SNIFF_BYTES);
  const start = buffer.subarray(0, file.readAt(buffer, BINARY_SNIFF_BYTES, 0));
  return !startsWithUtf16Mark(start) && start.indexOf(0) !== -1;
}

// src/tools/file_read/format.ts
function clipLine(text, maxChars) {
  const total = codePointCount(text);
  if (total <= maxChars) return { text, cutChars: 0 };
  return { text: firstCodePoints(text, maxChars), cutChars: total - maxChars };
}
function clipMarker(cutChars) {
  return cutChars > 0 ? `\u2026 [+${cutChars} chars]` : "";
}
function numberedLine(lineNumber, width, line) {
  return `${String(lineNumber).padStart(width)}	${line.text}${clipMarker(line.cutChars)}`;
}
function encodingNote(encoding) {
  return encoding === null ? "" : ` (${encoding})`;
}
function fileReadHeader(displayPath, first, last, totalLines, encoding = null) {
  return `${displayPath} \xB7 lines ${first}\u2013${last} of ${totalLines}${encodingNote(encoding)}`;
}
function stoppedLine(lastLine, maxBytes) {
  return `[stopped at line ${lastLine} to stay under ${maxBytes} bytes; continue with offset ${lastLine + 1}]`;
}
function binaryText(displayPath, sizeBytes) {
  return `${displayPath} is binary (${sizeBytes} bytes); not shown`;
}
function emptyText(displayPath, encoding = null) {
  return `${displayPath} is empty${encodingNote(encoding)}`;
}
function pastEndText(displayPath, totalLines, offset) {
  return `${displayPath} has ${totalLines} ${totalLines === 1 ? "line" : "lines"}; offset ${offset} is past the end`;
}
function shownBytes(displayPath, offset, lineBytes, count, totalLines, maxBytes, withStop, encoding) {
  const last = offset + count - 1;
  const width = String(last).length;
  let bytes = utf8Bytes(fileReadHeader(displayPath, offset, last, totalLines, encoding));
  for (let i = 0; i < count; i++) bytes += 1 + width + 1 + lineBytes[i];
  if (withStop) bytes += 1 + utf8Bytes(stoppedLine(last, maxBytes));
  return bytes;
}
function formatFileRead(displayPath, offset, lines, totalLines, maxBytes, encoding = null) {
  const lineBytes = lines.map((line) => utf8Bytes(line.text) + utf8Bytes(clipMarker(line.cutChars)));
  let count = lines.length;
  let stopped = false;
  if (shownBytes(displayPath, offset, lineBytes, count, totalLines, maxBytes, false, encoding) > maxBytes) {
    stopped = true;
    let low = 0;
    let high = lines.length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (shownBytes(displayPath, offset, lineBytes, mid, totalLines, maxBytes, true, encoding) <= maxBytes) low = mid;
      else high = mid - 1;
    }
    count = low;
  }
  if (count === 0) return firstLineSqueezed(displayPath, offset, lines, totalLines, maxBytes, encoding);
  const last = offset + count - 1;
  const width = String(last).length;
  const parts = [fileReadHeader(displayPath, offset, last, totalLines, encoding)];
  for (let i = 0; i < count; i++) parts.push(numberedLine(offset + i, width, lines[i]));
  if (stopped) parts.push(stoppedLine(last, maxBytes));
  return { text: parts.join("\n"), lastLine: last, stopped };
}
function firstLineSqueezed(displayPath, offset, lines, totalLines, maxBytes, encoding) {
  const first = lines[0];
  const more = lines.length > 1;
  const header = fileReadHeader(displayPath, offset, offset, totalLines, encoding);
  const prefix = `${offset}	`;
  const fullChars = codePointCount(first.text) + first.cutChars;
  const reserved = utf8Bytes(header) + 1 + utf8Bytes(prefix) + utf8Bytes(clipMarker(fullChars)) + (more ? 1 + utf8Bytes(stoppedLine(offset, maxBytes)) : 0);
  const kept = prefixWithinBytes(first.text, maxBytes - reserved);
  const line = { text: kept, cutChars: fullChars - codePointCount(kept) };
  const parts = [header, numberedLine(offset, String(offset).length, line)];
  if (more) parts.push(stoppedLine(offset, maxBytes));
  return { text: parts.join("\n"), lastLine: offset, stopped: more };
}

// src/text/sniff.ts
var NUL3 = 0;
var BinarySniffer = class {
  binary = false;
  sniffed = 0;
  feed(chunk) {
    if (this.sniffed >= BINARY_SNIFF_BYTES) return;
    const sample = chunk.subarray(0, BINARY_SNIFF_BYTES - this.sniffed);
    if (sample.indexOf(NUL3) !== -1) this.binary = true;
    this.sniffed += sample.length;
  }
};

// src/text/utf16.ts
function utf16ByteOrder(firstBytes) {
  if (firstBytes.length < 2) return null;
  if (firstBytes[0] === 255 && firstBytes[1] === 254) {
    return firstBytes[2] === 0 && firstBytes[3] === 0 ? null : "UTF-16 LE";
  }
  if (firstBytes[0] === 254 && firstBytes[1] === 255) return "UTF-16 BE";
  return null;
}
var REPLACEMENT_CHARACTER = "\uFFFD";
var Utf16ToUtf8 = class {
  // The platform's decoder handles the surrogates; big-endian input is swapped into little-endian
  // first, since a Node built without full ICU decodes only `utf-16le`.
  decoder = new TextDecoder("utf-16le");
  bigEndian;
  heldByte = -1;
  constructor(byteOrder) {
    this.bigEndian = byteOrder === "UTF-16 BE";
  }
  transcode(piece) {
    return encodeUtf8(this.decoder.decode(this.evenBytes(piece), { stream: true }));
  }
  /** What is left at the end of the file. *{/}
  finish() {
    const rest = this.decoder.decode() + (this.heldByte === -1 ? "" : REPLACEMENT_CHARACTER);
    this.heldByte = -1;
    return encodeUtf8(rest);
  }
  /** The held byte and the piece, cut to whole code units (the odd one held), little-endian. *{/}
  evenBytes(piece) {
    if (piece.length === 0) return piece;
    const held = this.heldByte === -1 ? 0 : 1;
    const total = held + piece.length;
    const even = total - total % 2;
    if (held === 0 && !this.bigEndian && even === piece.length) return piece;
    const units = new Uint8Array(even);
    if (held === 1) units[0] = this.heldByte;
    units.set(piece.subarray(0, even - held), held);
    this.heldByte = total % 2 === 1 ? piece[piece.length - 1] : -1;
    if (this.bigEndian) {
      for (let i = 0; i < even; i += 2) {
        const high = units[i];
        units[i] = units[i + 1];
        units[i + 1] = high;
      }
    }
    return units;
  }
};

// src/tools/file_read/scan.ts
var NEWLINE3 = 10;
var CARRIAGE_RETURN2 = 13;
var lineDecoder = new TextDecoder("utf-8");
var LineCollector = class {
  constructor(maxChars) {
    this.maxChars = maxChars;
    this.decoder.decode();
  }
  maxChars;
  decoder = lineDecoder;
  kept = "";
  keptChars = 0;
  extraChars = 0;
  heldCarriageReturn = false;
  feed(bytes) {
    if (bytes.length === 0) return;
    if (this.heldCarriageReturn) {
      this.heldCarriageReturn = false;
      this.take(this.decoder.decode(Uint8Array.of(CARRIAGE_RETURN2), { stream: true }));
    }
    if (bytes[bytes.length - 1] === CARRIAGE_RETURN2) {
      this.heldCarriageReturn = true;
      bytes = bytes.subarray(0, bytes.length - 1);
    }
    this.take(this.decoder.decode(bytes, { stream: true }));
  }
  /** The line ended: at a \n (a held \r is its CRLF and is dropped) or at the end of the file. *{/}
  finish(atNewline) {
    if (this.heldCarriageReturn && !atNewline) {
      this.take(this.decoder.decode(Uint8Array.of(CARRIAGE_RETURN2), { stream: true }));
    }
    this.take(this.decoder.decode());
    if (this.extraChars === 0 && this.keptChars <= this.maxChars) return { text: this.kept, cutChars: 0 };
    const clipped = clipLine(this.kept, this.maxChars);
    return { text: clipped.text, cutChars: clipped.cutChars + this.extraChars };
  }
  take(text) {
    if (text === "") return;
    if (this.keptChars > this.maxChars) {
      this.extraChars += codePointCount(text);
      return;
    }
    this.kept += text;
    this.keptChars += codePointCount(text);
  }
};
var FileScanner = class {
  constructor(offset, limit, lineMaxChars) {
    this.offset = offset;
    this.lineMaxChars = lineMaxChars;
    this.lastWanted = offset + limit - 1;
    this.collector = offset === 1 ? new LineCollector(lineMaxChars) : null;
  }
  offset;
  lineMaxChars;
  lastWanted;
  lines = [];
  sniffer = new BinarySniffer();
  lineNumber = 1;
  collector;
  totalBytes = 0;
  lastByte = -1;
  feed(chunk) {
    if (chunk.length === 0) return;
    this.sniffer.feed(chunk);
    const binary = this.sniffer.binary;
    this.totalBytes += chunk.length;
    this.lastByte = chunk[chunk.length - 1];
    let start = 0;
    for (; ; ) {
      const newline = chunk.indexOf(NEWLINE3, start);
      if (newline === -1) {
        if (this.collector && !binary) this.collector.feed(chunk.subarray(start));
        return;
      }
      if (this.collector) {
        if (!binary) {
          this.collector.feed(chunk.subarray(start, newline));
          this.lines.push(this.collector.finish(true));
        }
        this.collector = null;
      }
      this.lineNumber++;
      if (this.lineNumber >= this.offset && this.lineNumber <= this.lastWanted) {
        this.collector = new LineCollector(this.lineMaxChars);
      }
      start = newline + 1;
    }
  }
  finish() {
    const binary = this.sniffer.binary;
    const endsWithNewline = this.lastByte === NEWLINE3;
    if (this.collector && !binary && this.totalBytes > 0 && !endsWithNewline) this.lines.push(this.collector.finish(false));
    const totalLines = this.totalBytes === 0 ? 0 : endsWithNewline ? this.lineNumber - 1 : this.lineNumber;
    return { totalBytes: this.totalBytes, totalLines, binary, lines: binary ? [] : this.lines, encoding: null };
  }
};
var Utf16FileScanner = class {
  constructor(byteOrder, offset, limit, lineMaxChars) {
    this.byteOrder = byteOrder;
    this.transcoder = new Utf16ToUtf8(byteOrder);
    this.inner = new FileScanner(offset, limit, lineMaxChars);
  }
  byteOrder;
  transcoder;
  inner;
  totalBytes = 0;
  feed(chunk) {
    this.totalBytes += chunk.length;
    this.inner.feed(this.transcoder.transcode(chunk));
  }
  finish() {
    this.inner.feed(this.transcoder.finish());
    return { ...this.inner.finish(), totalBytes: this.totalBytes, encoding: this.byteOrder };
  }
};
function scannerFor(firstChunk, offset, limit, lineMaxChars) {
  const byteOrder = utf16ByteOrder(firstChunk);
  return byteOrder === null ? new FileScanner(offset, limit, lineMaxChars) : new Utf16FileScanner(byteOrder, offset, limit, lineMaxChars);
}
function readBufferBytes(sizeBytes, minBytes, maxBytes) {
  return Math.min(maxBytes, Math.max(minBytes, sizeBytes + 1));
}

// src/tools/file_read/run.ts
function readFile(context, file, sizeBytes, args) {
  const hasher = context.io.sha256(sizeBytes);
  let scanner = null;
  const buffer = new Uint8Array(readBufferBytes(sizeBytes, READ_CHUNK_MIN_BYTES, READ_CHUNK_BYTES));
  for (; ; ) {
    const read = file.read(buffer);
    if (read === 0) break;
    const chunk = buffer.subarray(0, read);
    hasher.update(chunk);
    scanner ??= scannerFor(chunk, args.offset, args.limit, FILE_READ_LINE_MAX_CHARS);
    scanner.feed(chunk);
  }
  scanner ??= new FileScanner(args.offset, args.limit, FILE_READ_LINE_MAX_CHARS);
  return { ...scanner.finish(), hash: hasher.hexDigest() };
}
function fileRead(context, args) {
  const { maxBytes } = context.request;
  const { offset } = args;
  const { file, path, info } = openFileInsideHome(context, args.path);
  let scan;
  try {
    scan = readFile(context, file, info.size, args);
  } finally {
    file.close();
  }
  const meta = {
    path: path.real,
    range: null,
    content_hash: scan.hash,
    lines: scan.totalLines,
    display_path: path.display
  };
  if (scan.encoding !== null) meta.encoding = scan.encoding;
  if (scan.binary) return { text: binaryText(path.display, scan.totalBytes), meta };
  if (scan.totalLines === 0) return { text: emptyText(path.display, scan.encoding), meta };
  if (offset > scan.totalLines) return { text: pastEndText(path.display, scan.totalLines, offset), meta };
  const shaped = formatFileRead(path.display, offset, scan.lines, scan.totalLines, maxBytes, scan.encoding);
  meta.range = [offset, shaped.lastLine];
  return { text: shaped.text, meta };
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
function stripAnsi(string) {
  if (typeof string !== "string") {
    throw new TypeError(`Expected a \`string\`, got \`${typeof string}\``);
  }
  if (!string.includes("\x1B") && !string.includes("\x9B")) {
    return string;
  }
  return string.replace(regex, "");
}

// src/tools/shell/long-line.ts
var EMPTY_LINE = { head: "", gap: null, tail: "" };
var nativeByteLength = typeof Buffer === "function" ? Buffer.byteLength : void 0;
function textBytes(text) {
  return nativeByteLength ? nativeByteLength(text, "utf8") : utf8Bytes(text);
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
function firstChars(text, chars) {
  let end = Math.min(chars, text.length);
  if (splitsPair(text, end)) end--;
  return text.slice(0, end);
}
function lastChars(text, chars) {
  let start = Math.max(0, text.length - chars);
  if (splitsPair(text, start)) start++;
  return text.slice(start);
}
function dropChars(text, chars) {
  let start = Math.min(chars, text.length);
  if (splitsPair(text, start)) start++;
  return text.slice(start);
}
function lineChars(line) {
  return line.head.length + (line.gap?.chars ?? 0) + line.tail.length;
}
function lineFromText(text, keepChars) {
  return compact({ head: text, gap: null, tail: "" }, keepChars);
}
function compact(line, keepChars) {
  let { head, gap, tail } = line;
  if (!gap) {
    if (head.length <= 3 * keepChars) return line;
    const first = firstChars(head, keepChars);
    const rest = head.slice(first.length);
    const last = lastChars(rest, keepChars);
    const middle = rest.slice(0, rest.length - last.length);
    return { head: first, gap: { chars: middle.length, bytes: textBytes(middle) }, tail: last };
  }
  if (head.length > 2 * keepChars) {
    const first = firstChars(head, keepChars);
    const moved = head.slice(first.length);
    gap = { chars: gap.chars + moved.length, bytes: gap.bytes + textBytes(moved) };
    head = first;
  }
  if (tail.length > 2 * keepChars) {
    const last = lastChars(tail, keepChars);
    const moved = tail.slice(0, tail.length - last.length);
    gap = { chars: gap.chars + moved.length, bytes: gap.bytes + textBytes(moved) };
    tail = last;
  }
  return { head, gap, tail };
}
function concatLines(first, second, keepChars) {
  if (!first.gap && !second.gap) return compact({ head: first.head + second.head, gap: null, tail: "" }, keepChars);
  if (!first.gap) return compact({ head: first.head + second.head, gap: second.gap, tail: second.tail }, keepChars);
  if (!second.gap) return compact({ head: first.head, gap: first.gap, tail: first.tail + second.head }, keepChars);
  const between = first.tail + second.head;
  return {
    head: first.head,
    gap: {
      chars: first.gap.chars + between.length + second.gap.chars,
      bytes: first.gap.bytes + textBytes(between) + second.gap.bytes
    },
    tail: second.tail
  };
}
function dropLineStart(line, chars) {
  if (chars <= 0) return line;
  if (chars <= line.head.length) return { ...line, head: dropChars(line.head, chars) };
  const gap = line.gap;
  if (gap && chars < line.head.length + gap.chars) {
    const left = gap.chars - (chars - line.head.length);
    const bytes = Math.min(4 * left, Math.max(left, Math.round(gap.bytes * left / gap.chars)));
    return { head: "", gap: { chars: left, bytes }, tail: line.tail };
  }
  const fromTail = chars - line.head.length - (gap?.chars ?? 0);
  return { head: dropChars(line.tail, fromTail), gap: null, tail: "" };
}
function overwriteLine(redraw2, line, keepChars) {
  const covered = lineChars(redraw2);
  if (covered >= lineChars(line)) return redraw2;
  return concatLines(redraw2, dropLineStart(line, covered), keepChars);
}

// src/tools/shell/terminal-line.ts
var LINE_CONTROL_SOURCE = String.raw`(?:\u001b\[|\u009b)([0-9]*)([KGCD])`;
var LINE_CONTROL = new RegExp(LINE_CONTROL_SOURCE);
var STRING_CONTROL = String.raw`(?:\u001b[\]PX^_k]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u0018\u001a\u001b\u0080-\u009f]*(?:\u0007|\u001b\\|\u009c)`;
var TOKENS = new RegExp(`(${STRING_CONTROL})|(\r)|${LINE_CONTROL_SOURCE}`, "g");
function hasLineControl(text) {
  return LINE_CONTROL.test(text);
}
var EMPTY_CURSOR_LINE = { drawn: EMPTY_LINE, column: 0, written: EMPTY_LINE };
function takeLineStart(line, chars, keepChars) {
  if (chars >= lineChars(line)) return line;
  if (chars <= line.head.length) return lineFromText(firstChars(line.head, chars), keepChars);
  const gap = line.gap;
  const inGap = chars - line.head.length;
  if (inGap <= gap.chars) {
    const bytes = Math.min(4 * inGap, Math.max(inGap, Math.round(gap.bytes * inGap / gap.chars)));
    return { head: line.head, gap: { chars: inGap, bytes }, tail: "" };
  }
  return { head: line.head, gap, tail: firstChars(line.tail, inGap - gap.chars) };
}
function blanks(chars, keepChars) {
  if (chars <= 3 * keepChars) return lineFromText(" ".repeat(chars), keepChars);
  const end = " ".repeat(keepChars);
  return { head: end, gap: { chars: chars - 2 * keepChars, bytes: chars - 2 * keepChars }, tail: end };
}
function shownLine(line, keepChars) {
  const { drawn, column, written } = line;
  const writtenChars = lineChars(written);
  if (writtenChars === 0) return drawn;
  if (column === 0) return overwriteLine(written, drawn, keepChars);
  const drawnChars = lineChars(drawn);
  if (column >= drawnChars) {
    return concatLines(concatLines(drawn, blanks(column - drawnChars, keepChars), keepChars), written, keepChars);
  }
  const before = concatLines(takeLineStart(drawn, column, keepChars), written, keepChars);
  return concatLines(before, dropLineStart(drawn, column + writtenChars), keepChars);
}
function writeText(line, text, keepChars) {
  if (text === "") return line;
  return { ...line, written: concatLines(line.written, lineFromText(text, keepChars), keepChars) };
}
function applyControl(line, command, parameter, keepChars) {
  const drawn = shownLine(line, keepChars);
  const cursor = line.column + lineChars(line.written);
  const count = parameter === "" ? 0 : Number(parameter);
  const rightLimit = Math.max(cursor, lineChars(drawn), SHELL_CURSOR_MOVE_MAX_COLUMNS);
  switch (command) {
    case "\r":
      return { drawn, column: 0, written: EMPTY_LINE };
    case "G":
      return { drawn, column: Math.min(Math.max(count, 1) - 1, rightLimit), written: EMPTY_LINE };
    case "C":
      return { drawn, column: Math.min(cursor + Math.max(count, 1), rightLimit), written: EMPTY_LINE };
    case "D":
      return { drawn, column: Math.max(0, cursor - Math.max(count, 1)), written: EMPTY_LINE };
    case "K": {
      if (parameter === "" || count === 0) {
        return { drawn: cursor >= lineChars(drawn) ? drawn : takeLineStart(drawn, cursor, keepChars), column: cursor, written: EMPTY_LINE };
      }
      if (count === 1) {
        const erased = cursor + 1;
        const rest = erased >= lineChars(drawn) ? EMPTY_LINE : concatLines(blanks(erased, keepChars), dropLineStart(drawn, erased), keepChars);
        return { drawn: rest, column: cursor, written: EMPTY_LINE };
      }
      if (count === 2) return { drawn: EMPTY_LINE, column: cursor, written: EMPTY_LINE };
      return { drawn, column: cursor, written: EMPTY_LINE };
    }
    default:
      return line;
  }
}
function drawText(line, text, keepChars) {
  let at = 0;
  TOKENS.lastIndex = 0;
  for (let match = TOKENS.exec(text); match; match = TOKENS.exec(text)) {
    if (match[1] !== void 0) continue;
    line = writeText(line, stripAnsi(text.slice(at, match.index)), keepChars);
    line = match[2] !== void 0 ? applyControl(line, "\r", "", keepChars) : applyControl(line, match[4], match[3], keepChars);
    at = TOKENS.lastIndex;
  }
  return writeText(line, stripAnsi(text.slice(at)), keepChars);
}
var WHOLE_LINE_KEEP_CHARS = Number.MAX_SAFE_INTEGER / 8;
function drawLine(text) {
  return shownLine(drawText(EMPTY_CURSOR_LINE, text, WHOLE_LINE_KEEP_CHARS), WHOLE_LINE_KEEP_CHARS).head;
}

// src/tools/shell/clean.ts
var NEWLINE4 = 10;
var CARRIAGE_RETURN3 = 13;
var ESCAPE = 27;
var C1_LEAD = 194;
var INTRODUCERS = /[\u001b\u0090\u0098\u009b\u009d\u009e\u009f]/g;
var CLEAN_BATCH_BYTES = 16384;
var OPEN_ESCAPE_MAX_CHARS = 4096;
var fatalDecoder = new TextDecoder("utf-8", { fatal: true });
function isUtf8ByDecoding(bytes) {
  try {
    fatalDecoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
function cleanLine(line) {
  return hasLineControl(line) ? drawLine(line) : redrawLine(stripAnsi(line));
}
function redrawLine(text) {
  if (!text.includes("\r")) return text;
  let shown = "";
  for (const part of text.split("\r")) shown = redraw(part, shown);
  return shown;
}
var PAYLOAD_INTRODUCERS = /\u001b[\]PX^_k]|[\u0090\u0098\u009d\u009e\u009f]/;
var LINE_WITH_RETURN = /[^\n]*\r[^\n]*{/}g;
function cleanLines(text) {
  if (PAYLOAD_INTRODUCERS.test(text) || hasLineControl(text)) return text.split("\n").map(cleanLine).join("\n");
  const stripped = stripAnsi(text);
  return stripped.includes("\r") ? stripped.replace(LINE_WITH_RETURN, redrawLine) : stripped;
}
function redraw(part, shown) {
  if (part.length >= shown.length) return part;
  return part + dropChars(shown, part.length);
}
var StreamingCleaner = class {
  constructor(sink, options) {
    this.sink = sink;
    this.keepChars = options.keepChars;
    this.pendingMaxChars = 4 * options.keepChars + OPEN_ESCAPE_MAX_CHARS;
    this.isUtf8 = options.isUtf8 ?? isUtf8ByDecoding;
    this.isAscii = options.isAscii;
  }
  sink;
  keepChars;
  pendingMaxChars;
  isUtf8;
  decoder = new TextDecoder("utf-8");
  wholeDecoder = new TextDecoder("utf-8");
  /** False while the decoder may hold the first bytes of a character split between pieces. *{/}
  decoderEmpty = true;
  isAscii;
  /** Whether a line has started and not ended. *{/}
  lineOpen = false;
  /** Text of the open line that has not been cleaned yet. *{/}
  raw = "";
  /** Set once the open line outgrew `raw`: the line as drawn so far, with its cursor. *{/}
  long = null;
  write(chunk) {
    const end = chunk.length;
    let pos = 0;
    if (this.lineOpen) {
      const newline = chunk.indexOf(NEWLINE4);
      if (newline === -1) {
        this.take(chunk);
        return;
      }
      this.take(chunk.subarray(0, newline));
      this.endLine(true);
      pos = newline + 1;
    }
    const lastNewline = chunk.lastIndexOf(NEWLINE4);
    if (lastNewline >= pos) {
      let dirty = lastNewline + 1;
      for (const byte of [ESCAPE, CARRIAGE_RETURN3, C1_LEAD]) {
        const at = chunk.indexOf(byte, pos);
        if (at !== -1 && at < dirty) dirty = at;
      }
      const cleanEnd = dirty > lastNewline ? lastNewline + 1 : Math.max(pos, chunk.lastIndexOf(NEWLINE4, dirty) + 1);
      if (cleanEnd > pos) this.passThrough(chunk.subarray(pos, cleanEnd));
      for (let start = cleanEnd; start <= lastNewline; ) {
        let stop = start + CLEAN_BATCH_BYTES > lastNewline ? lastNewline : chunk.lastIndexOf(NEWLINE4, start + CLEAN_BATCH_BYTES);
        if (stop < start) stop = chunk.indexOf(NEWLINE4, start + CLEAN_BATCH_BYTES);
        this.sink.write(encodeUtf8(cleanLines(this.wholeDecoder.decode(chunk.subarray(start, stop + 1)))));
        start = stop + 1;
      }
      pos = lastNewline + 1;
    }
    if (pos < end) this.take(chunk.subarray(pos));
  }
  /** The characters held of the open line: bounded whatever the line (its memory, for tests). *{/}
  heldChars() {
    const long = this.long === null ? 0 : lineChars(this.long.drawn) - (this.long.drawn.gap?.chars ?? 0) + lineChars(this.long.written) - (this.long.written.gap?.chars ?? 0);
    return this.raw.length + long;
  }
  /** The output ended: a last line without \n is still a line. *{/}
  end() {
    if (this.lineOpen) this.endLine(false);
  }
  passThrough(lines) {
    if (this.isUtf8(lines)) this.sink.write(lines);
    else this.sink.write(encodeUtf8(new TextDecoder("utf-8").decode(lines)));
  }
  take(bytes) {
    this.lineOpen = true;
    for (let start = 0; start < bytes.length; start += this.pendingMaxChars) {
      const rest = bytes.subarray(start);
      if (this.appendPlainAscii(rest)) return;
      const piece = rest.subarray(0, this.pendingMaxChars);
      this.raw += this.decoder.decode(piece, { stream: true });
      this.decoderEmpty = piece[piece.length - 1] < 128;
      if (this.raw.length > this.pendingMaxChars) this.foldRaw(false);
    }
  }
  /**
   * The fast way through the middle of a long line: plain ASCII with nothing to clean needs no
   * decoding, only its two ends as text and its length. Taken only when nothing waits before it.
   *{/}
  appendPlainAscii(bytes) {
    if (this.long === null || this.raw !== "" || !this.decoderEmpty || !this.isAscii || bytes.length <= 2 * this.keepChars || bytes.indexOf(ESCAPE) !== -1 || bytes.indexOf(CARRIAGE_RETURN3) !== -1 || !this.isAscii(bytes)) {
      return false;
    }
    const keep = this.keepChars;
    const ascii = new TextDecoder("utf-8");
    const middle = bytes.length - 2 * keep;
    const line = {
      head: ascii.decode(bytes.subarray(0, keep)),
      gap: { chars: middle, bytes: middle },
      tail: ascii.decode(bytes.subarray(bytes.length - keep))
    };
    this.long = { ...this.long, written: concatLines(this.long.written, line, keep) };
    return true;
  }
  /** Clean what has arrived of a long line into its long form, holding back an escape still open. *{/}
  foldRaw(lineEnded) {
    let text = this.raw;
    this.raw = "";
    if (!lineEnded) {
      const hold = lastIntroducer(text, OPEN_ESCAPE_MAX_CHARS);
      if (hold !== -1) {
        this.raw = text.slice(hold);
        text = text.slice(0, hold);
      }
    }
    this.long = drawText(this.long ?? EMPTY_CURSOR_LINE, text, this.keepChars);
  }
  endLine(atNewline) {
    this.raw += this.decoder.decode();
    this.decoderEmpty = true;
    if (this.long === null) {
      this.sink.write(encodeUtf8(cleanLine(this.raw) + (atNewline ? "\n" : "")));
    } else {
      this.foldRaw(true);
      const line = shownLine(this.long, this.keepChars);
      this.sink.write(encodeUtf8(line.head));
      if (line.gap) {
        this.sink.skip(line.gap.bytes);
        this.sink.write(encodeUtf8(line.tail));
      }
      if (atNewline) this.sink.write(encodeUtf8("\n"));
    }
    this.raw = "";
    this.long = null;
    this.lineOpen = false;
  }
};
function lastIntroducer(text, withinChars) {
  const from = Math.max(0, text.length - withinChars);
  INTRODUCERS.lastIndex = from;
  let last = -1;
  for (let match = INTRODUCERS.exec(text); match; match = INTRODUCERS.exec(text)) last = match.index;
  return last;
}
function cleanTerminalOutput(text) {
  const pieces = [];
  const cleaner = new StreamingCleaner(
    { write: (bytes) => void pieces.push(copyBytes(bytes)), skip: () => void 0 },
    { keepChars: Number.MAX_SAFE_INTEGER / 8 }
  );
  cleaner.write(encodeUtf8(text));
  cleaner.end();
  let length = 0;
  for (const piece of pieces) length += piece.length;
  const all = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    all.set(piece, at);
    at += piece.length;
  }
  return new TextDecoder("utf-8").decode(all);
}

// src/tools/shell/failure-lines.ts
var FAILURE_PATTERNS = [
  // gcc/clang `x.c:3:5: error: ...`, rustc `error[E0308]: ...`, tsc `a.ts(1,7): error TS2322: ...`, `ERROR: ...`,
  // JS `Error: ...`
  { name: "error:, error[E\u2026]:, error TS\u2026:", pattern: /\b(?:error|Error|ERROR)(?:\[[A-Za-z]*\d+\]| TS\d+)?:/ },
  // Python and JS exceptions: `ValueError: ...`, `AssertionError [ERR_ASSERTION]: ...`, Java `...Exception: ...`
  { name: "SomethingError: / SomethingException:", pattern: /\b[A-Z]\w*(?:Error|Exception)(?::|\s\[|$)/ },
  // jest/vitest `FAIL file`, pytest `FAILED`, cargo `... FAILED`, go `--- FAIL:`
  { name: "FAIL, FAILED", pattern: /\bFAIL(?:ED|URE)?\b/ },
  // At the start of a line: vitest's U+00D7, jest's U+2715, mocha's and others' U+2716, U+2717, U+2718.
  // Written as escapes, as every character outside ASCII in code: the bundles are ASCII.
  { name: "\xD7 \u2715 \u2716 \u2717 \u2718 starting a line", pattern: /^\s*[\u00d7\u2715\u2716\u2717\u2718]\s/ },
  // jest's heading of each failed test (U+25CF, a black circle, then `suite > test`); the same circle
  // then `Console` heads logged output
  { name: "jest \u25CF heading", pattern: /^\s*\u25cf (?!Console$)/ },
  { name: "Python Traceback", pattern: /^Traceback \(most recent call last\)/ },
  // go `panic: ...`, rust `thread 'main' panicked at src/main.rs:2:5:`
  { name: "panic:, panicked at", pattern: /^panic: |\bpanicked at\b/ },
  { name: "npm ERR!", pattern: /^npm ERR! / },
  // pytest's explanation lines (`E       assert 1 == 2`)
  { name: "pytest E lines", pattern: /^E {3}/ },
  // C `Assertion `x' failed.`, rust `assertion `left == right` failed`, `assertion failed: ...`
  { name: "assertion \u2026 failed", pattern: /\b[Aa]ssert(?:ion)?\b.*\bfailed\b/ },
  { name: "fatal:, FATAL", pattern: /^fatal: |\bFATAL\b/ },
  { name: "Segmentation fault", pattern: /\bSegmentation fault\b/ }
];
var PASSING_LINE = /^\s*(?:[\u2713\u2714\u221a]|PASS\b|ok\b)|\bPASSED\b|\.\.\. ok$/;
function looksLikeFailure(line) {
  if (PASSING_LINE.test(line)) return false;
  for (const { pattern: pattern2 } of FAILURE_PATTERNS) if (pattern2.test(line)) return true;
  return false;
}
var FAILURE_TRIGGERS = [
  "rror",
  "RROR",
  "Exception",
  "FAIL",
  "\xD7",
  "\u2715",
  "\u2716",
  "\u2717",
  "\u2718",
  "\u25CF",
  "Traceback",
  "panic",
  "npm ERR!",
  "E   ",
  "ssert",
  "fatal",
  "FATAL",
  "Segmentation fault"
];
function failuresWithin(scan, from, to) {
  return {
    lines: scan.lines.filter((line) => line.start >= from && line.end <= to),
    // Said only when the search stopped before the part's end.
    searchedTo: scan.searchedTo < to ? scan.searchedTo : Infinity
  };
}

// src/tools/shell/failure-scan.ts
var NEWLINE5 = 10;
var byteText = new TextDecoder("latin1");
var utf82 = new TextDecoder("utf-8");
var TRIGGERS = FAILURE_TRIGGERS.map((trigger) => byteText.decode(new TextEncoder().encode(trigger)));
function countNewlines(bytes, from, to) {
  let count = 0;
  let at = from;
  for (; at < to && (bytes.byteOffset + at) % 4 !== 0; at++) if (bytes[at] === NEWLINE5) count++;
  const words = Math.max(0, to - at >> 2);
  if (words > 0) {
    const view = new Uint32Array(bytes.buffer, bytes.byteOffset + at, words);
    for (let i = 0; i < words; i++) {
      const x = view[i] ^ 168430090;
      let zero = ~((x & 2139062143) + 2139062143 | x | 2139062143);
      if (zero !== 0) {
        zero >>>= 7;
        count += (zero & 1) + (zero >>> 8 & 1) + (zero >>> 16 & 1) + (zero >>> 24 & 1);
      }
    }
    at += words * 4;
  }
  for (; at < to; at++) if (bytes[at] === NEWLINE5) count++;
  return count;
}
function headText(bytes, maxBytes) {
  let end = Math.min(bytes.length, maxBytes);
  if (end < bytes.length) while (end > 0 && isContinuationByte(bytes[end])) end--;
  return utf82.decode(bytes.subarray(0, end));
}
var FailureLineScanner = class {
  constructor(limits) {
    this.limits = limits;
    this.lineHead = new Uint8Array(limits.lineSearchBytes);
  }
  limits;
  offset = 0;
  /** The number of the line that starts at `lineStart`. *{/}
  lineNumber = 1;
  lineStart = 0;
  lineLength = 0;
  lineHead;
  lineHeadLength = 0;
  inHead = [];
  after = [];
  searchedTo = Infinity;
  done = false;
  write(bytes) {
    if (this.done || bytes.length === 0) return;
    const base = this.offset;
    this.offset += bytes.length;
    const first = bytes.indexOf(NEWLINE5);
    if (first === -1) {
      this.extendLine(bytes);
    } else {
      this.extendLine(bytes.subarray(0, first));
      this.endLine();
      const last = bytes.lastIndexOf(NEWLINE5);
      if (last > first) this.searchLines(bytes, first + 1, last + 1, base);
      this.lineStart = base + last + 1;
      if (!this.done) this.extendLine(bytes.subarray(last + 1));
    }
    if (!this.done && this.offset >= this.limits.searchMaxBytes) {
      this.searchedTo = this.lineStart;
      this.done = true;
    }
  }
  /** Bytes of the open line that are counted, never seen (the middle of a very long line). *{/}
  skip(bytes) {
    if (this.done) return;
    this.offset += bytes;
    this.lineLength += bytes;
  }
  /** The output ended: its last line, without a line end, is a line too. *{/}
  end() {
    if (!this.done && this.lineLength > 0) this.endLine();
    this.done = true;
    const { maxLines, maxPercent } = this.limits;
    return { lines: [...this.inHead, ...this.after], searchedTo: this.searchedTo, maxLines, maxPercent };
  }
  extendLine(bytes) {
    const take = Math.min(bytes.length, this.lineHead.length - this.lineHeadLength);
    if (take > 0) this.lineHead.set(bytes.subarray(0, take), this.lineHeadLength);
    this.lineHeadLength += take;
    this.lineLength += bytes.length;
  }
  /** The open line ended with a \n (or the output did). *{/}
  endLine() {
    this.consider(this.lineHead.subarray(0, this.lineHeadLength), this.lineStart, this.lineLength, this.lineNumber);
    this.lineNumber++;
    this.lineStart += this.lineLength + 1;
    this.lineLength = 0;
    this.lineHeadLength = 0;
  }
  /** Whole lines bytes[from, to), `to` just after a \n: only those holding a trigger are looked at. *{/}
  searchLines(bytes, from, to, base) {
    const text = byteText.decode(bytes.subarray(from, to));
    const next = TRIGGERS.map(() => -1);
    let counted = 0;
    for (let at = 0; at < text.length && !this.done; ) {
      let hit = Infinity;
      for (let i = 0; i < TRIGGERS.length; i++) {
        if (next[i] < at && next[i] !== Infinity) {
          const found = text.indexOf(TRIGGERS[i], at);
          next[i] = found === -1 ? Infinity : found;
        }
        if (next[i] < hit) hit = next[i];
      }
      if (hit === Infinity) break;
      const start = hit === 0 ? 0 : text.lastIndexOf("\n", hit - 1) + 1;
      const end = text.indexOf("\n", hit);
      this.lineNumber += countNewlines(bytes, from + counted, from + start);
      counted = start;
      const line = bytes.subarray(from + start, from + end);
      this.consider(line.subarray(0, this.limits.lineSearchBytes), base + from + start, end - start, this.lineNumber);
      at = end + 1;
    }
    this.lineNumber += countNewlines(bytes, from + counted, to);
  }
  consider(head, start, length, number) {
    const text = headText(head, this.limits.lineSearchBytes);
    if (!looksLikeFailure(text)) return;
    const line = { number, start, end: start + length + 1, text: headText(head, this.limits.keptLineMaxBytes), bytes: length };
    if (start < this.limits.headBytes) {
      this.inHead.push(line);
    } else {
      this.after.push(line);
      if (this.after.length > this.limits.maxLines) {
        this.searchedTo = Infinity;
        this.done = true;
      }
    }
  }
};
var FailureWatch = class {
  constructor(collector, wholeBytes, limits) {
    this.collector = collector;
    this.wholeBytes = wholeBytes;
    this.limits = limits;
  }
  collector;
  wholeBytes;
  limits;
  scanner = null;
  write(bytes) {
    if (this.scanner === null && this.collector.totalBytes + bytes.length > this.wholeBytes) this.start();
    this.scanner?.write(bytes);
    this.collector.write(bytes);
  }
  skip(bytes) {
    if (this.scanner === null) this.start();
    this.scanner.skip(bytes);
    this.collector.skip(bytes);
  }
  /** The scan's result, for an output that is being elided (started now if it has not been). *{/}
  result(output) {
    if (this.scanner === null) {
      this.scanner = new FailureLineScanner(this.limits);
      if (output.whole) this.scanner.write(output.tail);
    }
    return this.scanner.end();
  }
  start() {
    this.scanner = new FailureLineScanner(this.limits);
    this.scanner.write(this.collector.tailBytes());
  }
};

// src/tools/shell/collect.ts
function headCapBytes(limits) {
  return Math.min(limits.headMaxBytes, Math.floor(limits.maxBytes / 4));
}
var OutputCollector = class {
  constructor(headKeepBytes, tailKeepBytes) {
    this.tailKeepBytes = tailKeepBytes;
    this.head = new Uint8Array(headKeepBytes);
  }
  tailKeepBytes;
  totalBytes = 0;
  /** True once a gap was counted: the tail then no longer reaches back to the head. *{/}
  skipped = false;
  head;
  headLength = 0;
  headClosed = false;
  tailPieces = [];
  tailLength = 0;
  write(bytes) {
    if (bytes.length === 0) return;
    this.totalBytes += bytes.length;
    if (!this.headClosed && this.headLength < this.head.length) {
      const take = Math.min(bytes.length, this.head.length - this.headLength);
      this.head.set(bytes.subarray(0, take), this.headLength);
      this.headLength += take;
    }
    if (bytes.length >= this.tailKeepBytes) {
      this.tailPieces = [copyBytes(bytes.subarray(bytes.length - this.tailKeepBytes))];
      this.tailLength = this.tailKeepBytes;
      return;
    }
    this.tailPieces.push(copyBytes(bytes));
    this.tailLength += bytes.length;
    while (this.tailLength - this.tailPieces[0].length >= this.tailKeepBytes) {
      this.tailLength -= this.tailPieces.shift().length;
    }
  }
  skip(bytes) {
    if (bytes <= 0) return;
    this.totalBytes += bytes;
    this.skipped = true;
    this.headClosed = true;
    this.tailPieces = [];
    this.tailLength = 0;
  }
  headBytes() {
    return this.head.subarray(0, this.headLength);
  }
  tailBytes() {
    const all = new Uint8Array(this.tailLength);
    let at = 0;
    for (const piece of this.tailPieces) {
      all.set(piece, at);
      at += piece.length;
    }
    return all.subarray(Math.max(0, this.tailLength - this.tailKeepBytes));
  }
};
function outputCollectorFor(limits) {
  return new OutputCollector(headCapBytes(limits) + 1, limits.maxBytes + 1);
}
function collectedOutput(collector) {
  const tail = collector.tailBytes();
  return {
    head: collector.headBytes(),
    tail,
    totalBytes: collector.totalBytes,
    whole: !collector.skipped && tail.length === collector.totalBytes
  };
}

// src/tools/shell/failure-watch.ts
function failureWatchFor(collector, limits) {
  return new FailureWatch(collector, limits.maxBytes + 1, {
    headBytes: headCapBytes(limits) + 1,
    maxLines: SHELL_KEPT_ERROR_LINES_MAX,
    maxPercent: SHELL_KEPT_ERRORS_MAX_PERCENT,
    searchMaxBytes: SHELL_ERROR_SEARCH_MAX_BYTES,
    lineSearchBytes: SHELL_ERROR_LINE_SEARCH_BYTES,
    keptLineMaxBytes: SHELL_KEPT_ERROR_LINE_MAX_BYTES
  });
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
    ghToken: ghTokenFor(io.env, io.home, cwd, realPath)
  });
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

// src/tools/shell/format.ts
var NEWLINE6 = 10;
var NO_OUTPUT_TEXT = "(no output)";
var PATH_CUT_MARK = "\u2026";
function timedOutLine(timeoutSeconds) {
  return `[timed out after ${timeoutSeconds}s; the command was stopped]`;
}
var INTERRUPTED_LINE = "[the helper was interrupted; the command was stopped]";
function shellTrailers(exitCode, stopLine, elapsedMs = 0, slowAfterMs = Infinity) {
  const lines = [];
  if (stopLine !== null) lines.push(stopLine);
  const took = elapsedMs > slowAfterMs ? formatElapsed(elapsedMs) : null;
  if (exitCode !== 0) lines.push(`exit_code: ${exitCode}` + (took === null ? "" : ` \xB7 ${took}`));
  else if (took !== null) lines.push(`(took ${took})`);
  return lines;
}
function elisionLine(elidedBytes, logPath) {
  return `[\u2026 ${elidedBytes} bytes elided; full output: ${logPath} \u2026]`;
}
var decoder2 = new TextDecoder("utf-8");
function shapeShellText(output, trailers, logPath, limits, shortLogPath = logPath, failures) {
  const trailerText = trailers.map((line) => "\n" + line).join("");
  const trailerBytes = utf8Bytes(trailerText);
  const endsWithNewline = output.totalBytes > 0 && output.tail.length > 0 && output.tail[output.tail.length - 1] === NEWLINE6;
  const shownTotal = output.totalBytes - (endsWithNewline ? 1 : 0);
  if (output.whole && shownTotal + trailerBytes <= limits.maxBytes) {
    const body = shownTotal === 0 ? NO_OUTPUT_TEXT : decoder2.decode(output.tail.subarray(0, shownTotal));
    return { text: body + trailerText, elided: false };
  }
  const headCap = headCapBytes(limits);
  const partsRoom = (path) => limits.maxBytes - utf8Bytes(elisionLine(output.totalBytes, path)) - 2 - trailerBytes;
  const shownPath2 = elisionLogPath(partsRoom, headCap, logPath, shortLogPath);
  const markerRoom = utf8Bytes(elisionLine(output.totalBytes, shownPath2));
  const headRoom = Math.max(0, Math.min(headCap, partsRoom(shownPath2) - headCap));
  const reach = (size) => Math.floor(size * limits.lineEndReachPercent / 100);
  const head = output.head;
  const { headShown, headEnd } = cutHead(head, headRoom, reach(headRoom));
  const tail = output.tail;
  const tailShownEnd = tail.length - (endsWithNewline ? 1 : 0);
  const tailOffset = output.totalBytes - tail.length;
  const room = Math.max(0, limits.maxBytes - headShown - 1 - markerRoom - 1 - trailerBytes);
  const earliest = Math.max(0, headEnd - tailOffset);
  const tailStart = (tailRoom) => {
    let start2 = Math.min(tailShownEnd, Math.max(earliest, tailShownEnd - tailRoom));
    const windowStart = start2;
    let atLineStart = false;
    for (let i = Math.max(windowStart - 1, earliest); i < Math.min(tailShownEnd, windowStart + reach(tailRoom)); i++) {
      if (tail[i] === NEWLINE6) {
        start2 = i + 1;
        atLineStart = true;
        break;
      }
    }
    if (!atLineStart) while (start2 < tailShownEnd && isContinuationByte(tail[start2])) start2++;
    return start2;
  };
  let start = tailStart(room);
  let kept = "";
  const scan = failures?.();
  const budget = scan ? Math.min(Math.floor(limits.maxBytes * scan.maxPercent / 100), room - headCap - 1) : 0;
  if (scan && budget > 0) {
    const block = keptFailures(scan, headEnd, tailOffset + tailStart(room - budget - 1), budget);
    if (block) {
      kept = block.text + "\n";
      start = Math.max(tailStart(room - block.bytes - 1), block.end - tailOffset);
    }
  }
  const elidedBytes = Math.max(0, tailOffset + start - headEnd);
  const text = (headShown > 0 ? decoder2.decode(head.subarray(0, headShown)) + "\n" : "") + elisionLine(elidedBytes, shownPath2) + "\n" + kept + decoder2.decode(tail.subarray(start, tailShownEnd)) + trailerText;
  return { text, elided: true };
}
function elisionLogPath(partsRoom, headCap, logPath, shortLogPath) {
  if (partsRoom(logPath) >= headCap) return logPath;
  if (partsRoom(shortLogPath) >= headCap) return shortLogPath;
  const pathRoom = Math.max(0, partsRoom("") - headCap - utf8Bytes(PATH_CUT_MARK));
  return PATH_CUT_MARK + suffixWithinBytes(shortLogPath, pathRoom);
}
function cutHead(head, headRoom, reach) {
  const lastNewline = headRoom === 0 ? -1 : head.subarray(0, Math.min(headRoom + 1, head.length)).lastIndexOf(NEWLINE6);
  if (lastNewline !== -1 && lastNewline >= headRoom - reach) return { headShown: lastNewline, headEnd: lastNewline + 1 };
  let headShown = Math.min(headRoom, head.length);
  while (headShown > 0 && isContinuationByte(head[headShown])) headShown--;
  return { headShown, headEnd: headShown };
}
function keptLineText(line) {
  const shownBytes2 = utf8Bytes(line.text);
  return `L${line.number}: ${line.text}` + (line.bytes > shownBytes2 ? `\u2026 [+${line.bytes - shownBytes2} bytes]` : "");
}
function keptLinesHeader(count, more, searchedTo) {
  const what = count === 1 ? "1 line that looks like an error" : `${count} lines that look like errors`;
  const searched = Number.isFinite(searchedTo) ? ` (searched up to byte ${searchedTo})` : "";
  return more ? `[\u2026 kept the first ${what} from the elided part${searched}; the log has more \u2026]` : `[\u2026 kept ${what} from the elided part${searched} \u2026]`;
}
function keptFailures(scan, from, to, budgetBytes) {
  const { lines: eligible, searchedTo } = failuresWithin(scan, from, to);
  let best = null;
  const shown = [];
  for (const line of eligible.slice(0, scan.maxLines)) {
    shown.push(keptLineText(line));
    const text = [keptLinesHeader(shown.length, eligible.length > shown.length, searchedTo), ...shown].join("\n");
    const bytes = utf8Bytes(text);
    if (bytes <= budgetBytes) best = { text, bytes, end: line.end };
  }
  return best;
}
function startedText(id, pid, logPath) {
  return [
    `started ${id} in the background (pid ${pid})`,
    `log: ${logPath}`,
    `check it with shell_status {"id": "${id}"}; stop it with {"id": "${id}", "stop": true}`
  ].join("\n");
}
function notRecordedLine(reason, cwd) {
  return `[${reason}; the next call starts in ${cwd}]`;
}
var shellErrors = {
  emptyCommand: () => new ToolError("invalid_request", "shell: command is empty"),
  nulInCommand: () => new ToolError("invalid_request", "shell: the command contains a NUL byte"),
  cannotPrepare: (what, path, reason) => new ToolError("io", `shell: cannot run the command: cannot ${what} ${path}: ${reason}`),
  cannotRun: (cwd, reason) => new ToolError("unavailable", `shell: could not run the command in ${cwd}: ${reason}`),
  noBackgroundId: () => new ToolError("busy", "could not allocate a background id: too many starts at once"),
  cannotCreateForBackground: (path, reason) => new ToolError("io", `shell: cannot start a background command: cannot create ${path}: ${reason}`),
  cannotClaimBackgroundId: (folder, reason) => new ToolError("io", `shell: cannot start a background command: cannot record it in ${folder}: ${reason}`),
  cannotStartBackground: (id, reason) => new ToolError("unavailable", `shell: could not start ${id} in the background: ${reason}`),
  cannotRecordBackground: (id, folder, reason) => new ToolError("io", `shell: could not record ${id} in ${folder}: ${reason}; the command was stopped`)
};

// src/tools/shell/script.ts
function bashQuote(text) {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
function fromFile(commandPath) {
  return `BASH_EXECUTION_STRING=$(< ${bashQuote(commandPath)}) || exit 126; eval "$BASH_EXECUTION_STRING"`;
}
function withPrelude(prelude, command, commandPath, inlineMaxBytes) {
  const inline = `${prelude}; ${command}`;
  if (utf8Bytes(inline) <= inlineMaxBytes) return { script: inline, commandFileText: null };
  return { script: `${prelude}; ${fromFile(commandPath)}`, commandFileText: command };
}
function directoryChangeFunctions(recordPath2) {
  const record = `builtin pwd 2>/dev/null >| ${bashQuote(recordPath2)}`;
  return ["cd", "pushd", "popd"].map(
    (name) => `${name}() { { local -; set +x; } 2>/dev/null; builtin ${name} "$@" 2>/dev/null && { [[ $BASH_SUBSHELL != 0 ]] || ${record}; return 0; }; local __guilds_status=$? __guilds_message; __guilds_message=$(builtin ${name} "$@" 2>&1 >/dev/null) || :; builtin printf '%s: line %s: %s\\n' "\${BASH_SOURCE[1]:-$0}" "\${BASH_LINENO[0]}" "\${__guilds_message#*: line [0-9]*: }" >&2; return "$__guilds_status"; }`
  ).join("; ");
}
function lifeline(graceSeconds, pidPath) {
  const watcher = (
    // It waits a second at a time in `read -t 1` on a pipe whose both ends it holds itself (no child
    // process to outlive it), until the helper is gone.
    `exec </dev/null >/dev/null 2>&1 9<> <(:); while builtin kill -0 $PPID; do read -t 1 -u 9 _; done; builtin kill -0 $$ || exit 0; trap '' TERM; builtin kill -TERM -- -$$; sleep ${graceSeconds}; builtin kill -KILL -- -$$`
  );
  return `( ( ${watcher} ) & builtin echo $! 2>/dev/null >| ${bashQuote(pidPath)} )`;
}
function foregroundScript(command, paths, lifelineOf, inlineMaxBytes) {
  const recordPath2 = paths.record;
  const trap = `trap ${bashQuote(`{ builtin pwd >| ${bashQuote(recordPath2)}; } 2>/dev/null`)} EXIT`;
  const prelude = `${lifeline(lifelineOf.graceSeconds, lifelineOf.pidPath)}; ${directoryChangeFunctions(recordPath2)}; ${trap}`;
  return withPrelude(prelude, command, paths.command, inlineMaxBytes);
}
function backgroundScript(command, commandPath, inlineMaxBytes) {
  if (utf8Bytes(command) <= inlineMaxBytes) return { script: command, scriptArgs: [], commandFileText: null };
  return {
    script: `BASH_EXECUTION_STRING=$(< "$1") || exit 126; rm -f -- "$1" 2>/dev/null; set --; eval "$BASH_EXECUTION_STRING"`,
    scriptArgs: ["bash", commandPath],
    commandFileText: command
  };
}
var TIMED_OUT_EXIT_CODE = 124;

// src/tools/shell/run.ts
function prepare(path, what, step) {
  try {
    step();
  } catch (error) {
    throw shellErrors.cannotPrepare(what, path, stateFailure(error));
  }
}
function removeIfPossible(io, path) {
  try {
    io.fs.removeFile(path);
  } catch {
  }
}
function readRecordedDirectory(io, path) {
  try {
    const text = new TextDecoder().decode(io.fs.readFile(path)).replace(/\n$/, "");
    if (!text.startsWith("/") || /[\0\n]/.test(text)) return null;
    return io.fs.stat(text)?.kind === "folder" ? normalizeAbsolute(text) : null;
  } catch {
    return null;
  } finally {
    removeIfPossible(io, path);
  }
}
function stopLineOf(outcome, timeoutSeconds) {
  if (outcome.timedOut) return timedOutLine(timeoutSeconds);
  if (outcome.interruptedBy !== null) return INTERRUPTED_LINE;
  return null;
}
async function shell(context, args) {
  const { command } = args;
  if (command.trim() === "") throw shellErrors.emptyCommand();
  if (command.includes("\0")) throw shellErrors.nulInCommand();
  return args.background ? startBackground(context, command) : runForeground(context, command, args.timeoutSeconds);
}
function outputPipeline(io, maxBytes) {
  const limits = {
    maxBytes,
    headMaxBytes: SHELL_HEAD_MAX_BYTES,
    lineEndReachPercent: SHELL_LINE_END_REACH_PERCENT
  };
  const collector = outputCollectorFor(limits);
  const watch = failureWatchFor(collector, limits);
  const cleaner = new StreamingCleaner(watch, {
    keepChars: limits.maxBytes,
    isUtf8: (bytes) => io.shell.isUtf8(bytes),
    isAscii: io.shell.isAscii
  });
  return { limits, collector, watch, cleaner };
}
function recordFinalFolder(io, runId, recordPath2, cwd) {
  const finalFolder = readRecordedDirectory(io, recordPath2);
  try {
    if (finalFolder !== null) saveWorkingDirectory(io, runId, finalFolder);
    return null;
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    return notRecordedLine(error.message, cwd);
  }
}
async function runForeground(context, command, timeoutSeconds) {
  const { io, request, cwd } = context;
  const folder = runFolder(io, request.runId);
  prepare(folder, "create", () => io.fs.makeFolder(folder));
  const logPath = joinPath(folder, `${request.callId}.log`);
  const recordPath2 = joinPath(folder, `${request.callId}.cwd`);
  const commandPath = joinPath(folder, `${request.callId}.cmd`);
  const lifelinePath = joinPath(folder, `${request.callId}.lifeline`);
  prepare(logPath, "clear", () => io.fs.removeFile(logPath));
  prepare(recordPath2, "clear", () => io.fs.removeFile(recordPath2));
  const { script, commandFileText } = foregroundScript(
    command,
    { record: recordPath2, command: commandPath },
    { graceSeconds: Math.ceil(SHELL_KILL_GRACE_MS / 1e3), pidPath: lifelinePath },
    SHELL_INLINE_SCRIPT_MAX_BYTES
  );
  if (commandFileText !== null) prepare(commandPath, "create", () => io.fs.writeFileAtomic(commandPath, commandFileText));
  const { limits, collector, watch, cleaner } = outputPipeline(io, request.maxBytes);
  const run = {
    script,
    cwd,
    env: commandEnvironment(context, context.cwd),
    logPath,
    lifelinePath,
    timeoutMs: timeoutSeconds * 1e3,
    killGraceMs: SHELL_KILL_GRACE_MS
  };
  let outcome;
  const startedAt = io.now();
  try {
    outcome = await io.shell.run(run, (bytes) => cleaner.write(bytes));
  } catch (error) {
    removeIfPossible(io, logPath);
    removeIfPossible(io, recordPath2);
    throw shellErrors.cannotRun(cwd, codeOrMessage(error));
  } finally {
    if (commandFileText !== null) removeIfPossible(io, commandPath);
    removeIfPossible(io, lifelinePath);
  }
  const notRecorded = recordFinalFolder(io, request.runId, recordPath2, cwd);
  const elapsedMs = Math.max(0, io.now() - startedAt);
  cleaner.end();
  const exitCode = outcome.timedOut ? TIMED_OUT_EXIT_CODE : outcome.exitCode;
  const output = collectedOutput(collector);
  const shaped = shapeShellText(
    output,
    shellTrailers(
      exitCode,
      [stopLineOf(outcome, timeoutSeconds), notRecorded].filter((line) => line !== null).join("\n") || null,
      elapsedMs,
      SHELL_SLOW_COMMAND_MS
    ),
    logPath,
    limits,
    `~/${RUNS_FOLDER_NAME}/${request.runId}/${request.callId}.log`,
    () => watch.result(output)
  );
  if (!shaped.elided) removeIfPossible(io, logPath);
  const meta = { exit_code: exitCode, cwd, timed_out: outcome.timedOut, elapsed_ms: elapsedMs };
  if (shaped.elided) meta.log_path = logPath;
  return { text: shaped.text, meta };
}
function claimId(io, folder, record) {
  let next = highestJobNumber(io, folder) + 1;
  for (let attempt = 0; attempt < BACKGROUND_ID_CLAIM_MAX_ATTEMPTS; attempt++, next++) {
    const id = `b${next}`;
    if (io.background.createExclusive(recordPath(folder, id), JSON.stringify({ id, ...record }) + "\n")) return id;
  }
  throw shellErrors.noBackgroundId();
}
function startBackground(context, command) {
  const { io, request, cwd } = context;
  const startedAt = io.now();
  const folder = backgroundFolder(io, request.agentId);
  for (const needed of [folder, runFolder(io, request.runId)]) {
    try {
      io.fs.makeFolder(needed);
    } catch (error) {
      throw shellErrors.cannotCreateForBackground(needed, errorCode(error) ?? "unknown error");
    }
  }
  const logPath = joinPath(runFolder(io, request.runId), `${request.callId}.log`);
  const pending = {
    command,
    cwd,
    log_path: logPath,
    run_id: request.runId,
    call_id: request.callId,
    started_at_ms: io.now(),
    pid: null,
    process_group: null,
    start_ticks: null
  };
  let id;
  try {
    id = claimId(io, folder, pending);
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw shellErrors.cannotClaimBackgroundId(folder, stateFailure(error));
  }
  const env = commandEnvironment(context, context.cwd);
  env[JOB_MARKER_VARIABLE] = recordPath(folder, id);
  const commandPath = joinPath(runFolder(io, request.runId), `${request.callId}.cmd`);
  const { script, scriptArgs, commandFileText } = backgroundScript(command, commandPath, SHELL_INLINE_SCRIPT_MAX_BYTES);
  let pid;
  try {
    if (commandFileText !== null) io.fs.writeFileAtomic(commandPath, commandFileText);
    pid = io.background.startSupervised({ script, scriptArgs, cwd, env, logPath, exitPath: exitPath(folder, id) });
  } catch (error) {
    if (commandFileText !== null) removeIfPossible(io, commandPath);
    throw shellErrors.cannotStartBackground(id, codeOrMessage(error));
  }
  const startTicks = io.background.processStat(pid)?.startTicks ?? null;
  const record = { id, ...pending, pid, process_group: pid, start_ticks: startTicks };
  try {
    io.fs.writeFileAtomic(recordPath(folder, id), JSON.stringify(record) + "\n");
  } catch (error) {
    io.background.signalGroup(pid, "SIGKILL");
    throw shellErrors.cannotRecordBackground(id, folder, stateFailure(error));
  }
  return {
    text: startedText(id, pid, logPath),
    meta: { exit_code: null, cwd, timed_out: false, elapsed_ms: Math.max(0, io.now() - startedAt), log_path: logPath, background_id: id }
  };
}

// src/text/clip.ts
var CLIP_MARK = "\u2026";
function clipChars(text, maxChars) {
  return codePointCount(text) > maxChars ? firstCodePoints(text, maxChars) + CLIP_MARK : text;
}

// src/text/lines.ts
function lastLinesWithin(lines, roomBytes, markerBytes) {
  const kept = [];
  let used = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const size = utf8Bytes(lines[i]) + 1;
    if (used + size + markerBytes > roomBytes) break;
    kept.unshift(lines[i]);
    used += size;
  }
  return kept;
}

// src/tools/shell_status/format.ts
function stateText(state) {
  return state.kind === "exited" ? `exited ${state.exitCode}` : state.kind;
}
function commandFirstLine(command, maxChars) {
  const line = command.replace(/^\s*\n/, "").split("\n")[0].replace(/\r$/, "").trimEnd();
  return clipChars(line, maxChars);
}
var RECORD_PROBLEM_WORDS = {
  unreadable: "unreadable record",
  outside_folders: "record points outside the agent's folders"
};
var NO_BACKGROUND_COMMANDS = "no background commands";
function listLine(entry, commandMaxChars) {
  if ("problem" in entry) return `${entry.id} (${RECORD_PROBLEM_WORDS[entry.problem]})`;
  const line = `${entry.id} ${stateText(entry.state)} ${formatElapsed(entry.elapsedMs)} ${commandFirstLine(entry.command, commandMaxChars)}`;
  return line.trimEnd();
}
function formatList(entries, commandMaxChars, maxBytes) {
  if (entries.length === 0) return NO_BACKGROUND_COMMANDS;
  const lines = entries.map((entry) => listLine(entry, commandMaxChars));
  const whole = lines.join("\n");
  if (utf8Bytes(whole) <= maxBytes) return whole;
  const markerFor = (left) => `[\u2026 ${left} older commands not shown]`;
  const kept = lastLinesWithin(lines, maxBytes, utf8Bytes(markerFor(lines.length)));
  return [markerFor(lines.length - kept.length), ...kept].join("\n");
}
function logTail(bytes, fromStart, maxLines) {
  let start = 0;
  let clipped = false;
  if (!fromStart) {
    const newline = bytes.indexOf(10);
    if (newline !== -1 && newline < bytes.length - 1) start = newline + 1;
    else clipped = true;
  }
  const text = cleanTerminalOutput(new TextDecoder("utf-8").decode(bytes.subarray(start)));
  const lines = text.replace(/\n$/, "").split("\n");
  const tail = lines.slice(-maxLines).join("\n");
  if (tail === "") return "";
  return clipped ? "\u2026" + tail.replace(/^\uFFFD+/, "") : tail;
}
var EMPTY_LOG_TEXT = "(no output yet)";
var MISSING_LOG_TEXT = "(the log is gone)";
function formatDetail(view, maxBytes, lead = []) {
  const header = [
    ...lead,
    `state: ${stateText(view.state)}`,
    `elapsed: ${formatElapsed(view.elapsedMs)}`,
    `log: ${view.logPath}`
  ].join("\n");
  const stillWriting = view.state.kind === "running" || view.state.kind === "stopping";
  const emptyText2 = stillWriting ? EMPTY_LOG_TEXT : NO_OUTPUT_TEXT;
  const body = view.tail === null ? MISSING_LOG_TEXT : view.tail === "" ? emptyText2 : view.tail;
  const whole = `${header}
${body}`;
  if (utf8Bytes(whole) <= maxBytes) return whole;
  const lines = body.split("\n");
  const room = maxBytes - utf8Bytes(header) - 1;
  const markerFor = (left) => `[\u2026 ${left} earlier lines left out to stay under ${maxBytes} bytes]`;
  const kept = lastLinesWithin(lines, room, utf8Bytes(markerFor(lines.length)));
  if (kept.length === 0) {
    const marker = markerFor(lines.length - 1);
    const last = lines[lines.length - 1];
    const end = suffixWithinBytes(last, room - utf8Bytes(marker) - 1 - utf8Bytes("\u2026"));
    return prefixWithinBytes(`${header}
${marker}
\u2026${end}`, maxBytes);
  }
  return `${header}
${markerFor(lines.length - kept.length)}
${kept.join("\n")}`;
}
function notSignalledLead(id, state) {
  const done = state.kind === "stopped" ? "was already stopped" : `has already ${stateText(state)}`;
  return `${id} ${done}; no signal was sent`;
}
function endedFirstLead(id) {
  return `${id} ended before it could be signalled; no signal was sent`;
}
function signalledLead(id, processGroup, stopped, killDelaySeconds) {
  return stopped ? `sent SIGTERM to ${id} (process group ${processGroup}); it has stopped` : `sent SIGTERM to ${id} (process group ${processGroup}); SIGKILL follows in ${killDelaySeconds}s if it is still running`;
}
function knownIdsHint(numbers) {
  if (numbers.length === 0) return "there are no background commands";
  if (numbers.length === 1) return `the only one is b${numbers[0]}`;
  return `known ids: b${numbers[0]} to b${numbers[numbers.length - 1]}`;
}
var shellStatusErrors = {
  stopWithoutId: () => new ToolError("invalid_request", "shell_status: stop needs the id of the command to stop, such as b1"),
  invalidId: (id) => new ToolError("invalid_request", `shell_status: invalid id '${id.slice(0, QUOTED_NAME_MAX_CHARS)}': background ids look like b1, b2, \u2026`),
  noSuchJob: (id, knownIds) => new ToolError("not_found", `shell_status: no background command ${id} (${knownIdsHint(knownIds)})`),
  unusableRecord: (id, problem) => new ToolError("io", `shell_status: the record of ${id} cannot be used (${RECORD_PROBLEM_WORDS[problem ?? "unreadable"]}); nothing was done to it`)
};

// src/tools/shell_status/run.ts
function listJobs(context) {
  const { io, request } = context;
  const folder = backgroundFolder(io, request.agentId);
  const table = new ProcessTable(io);
  const entries = [];
  for (const number of recordedJobNumbers(io, folder)) {
    const id = `b${number}`;
    const files = readJobFiles(io, folder, id);
    if (files === null) continue;
    const status = jobStatus(io, folder, files, table);
    if (status === null) entries.push({ id, problem: files.problem ?? "unreadable" });
    else entries.push({ id, state: status.state, elapsedMs: status.elapsedMs, command: status.record.command });
  }
  return { text: formatList(entries, STATUS_COMMAND_MAX_CHARS, request.maxBytes), meta: { count: entries.length } };
}
function findJob(context, id, table) {
  const { io, request } = context;
  if (!BACKGROUND_ID_PATTERN.test(id)) {
    throw shellStatusErrors.invalidId(id);
  }
  const folder = backgroundFolder(io, request.agentId);
  const files = readJobFiles(io, folder, id);
  if (files === null) throw shellStatusErrors.noSuchJob(id, recordedJobNumbers(io, folder));
  const status = jobStatus(io, folder, files, table);
  if (status === null) throw shellStatusErrors.unusableRecord(id, files.problem);
  return status;
}
function readLogTail(io, logPath) {
  if (!isInside(logPath, runsFolder(io))) return null;
  let file;
  try {
    file = io.fs.openRead(logPath);
  } catch {
    return null;
  }
  try {
    const info = file.info();
    if (info.kind !== "file" || !isInside(file.realPath(), runsFolder(io))) return null;
    const length = Math.min(info.size, STATUS_LOG_TAIL_READ_MAX_BYTES);
    const start = info.size - length;
    const buffer = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      const read = file.readAt(buffer.subarray(filled), length - filled, start + filled);
      if (read === 0) break;
      filled += read;
    }
    return logTail(buffer.subarray(0, filled), start === 0, STATUS_LOG_TAIL_LINES);
  } finally {
    file.close();
  }
}
function detail(context, status, lead = []) {
  const { io, request } = context;
  const { record, state } = status;
  const tail = readLogTail(io, record.log_path);
  return {
    text: formatDetail({ state, elapsedMs: status.elapsedMs, logPath: record.log_path, tail }, request.maxBytes, lead),
    meta: {
      background_id: record.id,
      state: stateText(state),
      log_path: record.log_path,
      exit_code: status.files.exitCode
    }
  };
}
function stopJob(context, id) {
  const { io, request } = context;
  const folder = backgroundFolder(io, request.agentId);
  const table = new ProcessTable(io);
  const before = findJob(context, id, table);
  const { record } = before;
  if (!before.alive || record.pid === null || record.start_ticks === null) {
    return detail(context, before, [notSignalledLead(id, before.state)]);
  }
  table.refresh();
  if (!table.jobAlive(record, jobMarker(folder, id))) {
    const after2 = findJob(context, id, new ProcessTable(io));
    return detail(context, after2, [endedFirstLead(id)]);
  }
  io.background.createExclusive(stopPath(folder, id), new Date(io.now()).toISOString() + "\n");
  io.background.signalGroup(record.pid, "SIGTERM");
  io.background.scheduleGroupKill(record.pid, record.start_ticks, STOP_KILL_DELAY_SECONDS, killedPath(folder, id));
  let after = before;
  for (let waited = 0; ; waited += STOP_SETTLE_POLL_MS) {
    after = findJob(context, id, new ProcessTable(io));
    if (!after.alive || waited >= STOP_SETTLE_WAIT_MS) break;
    io.background.sleep(STOP_SETTLE_POLL_MS);
  }
  return detail(context, after, [signalledLead(id, record.pid, !after.alive, STOP_KILL_DELAY_SECONDS)]);
}
function shellStatus(context, args) {
  const { id, stop } = args;
  if (id === void 0) {
    if (stop) throw shellStatusErrors.stopWithoutId();
    return listJobs(context);
  }
  if (stop) return stopJob(context, id);
  return detail(context, findJob(context, id, new ProcessTable(context.io)));
}

// src/tools/index.ts
var CODE_TOOLS = {
  shell: { spec: SHELL_SPEC, resolve: resolveShellArgs, run: shell },
  shell_status: { spec: SHELL_STATUS_SPEC, resolve: resolveShellStatusArgs, run: shellStatus },
  file_read: { spec: FILE_READ_SPEC, resolve: resolveFileReadArgs, run: fileRead },
  code_search: { spec: CODE_SEARCH_SPEC, resolve: resolveCodeSearchArgs, run: codeSearch }
};

// src/main.ts
serve(CODE_TOOLS);
*/}

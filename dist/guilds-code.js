#!/usr/bin/env node
"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// src/main.ts
var fs3 = __toESM(require("node:fs"), 1);

// src/limits.ts
var RESULT_DEFAULT_MAX_BYTES = 8192;
var RESULT_MIN_MAX_BYTES = 1024;
var RESULT_CEILING_MAX_BYTES = 1048576;
var ID_MAX_CHARS = 128;
var REQUEST_FILE_MAX_BYTES = 16 * 1048576;
var FILE_READ_DEFAULT_LIMIT_LINES = 200;
var FILE_READ_MAX_LIMIT_LINES = 500;
var FILE_READ_LINE_MAX_CHARS = 400;
var BINARY_SNIFF_BYTES = 8e3;
var READ_CHUNK_BYTES = 1048576;
var SHELL_KILL_GRACE_MS = 2e3;
var SHELL_HEAD_MAX_BYTES = 2048;
var SHELL_LINE_END_REACH_PERCENT = 25;

// src/io/types.ts
function errorCode(error) {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = error.code;
    return typeof code === "string" ? code : void 0;
  }
  return void 0;
}

// src/protocol/envelope.ts
var ToolError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "ToolError";
  }
};
function okEnvelope(text, meta) {
  return { ok: true, text, meta };
}
function errorEnvelope(message) {
  return { ok: false, error: oneLine(message) };
}
function oneLine(message) {
  const line = message.replace(/\s*[\r\n]+\s*/g, " ").trim();
  return line === "" ? "unknown error" : line;
}
function describeFailure(error) {
  if (error instanceof ToolError) return error.message;
  if (error instanceof Error) {
    const code = error.code;
    const prefix = typeof code === "string" && !error.message.includes(code) ? `${code}: ` : "";
    return `internal error: ${prefix}${error.message}`;
  }
  return `internal error: ${String(error)}`;
}
function encodeEnvelope(envelope) {
  return Buffer.from(JSON.stringify(envelope), "utf8").toString("base64");
}

// src/protocol/tools.ts
var OP_NAMES = ["shell", "shell_status", "file_read", "code_search"];
var SHELL_DEFAULT_TIMEOUT_SECONDS = 120;
var SHELL_MIN_TIMEOUT_SECONDS = 1;
var SHELL_MAX_TIMEOUT_SECONDS = 600;
var SEARCH_MAX_FILES = 30;
var SEARCH_MAX_LINES = 40;
var SEARCH_MAX_MATCHES_PER_FILE = 10;
var SEARCH_MAX_CONTEXT_LINES = 5;
var STATUS_LOG_TAIL_LINES = 40;
var TOOL_SPECS = {
  shell: {
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
        description: "Start the command in the background and return at once with its id (b1, b2, …) and log."
      }
    }
  },
  shell_status: {
    name: "shell_status",
    description: `Follow or stop background commands. Without id: every background command with its state. With id: its state, exit code and the last ${STATUS_LOG_TAIL_LINES} lines of its log. With id and stop: true, stop it.`,
    args: {
      id: { type: "string", description: "A background command id, such as b1." },
      stop: { type: "boolean", default: false, description: "Stop the command (needs id)." }
    }
  },
  file_read: {
    name: "file_read",
    description: `Read numbered lines of a text file inside the home. Returns at most ${FILE_READ_MAX_LIMIT_LINES} lines (default ${FILE_READ_DEFAULT_LIMIT_LINES}); lines over ${FILE_READ_LINE_MAX_CHARS} characters are clipped; a result that would pass the byte cap (${RESULT_DEFAULT_MAX_BYTES} by default) stops early and says which offset continues it. Reading unchanged lines again returns a pointer to the earlier result instead of the text.`,
    args: {
      path: { type: "string", required: true, description: "The file, relative to the working directory, ~/…, or absolute." },
      offset: { type: "integer", default: 1, minimum: 1, description: "The first line to return (default 1)." },
      limit: {
        type: "integer",
        default: FILE_READ_DEFAULT_LIMIT_LINES,
        minimum: 1,
        maximum: FILE_READ_MAX_LIMIT_LINES,
        description: `How many lines (default ${FILE_READ_DEFAULT_LIMIT_LINES}, at most ${FILE_READ_MAX_LIMIT_LINES}).`
      }
    }
  },
  code_search: {
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
  }
};
function clampInteger(value, minimum, maximum) {
  return Math.min(maximum, Math.max(minimum, value));
}

// src/protocol/request.ts
var STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
var ID_PATTERN = /^[A-Za-z0-9_.-]+$/;
function decodeBase64Strict(text) {
  if (text.length === 0) throw new ToolError("invalid request: the argument is empty");
  if (!STRICT_BASE64.test(text)) throw new ToolError("invalid request: the argument is not standard base64");
  return Buffer.from(text, "base64");
}
var utf8Strict = new TextDecoder("utf-8", { fatal: true });
function parseRequestBytes(bytes) {
  let text;
  try {
    text = utf8Strict.decode(bytes);
  } catch {
    throw new ToolError("invalid request: not UTF-8");
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ToolError("invalid request: not JSON");
  }
  return validateRequest(value);
}
function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function validId(value, field) {
  if (typeof value !== "string") throw new ToolError(`invalid request: ${field} must be a string`);
  if (value.length < 1 || value.length > ID_MAX_CHARS || !ID_PATTERN.test(value) || value === "." || value === "..") {
    throw new ToolError(
      `invalid request: ${field} must be 1 to ${ID_MAX_CHARS} of A-Z a-z 0-9 _ . - (not . or ..)`
    );
  }
  return value;
}
function validateRequest(value) {
  if (!isPlainObject(value)) throw new ToolError("invalid request: not a JSON object");
  const op = value.op;
  if (typeof op !== "string") throw new ToolError("invalid request: op must be a string");
  if (!OP_NAMES.includes(op)) {
    throw new ToolError(`invalid request: unknown op '${op.slice(0, 64)}' (one of ${OP_NAMES.join(", ")})`);
  }
  const runId = validId(value.run_id, "run_id");
  const agentId = validId(value.agent_id, "agent_id");
  const callId = validId(value.call_id, "call_id");
  let defaultCwd = "";
  if (value.default_cwd !== void 0 && value.default_cwd !== null) {
    if (typeof value.default_cwd !== "string") throw new ToolError("invalid request: default_cwd must be a string");
    if (value.default_cwd.includes("\0")) throw new ToolError("invalid request: default_cwd contains a NUL byte");
    defaultCwd = value.default_cwd;
  }
  let maxBytes = RESULT_DEFAULT_MAX_BYTES;
  if (value.max_bytes !== void 0 && value.max_bytes !== null) {
    if (typeof value.max_bytes !== "number" || !Number.isInteger(value.max_bytes)) {
      throw new ToolError("invalid request: max_bytes must be a whole number");
    }
    maxBytes = Math.min(RESULT_CEILING_MAX_BYTES, Math.max(RESULT_MIN_MAX_BYTES, value.max_bytes));
  }
  const rawArgs = value.args ?? {};
  if (!isPlainObject(rawArgs)) throw new ToolError("invalid request: args must be a JSON object");
  const args = validateArgs(op, rawArgs);
  return { op, args, runId, agentId, callId, defaultCwd, maxBytes };
}
function validateArgs(op, raw) {
  const spec = TOOL_SPECS[op];
  const args = {};
  for (const key of Object.keys(raw)) {
    if (!(key in spec.args)) {
      const known = Object.keys(spec.args).join(", ");
      throw new ToolError(`${op}: unknown argument '${key.slice(0, 64)}' (it takes ${known})`);
    }
  }
  for (const [name, arg] of Object.entries(spec.args)) {
    const value = raw[name];
    if (value === void 0 || value === null) {
      if (arg.required) throw new ToolError(`${op}: ${name} is required`);
      continue;
    }
    switch (arg.type) {
      case "string":
        if (typeof value !== "string") throw new ToolError(`${op}: ${name} must be a string`);
        if (arg.values && !arg.values.includes(value)) {
          throw new ToolError(`${op}: ${name} must be ${arg.values.map((v) => `"${v}"`).join(" or ")}`);
        }
        break;
      case "integer":
        if (typeof value !== "number" || !Number.isInteger(value)) {
          throw new ToolError(`${op}: ${name} must be a whole number`);
        }
        break;
      case "boolean":
        if (typeof value !== "boolean") throw new ToolError(`${op}: ${name} must be true or false`);
        break;
    }
    args[name] = value;
  }
  return args;
}

// src/paths.ts
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
function resolveUserPath(input, cwd, home) {
  if (input === "~") return normalizeAbsolute(home);
  if (input.startsWith("~/")) return joinPath(home, input.slice(2));
  return joinPath(cwd, input);
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

// src/shape/utf8.ts
var encoder = new TextEncoder();
function utf8Bytes(text) {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 128) bytes += 1;
    else if (unit < 2048) bytes += 2;
    else if (unit >= 55296 && unit <= 56319 && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 56320 && next <= 57343) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
function encodeUtf8(text) {
  return encoder.encode(text);
}
function codePointCount(text) {
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
function capText(text, maxBytes) {
  if (utf8Bytes(text) <= maxBytes) return text;
  const marker = "\n[… cut to stay under " + maxBytes + " bytes]";
  return prefixWithinBytes(text, maxBytes - utf8Bytes(marker)) + marker;
}

// src/shape/file_read.ts
function clipMarker(cutChars) {
  return cutChars > 0 ? `… [+${cutChars} chars]` : "";
}
function numberedLine(lineNumber, width, line) {
  return `${String(lineNumber).padStart(width)}	${line.text}${clipMarker(line.cutChars)}`;
}
function fileReadHeader(displayPath2, first, last, totalLines) {
  return `${displayPath2} · lines ${first}–${last} of ${totalLines}`;
}
function stoppedLine(lastLine, maxBytes) {
  return `[stopped at line ${lastLine} to stay under ${maxBytes} bytes; continue with offset ${lastLine + 1}]`;
}
function binaryText(displayPath2, sizeBytes) {
  return `${displayPath2} is binary (${sizeBytes} bytes); not shown`;
}
function emptyText(displayPath2) {
  return `${displayPath2} is empty`;
}
function pastEndText(displayPath2, totalLines, offset) {
  return `${displayPath2} has ${totalLines} ${totalLines === 1 ? "line" : "lines"}; offset ${offset} is past the end`;
}
function shownBytes(displayPath2, offset, lineBytes, count, totalLines, maxBytes, withStop) {
  const last = offset + count - 1;
  const width = String(last).length;
  let bytes = utf8Bytes(fileReadHeader(displayPath2, offset, last, totalLines));
  for (let i = 0; i < count; i++) bytes += 1 + width + 1 + lineBytes[i];
  if (withStop) bytes += 1 + utf8Bytes(stoppedLine(last, maxBytes));
  return bytes;
}
function formatFileRead(displayPath2, offset, lines, totalLines, maxBytes) {
  const lineBytes = lines.map((line) => utf8Bytes(line.text) + utf8Bytes(clipMarker(line.cutChars)));
  let count = lines.length;
  let stopped = false;
  if (shownBytes(displayPath2, offset, lineBytes, count, totalLines, maxBytes, false) > maxBytes) {
    stopped = true;
    let low = 0;
    let high = lines.length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (shownBytes(displayPath2, offset, lineBytes, mid, totalLines, maxBytes, true) <= maxBytes) low = mid;
      else high = mid - 1;
    }
    count = low;
  }
  if (count === 0) return firstLineSqueezed(displayPath2, offset, lines, totalLines, maxBytes);
  const last = offset + count - 1;
  const width = String(last).length;
  const parts = [fileReadHeader(displayPath2, offset, last, totalLines)];
  for (let i = 0; i < count; i++) parts.push(numberedLine(offset + i, width, lines[i]));
  if (stopped) parts.push(stoppedLine(last, maxBytes));
  return { text: parts.join("\n"), lastLine: last, stopped };
}
function firstLineSqueezed(displayPath2, offset, lines, totalLines, maxBytes) {
  const first = lines[0];
  const more = lines.length > 1;
  const header = fileReadHeader(displayPath2, offset, offset, totalLines);
  const prefix = `${offset}	`;
  const fullChars = codePointCount(first.text) + first.cutChars;
  const reserved = utf8Bytes(header) + 1 + utf8Bytes(prefix) + utf8Bytes(clipMarker(fullChars)) + (more ? 1 + utf8Bytes(stoppedLine(offset, maxBytes)) : 0);
  const kept = prefixWithinBytes(first.text, maxBytes - reserved);
  const line = { text: kept, cutChars: fullChars - codePointCount(kept) };
  const parts = [header, numberedLine(offset, String(offset).length, line)];
  if (more) parts.push(stoppedLine(offset, maxBytes));
  return { text: parts.join("\n"), lastLine: offset, stopped: more };
}

// src/ops/confine.ts
function displayPath(context, absolute) {
  return relativePath(context.cwd, absolute);
}
function failure(code, display) {
  switch (code) {
    case "ENOENT":
    case "ENOTDIR":
      return new ToolError(`no such file or folder: ${display}`);
    case "ELOOP":
      return new ToolError(`too many levels of links: ${display}`);
    case "EACCES":
    case "EPERM":
      return new ToolError(`permission denied: ${display}`);
    case "ENAMETOOLONG":
      return new ToolError(`path too long: ${display.slice(0, 200)}…`);
    default:
      return new ToolError(`cannot open ${display}: ${code ?? "unknown error"}`);
  }
}
function outsideHome(display) {
  return new ToolError(`${display} is outside the home; only paths inside it can be read`);
}
function resolveInsideHome(context, input) {
  if (input.includes("\0")) throw new ToolError("the path contains a NUL byte");
  if (input === "") throw new ToolError("the path is empty");
  const { io } = context;
  const lexical = resolveUserPath(input, context.cwd, io.home);
  const display = displayPath(context, lexical);
  let real;
  try {
    real = io.fs.realPath(lexical);
  } catch (error) {
    throw failure(errorCode(error), display);
  }
  if (!isInside(real, io.home)) throw outsideHome(display);
  return { lexical, display, real };
}
var KIND_NAMES = {
  file: "a file",
  folder: "a folder",
  fifo: "a FIFO",
  socket: "a socket",
  device: "a device",
  link: "a link",
  other: "not a regular file"
};
function describeKind(kind) {
  return KIND_NAMES[kind];
}
function openFileInsideHome(context, input) {
  const path = resolveInsideHome(context, input);
  const before = context.io.fs.stat(path.real);
  if (before && before.kind !== "file") {
    throw new ToolError(`${path.display} is ${describeKind(before.kind)}, not a regular file`);
  }
  let file;
  try {
    file = context.io.fs.openRead(path.real);
  } catch (error) {
    throw failure(errorCode(error), path.display);
  }
  try {
    const opened = file.realPath();
    if (!isInside(opened, context.io.home)) throw outsideHome(path.display);
    const kind = file.info().kind;
    if (kind !== "file") throw new ToolError(`${path.display} is ${describeKind(kind)}, not a regular file`);
    return { file, path: { ...path, real: opened } };
  } catch (error) {
    file.close();
    throw error;
  }
}

// src/ops/file_read.ts
var NEWLINE = 10;
var CARRIAGE_RETURN = 13;
var LineCollector = class {
  constructor(maxChars) {
    this.maxChars = maxChars;
  }
  maxChars;
  decoder = new TextDecoder("utf-8");
  kept = "";
  keptChars = 0;
  extraChars = 0;
  heldCarriageReturn = false;
  feed(bytes) {
    if (bytes.length === 0) return;
    if (this.heldCarriageReturn) {
      this.heldCarriageReturn = false;
      this.take(this.decoder.decode(Uint8Array.of(CARRIAGE_RETURN), { stream: true }));
    }
    if (bytes[bytes.length - 1] === CARRIAGE_RETURN) {
      this.heldCarriageReturn = true;
      bytes = bytes.subarray(0, bytes.length - 1);
    }
    this.take(this.decoder.decode(bytes, { stream: true }));
  }
  /** The line ended: at a \n (a held \r is its CRLF and is dropped) or at the end of the file. */
  finish(atNewline) {
    if (this.heldCarriageReturn && !atNewline) {
      this.take(this.decoder.decode(Uint8Array.of(CARRIAGE_RETURN), { stream: true }));
    }
    this.take(this.decoder.decode());
    if (this.extraChars === 0 && this.keptChars <= this.maxChars) return { text: this.kept, cutChars: 0 };
    const text = firstCodePoints(this.kept, this.maxChars);
    return { text, cutChars: this.keptChars + this.extraChars - this.maxChars };
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
function scanFile(context, file, offset, limit) {
  const hasher = context.io.sha256();
  const buffer2 = new Uint8Array(READ_CHUNK_BYTES);
  const lastWanted = offset + limit - 1;
  const lines = [];
  let lineNumber = 1;
  let collector = offset === 1 ? new LineCollector(FILE_READ_LINE_MAX_CHARS) : null;
  let totalBytes = 0;
  let lastByte = -1;
  let binary = false;
  let sniffed = 0;
  for (; ; ) {
    const read = file.read(buffer2);
    if (read === 0) break;
    const chunk = buffer2.subarray(0, read);
    hasher.update(chunk);
    if (sniffed < BINARY_SNIFF_BYTES) {
      const sniff = chunk.subarray(0, BINARY_SNIFF_BYTES - sniffed);
      if (sniff.indexOf(0) !== -1) binary = true;
      sniffed += sniff.length;
    }
    totalBytes += read;
    lastByte = chunk[read - 1];
    let start = 0;
    for (; ; ) {
      const newline = chunk.indexOf(NEWLINE, start);
      if (newline === -1) {
        if (collector && !binary) collector.feed(chunk.subarray(start));
        break;
      }
      if (collector) {
        if (!binary) {
          collector.feed(chunk.subarray(start, newline));
          lines.push(collector.finish(true));
        }
        collector = null;
      }
      lineNumber++;
      if (lineNumber >= offset && lineNumber <= lastWanted) collector = new LineCollector(FILE_READ_LINE_MAX_CHARS);
      start = newline + 1;
    }
  }
  const endsWithNewline = lastByte === NEWLINE;
  if (collector && !binary && totalBytes > 0 && !endsWithNewline) lines.push(collector.finish(false));
  const totalLines = totalBytes === 0 ? 0 : endsWithNewline ? lineNumber - 1 : lineNumber;
  return { totalBytes, totalLines, binary, lines: binary ? [] : lines, hash: hasher.hexDigest() };
}
function fileRead(context) {
  const { args, maxBytes } = context.request;
  const offset = Math.max(1, args.offset ?? 1);
  const limit = clampInteger(
    args.limit ?? FILE_READ_DEFAULT_LIMIT_LINES,
    1,
    FILE_READ_MAX_LIMIT_LINES
  );
  const { file, path } = openFileInsideHome(context, args.path);
  let scan;
  try {
    scan = scanFile(context, file, offset, limit);
  } finally {
    file.close();
  }
  const meta = { path: path.real, range: null, content_hash: scan.hash, lines: scan.totalLines };
  if (scan.binary) return { text: binaryText(path.display, scan.totalBytes), meta };
  if (scan.totalBytes === 0) return { text: emptyText(path.display), meta };
  if (offset > scan.totalLines) return { text: pastEndText(path.display, scan.totalLines, offset), meta };
  const shaped = formatFileRead(path.display, offset, scan.lines, scan.totalLines, maxBytes);
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
  if (!string.includes("\x1B") && !string.includes("")) {
    return string;
  }
  return string.replace(regex, "");
}

// src/shape/long-line.ts
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

// src/shape/clean.ts
var NEWLINE2 = 10;
var CARRIAGE_RETURN2 = 13;
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
  return redrawLine(stripAnsi(line));
}
function redrawLine(text) {
  if (!text.includes("\r")) return text;
  let shown = "";
  for (const part of text.split("\r")) shown = redraw(part, shown);
  return shown;
}
var PAYLOAD_INTRODUCERS = /\u001b[\]PX^_k]|[\u0090\u0098\u009d\u009e\u009f]/;
var LINE_WITH_RETURN = /[^\n]*\r[^\n]*/g;
function cleanLines(text) {
  if (PAYLOAD_INTRODUCERS.test(text)) return text.split("\n").map(cleanLine).join("\n");
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
  /** False while the decoder may hold the first bytes of a character split between pieces. */
  decoderEmpty = true;
  isAscii;
  /** Whether a line has started and not ended. */
  lineOpen = false;
  /** Text of the open line that has not been cleaned yet. */
  raw = "";
  /** Set once the open line outgrew `raw`: what it shows so far, and the part since its last \r. */
  long = null;
  write(chunk) {
    const end = chunk.length;
    let pos = 0;
    if (this.lineOpen) {
      const newline = chunk.indexOf(NEWLINE2);
      if (newline === -1) {
        this.take(chunk);
        return;
      }
      this.take(chunk.subarray(0, newline));
      this.endLine(true);
      pos = newline + 1;
    }
    const lastNewline = chunk.lastIndexOf(NEWLINE2);
    if (lastNewline >= pos) {
      let dirty = lastNewline + 1;
      for (const byte of [ESCAPE, CARRIAGE_RETURN2, C1_LEAD]) {
        const at = chunk.indexOf(byte, pos);
        if (at !== -1 && at < dirty) dirty = at;
      }
      const cleanEnd = dirty > lastNewline ? lastNewline + 1 : Math.max(pos, chunk.lastIndexOf(NEWLINE2, dirty) + 1);
      if (cleanEnd > pos) this.passThrough(chunk.subarray(pos, cleanEnd));
      for (let start = cleanEnd; start <= lastNewline; ) {
        let stop = start + CLEAN_BATCH_BYTES > lastNewline ? lastNewline : chunk.lastIndexOf(NEWLINE2, start + CLEAN_BATCH_BYTES);
        if (stop < start) stop = chunk.indexOf(NEWLINE2, start + CLEAN_BATCH_BYTES);
        this.sink.write(encodeUtf8(cleanLines(this.wholeDecoder.decode(chunk.subarray(start, stop + 1)))));
        start = stop + 1;
      }
      pos = lastNewline + 1;
    }
    if (pos < end) this.take(chunk.subarray(pos));
  }
  /** The output ended: a last line without \n is still a line. */
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
   */
  appendPlainAscii(bytes) {
    if (this.long === null || this.raw !== "" || !this.decoderEmpty || !this.isAscii || bytes.length <= 2 * this.keepChars || bytes.indexOf(ESCAPE) !== -1 || bytes.indexOf(CARRIAGE_RETURN2) !== -1 || !this.isAscii(bytes)) {
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
    this.long.current = concatLines(this.long.current, line, keep);
    return true;
  }
  /** Clean what has arrived of a long line into its long form, holding back an escape still open. */
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
    const state = this.long ?? { shown: EMPTY_LINE, current: EMPTY_LINE };
    const parts = stripAnsi(text).split("\r");
    state.current = concatLines(state.current, lineFromText(parts[0], this.keepChars), this.keepChars);
    for (let i = 1; i < parts.length; i++) {
      state.shown = overwriteLine(state.current, state.shown, this.keepChars);
      state.current = lineFromText(parts[i], this.keepChars);
    }
    this.long = state;
  }
  endLine(atNewline) {
    this.raw += this.decoder.decode();
    this.decoderEmpty = true;
    if (this.long === null) {
      this.sink.write(encodeUtf8(cleanLine(this.raw) + (atNewline ? "\n" : "")));
    } else {
      this.foldRaw(true);
      const line = overwriteLine(this.long.current, this.long.shown, this.keepChars);
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

// src/shape/shell.ts
var NEWLINE3 = 10;
var NO_OUTPUT_TEXT = "(no output)";
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
  /** True once a gap was counted: the tail then no longer reaches back to the head. */
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
      this.tailPieces = [bytes.slice(bytes.length - this.tailKeepBytes)];
      this.tailLength = this.tailKeepBytes;
      return;
    }
    this.tailPieces.push(bytes.slice());
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
function timedOutLine(timeoutSeconds) {
  return `[timed out after ${timeoutSeconds}s; the command was stopped]`;
}
var INTERRUPTED_LINE = "[the helper was interrupted; the command was stopped]";
function shellTrailers(exitCode, stopLine) {
  const lines = [];
  if (stopLine !== null) lines.push(stopLine);
  if (exitCode !== 0) lines.push(`exit_code: ${exitCode}`);
  return lines;
}
function elisionLine(elidedBytes, logPath) {
  return `[… ${elidedBytes} bytes elided; full output: ${logPath} …]`;
}
var decoder = new TextDecoder("utf-8");
function isContinuationByte(byte) {
  return byte !== void 0 && (byte & 192) === 128;
}
function shapeShellText(output, trailers, logPath, limits) {
  const trailerText = trailers.map((line) => "\n" + line).join("");
  const trailerBytes = utf8Bytes(trailerText);
  const endsWithNewline = output.totalBytes > 0 && output.tail.length > 0 && output.tail[output.tail.length - 1] === NEWLINE3;
  const shownTotal = output.totalBytes - (endsWithNewline ? 1 : 0);
  if (output.whole && shownTotal + trailerBytes <= limits.maxBytes) {
    const body = shownTotal === 0 ? NO_OUTPUT_TEXT : decoder.decode(output.tail.subarray(0, shownTotal));
    return { text: body + trailerText, elided: false };
  }
  const headCap = headCapBytes(limits);
  const reach = (size) => Math.floor(size * limits.lineEndReachPercent / 100);
  const head = output.head;
  let headShown = Math.min(headCap, head.length);
  let headEnd = headShown;
  const lastNewline = head.subarray(0, Math.min(headCap + 1, head.length)).lastIndexOf(NEWLINE3);
  if (lastNewline !== -1 && lastNewline >= headCap - reach(headCap)) {
    headShown = lastNewline;
    headEnd = lastNewline + 1;
  } else {
    while (headShown > 0 && isContinuationByte(head[headShown])) headShown--;
    headEnd = headShown;
  }
  const tail = output.tail;
  const tailShownEnd = tail.length - (endsWithNewline ? 1 : 0);
  const tailOffset = output.totalBytes - tail.length;
  const markerRoom = utf8Bytes(elisionLine(output.totalBytes, logPath));
  const room = Math.max(0, limits.maxBytes - headShown - 1 - markerRoom - 1 - trailerBytes);
  const earliest = Math.max(0, headEnd - tailOffset);
  let start = Math.min(tailShownEnd, Math.max(earliest, tailShownEnd - room));
  const windowStart = start;
  let atLineStart = false;
  for (let i = Math.max(windowStart - 1, earliest); i < Math.min(tailShownEnd, windowStart + reach(room)); i++) {
    if (tail[i] === NEWLINE3) {
      start = i + 1;
      atLineStart = true;
      break;
    }
  }
  if (!atLineStart) while (start < tailShownEnd && isContinuationByte(tail[start])) start++;
  const elidedBytes = Math.max(0, tailOffset + start - headEnd);
  const text = decoder.decode(head.subarray(0, headShown)) + "\n" + elisionLine(elidedBytes, logPath) + "\n" + decoder.decode(tail.subarray(start, tailShownEnd)) + trailerText;
  return { text, elided: true };
}

// src/ops/shell_background.ts
function startBackgroundCommand(_context) {
  throw new ToolError("background commands are not available yet");
}

// src/ops/shell_env.ts
var REPO_TOKENS_VARIABLE = "GUILD_REPO_TOKENS";
var EXTRA_CA_CERTS_VARIABLE = "GUILDS_NODE_EXTRA_CA_CERTS";
var FIXED_SHELL_ENV = {
  PAGER: "cat",
  GIT_PAGER: "cat",
  GIT_TERMINAL_PROMPT: "0",
  NO_COLOR: "1",
  TERM: "dumb",
  DEBIAN_FRONTEND: "noninteractive"
};
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
    const relative = folder === "~" ? "" : folder.startsWith("~/") ? folder.slice(2) : folder;
    tokens.push({ folder: joinPath(home, relative), token });
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
function shellEnvironment(input) {
  const env = {};
  for (const [name, value] of Object.entries(input.agentEnv)) if (value !== void 0) env[name] = value;
  delete env[REPO_TOKENS_VARIABLE];
  const extraCaCerts = env[EXTRA_CA_CERTS_VARIABLE];
  if (extraCaCerts) env.NODE_EXTRA_CA_CERTS = extraCaCerts;
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

// src/ops/workdir.ts
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
  return io.fs.stat(path)?.kind === "folder";
}
function defaultWorkingDirectory(io, defaultCwd) {
  if (defaultCwd === "" || defaultCwd === "~") return io.home;
  if (defaultCwd.startsWith("~/")) return joinPath(io.home, defaultCwd.slice(2));
  return joinPath(io.home, defaultCwd);
}
function loadWorkingDirectory(io, runId, defaultCwd) {
  let recorded;
  try {
    recorded = new TextDecoder().decode(io.fs.readFile(cwdFile(io, runId)));
  } catch {
    recorded = void 0;
  }
  if (recorded !== void 0 && recorded.startsWith("/") && !/[\0\n]/.test(recorded)) {
    const folder = normalizeAbsolute(recorded);
    if (isFolder(io, folder)) return folder;
  }
  const fallback = defaultWorkingDirectory(io, defaultCwd);
  return isFolder(io, fallback) ? fallback : io.home;
}
function saveWorkingDirectory(io, runId, folder) {
  io.fs.makeFolder(runFolder(io, runId));
  io.fs.writeFileAtomic(cwdFile(io, runId), folder);
}

// src/ops/shell.ts
var TIMED_OUT_EXIT_CODE = 124;
function bashQuote(text) {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
function scriptWithDirectoryRecord(command, recordPath) {
  return `trap ${bashQuote(`builtin pwd >| ${bashQuote(recordPath)}`)} EXIT; ${command}`;
}
function readRecordedDirectory(io, path) {
  try {
    const text = new TextDecoder().decode(io.fs.readFile(path)).replace(/\n$/, "");
    if (!text.startsWith("/") || /[\0\n]/.test(text)) return null;
    return io.fs.stat(text)?.kind === "folder" ? normalizeAbsolute(text) : null;
  } catch {
    return null;
  } finally {
    io.fs.removeFile(path);
  }
}
function ghTokenFor(io, cwd) {
  const tokens = parseRepoTokens(io.env[REPO_TOKENS_VARIABLE], io.home);
  if (tokens === null) return void 0;
  const places = [cwd];
  try {
    places.push(io.fs.realPath(cwd));
  } catch {
  }
  const resolved = tokens.flatMap((entry) => {
    try {
      return [entry, { folder: io.fs.realPath(entry.folder), token: entry.token }];
    } catch {
      return [entry];
    }
  });
  return tokenForFolder(resolved, places);
}
function commandEnvironment(context) {
  const { io, request, cwd } = context;
  return shellEnvironment({
    agentEnv: io.env,
    runId: request.runId,
    agentId: request.agentId,
    cwd,
    ghToken: ghTokenFor(io, cwd)
  });
}
function stopLineOf(outcome, timeoutSeconds) {
  if (outcome.timedOut) return timedOutLine(timeoutSeconds);
  if (outcome.interruptedBy !== null) return INTERRUPTED_LINE;
  return null;
}
async function shell(context) {
  const { io, request, cwd } = context;
  const { args } = request;
  if (args.background === true) return startBackgroundCommand(context);
  const command = args.command;
  if (command.trim() === "") throw new ToolError("shell: command is empty");
  if (command.includes("\0")) throw new ToolError("shell: the command contains a NUL byte");
  const timeoutSeconds = clampInteger(
    args.timeout_seconds ?? SHELL_DEFAULT_TIMEOUT_SECONDS,
    SHELL_MIN_TIMEOUT_SECONDS,
    SHELL_MAX_TIMEOUT_SECONDS
  );
  const folder = runFolder(io, request.runId);
  io.fs.makeFolder(folder);
  const logPath = joinPath(folder, `${request.callId}.log`);
  const recordPath = joinPath(folder, `${request.callId}.cwd`);
  io.fs.removeFile(logPath);
  io.fs.removeFile(recordPath);
  const limits = {
    maxBytes: request.maxBytes,
    headMaxBytes: SHELL_HEAD_MAX_BYTES,
    lineEndReachPercent: SHELL_LINE_END_REACH_PERCENT
  };
  const collector = outputCollectorFor(limits);
  const cleaner = new StreamingCleaner(collector, {
    keepChars: limits.maxBytes,
    isUtf8: (bytes) => io.shell.isUtf8(bytes),
    isAscii: io.shell.isAscii
  });
  const run = {
    script: scriptWithDirectoryRecord(command, recordPath),
    cwd,
    env: commandEnvironment(context),
    logPath,
    timeoutMs: timeoutSeconds * 1e3,
    killGraceMs: SHELL_KILL_GRACE_MS
  };
  let outcome;
  try {
    outcome = await io.shell.run(run, (bytes) => cleaner.write(bytes));
  } catch (error) {
    io.fs.removeFile(logPath);
    io.fs.removeFile(recordPath);
    const code = error.code;
    const reason = typeof code === "string" ? code : error instanceof Error ? error.message : String(error);
    throw new ToolError(`shell: could not run the command in ${cwd}: ${reason}`);
  }
  const finalFolder = readRecordedDirectory(io, recordPath);
  if (finalFolder !== null) saveWorkingDirectory(io, request.runId, finalFolder);
  cleaner.end();
  const exitCode = outcome.timedOut ? TIMED_OUT_EXIT_CODE : outcome.exitCode;
  const shaped = shapeShellText(
    collectedOutput(collector),
    shellTrailers(exitCode, stopLineOf(outcome, timeoutSeconds)),
    logPath,
    limits
  );
  if (!shaped.elided) io.fs.removeFile(logPath);
  const meta = { exit_code: exitCode, cwd, timed_out: outcome.timedOut };
  if (shaped.elided) meta.log_path = logPath;
  return { text: shaped.text, meta };
}

// src/ops/index.ts
var notYet = (name) => () => {
  throw new ToolError(`${name} is not available in this version of guilds-code`);
};
var OPS = {
  shell,
  shell_status: notYet("shell_status"),
  file_read: fileRead,
  code_search: notYet("code_search")
};

// src/app.ts
function requestsFolder(io) {
  return joinPath(io.runDir, "requests");
}
function readRequestFile(io, path) {
  const name = baseName(path);
  if (path.includes("\0") || normalizeAbsolute(path) !== path || dirName(path) !== requestsFolder(io) || name === "" || name.startsWith(".")) {
    throw new ToolError(`invalid request: a request file must lie directly in ${requestsFolder(io)}/`);
  }
  const info = io.fs.lstat(path);
  if (info === null) throw new ToolError(`invalid request: no request file at ${path}`);
  if (info.kind !== "file") throw new ToolError(`invalid request: ${path} is not a regular file`);
  try {
    if (info.size > REQUEST_FILE_MAX_BYTES) {
      throw new ToolError(`invalid request: the request file passes ${REQUEST_FILE_MAX_BYTES} bytes`);
    }
    return io.fs.readFile(path);
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw new ToolError(`invalid request: cannot read ${path}: ${errorCode(error) ?? "unknown error"}`);
  } finally {
    io.fs.removeFile(path);
  }
}
function decodeArgument(io, argument) {
  if (argument === void 0) throw new ToolError("invalid request: no argument (expected base64 JSON or a request file)");
  const bytes = argument.startsWith("/") ? readRequestFile(io, argument) : decodeBase64Strict(argument);
  return parseRequestBytes(bytes);
}
async function handle(io, argument) {
  try {
    const request = decodeArgument(io, argument);
    const cwd = loadWorkingDirectory(io, request.runId, request.defaultCwd);
    const result = await OPS[request.op]({ io, request, cwd });
    return okEnvelope(capText(result.text, request.maxBytes), result.meta);
  } catch (error) {
    return errorEnvelope(describeFailure(error));
  }
}

// src/io/node.ts
var fs2 = __toESM(require("node:fs"), 1);
var import_node_module = require("node:module");

// src/io/node-background.ts
var nodeBackgroundProcesses = {};

// src/io/node-search.ts
var nodeSearchProcesses = {};

// src/io/node-shell.ts
var buffer = __toESM(require("node:buffer"), 1);
var fs = __toESM(require("node:fs"), 1);
var BASH = "bash";
var GROUP_POLL_MS = 20;
var GROUP_REAP_WAIT_MS = 1e3;
var OUTPUT_CHUNK_BYTES = 1048576;
var OUTPUT_POLL_MS = 10;
var LOG_OPEN_FLAGS = fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_NOFOLLOW;
function signalGroup(groupId, signal) {
  try {
    process.kill(-groupId, signal);
    return true;
  } catch {
    return false;
  }
}
function signalNumber(signal) {
  return loadOs().constants.signals[signal] ?? 0;
}
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
function groupRuns(groupId) {
  if (!signalGroup(groupId, 0)) return false;
  let entries;
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "latin1");
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) === groupId && fields[0] !== "Z" && fields[0] !== "X") return true;
  }
  return false;
}
async function finishGroup(groupId, deadline) {
  while (Date.now() < deadline) {
    if (!groupRuns(groupId)) return;
    await sleep(GROUP_POLL_MS);
  }
  signalGroup(groupId, "SIGKILL");
  const reapDeadline = Date.now() + GROUP_REAP_WAIT_MS;
  while (Date.now() < reapDeadline && groupRuns(groupId)) await sleep(GROUP_POLL_MS);
}
function runShell(request, onOutput) {
  const logFd = fs.openSync(request.logPath, LOG_OPEN_FLAGS, 384);
  let readFd;
  let child;
  try {
    readFd = fs.openSync(request.logPath, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch (error) {
    fs.closeSync(logFd);
    throw error;
  }
  try {
    child = loadChildProcess().spawn(BASH, ["-c", request.script], {
      cwd: request.cwd,
      env: request.env,
      stdio: ["ignore", logFd, logFd],
      detached: true
    });
  } catch (error) {
    fs.closeSync(logFd);
    fs.closeSync(readFd);
    throw error;
  }
  return new Promise((resolve, reject) => {
    let timedOut = false;
    let interruptedBy = null;
    let killDeadline = 0;
    let killTimer;
    let exitCode = 0;
    const groupId = child.pid;
    const stop = () => {
      if (groupId === void 0 || killDeadline !== 0) return;
      killDeadline = Date.now() + request.killGraceMs;
      signalGroup(groupId, "SIGTERM");
      killTimer = setTimeout(() => signalGroup(groupId, "SIGKILL"), request.killGraceMs);
    };
    const timeoutTimer = setTimeout(() => {
      timedOut = true;
      stop();
    }, request.timeoutMs);
    const onSignal = (signal) => {
      if (interruptedBy === null) interruptedBy = signal;
      stop();
    };
    process.on("SIGTERM", onSignal);
    process.on("SIGINT", onSignal);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearTimeout(timeoutTimer);
      clearTimeout(killTimer);
      clearTimeout(pollTimer);
      clearImmediate(readNext);
      process.off("SIGTERM", onSignal);
      process.off("SIGINT", onSignal);
      fs.closeSync(logFd);
      fs.closeSync(readFd);
    };
    const buffer2 = Buffer.allocUnsafe(OUTPUT_CHUNK_BYTES);
    let position = 0;
    let endAt = null;
    let pollTimer;
    let readNext;
    const schedule = (now) => {
      clearTimeout(pollTimer);
      clearImmediate(readNext);
      if (now) readNext = setImmediate(follow);
      else pollTimer = setTimeout(follow, OUTPUT_POLL_MS);
    };
    function follow() {
      if (closed) return;
      try {
        const want = Math.min(buffer2.length, (endAt ?? Number.MAX_SAFE_INTEGER) - position);
        const read = want > 0 ? fs.readSync(readFd, buffer2, 0, want, position) : 0;
        if (read > 0) {
          position += read;
          onOutput(buffer2.subarray(0, read));
          schedule(true);
        } else if (endAt !== null) {
          close();
          resolve({ exitCode, timedOut, interruptedBy, logBytes: position });
        } else {
          schedule(false);
        }
      } catch (error) {
        stop();
        close();
        reject(error);
      }
    }
    schedule(false);
    child.once("error", (error) => {
      close();
      reject(error);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timeoutTimer);
      exitCode = code ?? (signal ? 128 + signalNumber(signal) : 1);
      const finished = killDeadline !== 0 && groupId !== void 0 ? finishGroup(groupId, killDeadline) : Promise.resolve();
      void finished.then(() => {
        if (closed) return;
        endAt = fs.fstatSync(logFd).size;
        schedule(true);
      });
    });
  });
}
var decoder2 = new TextDecoder("utf-8", { fatal: true });
var nodeShellProcesses = {
  run: runShell,
  // buffer.isAscii arrived in Node 18.15.
  isAscii: typeof buffer.isAscii === "function" ? (bytes) => buffer.isAscii(bytes) : void 0,
  isUtf8(bytes) {
    if (typeof buffer.isUtf8 === "function") return buffer.isUtf8(bytes);
    try {
      decoder2.decode(bytes);
      return true;
    } catch {
      return false;
    }
  }
};

// src/io/node.ts
var import_meta = {};
var nodeRequire = typeof require === "function" ? require : (0, import_node_module.createRequire)(import_meta.url);
function loadCrypto() {
  return nodeRequire("node:crypto");
}
function loadChildProcess() {
  return nodeRequire("node:child_process");
}
function loadOs() {
  return nodeRequire("node:os");
}
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
var OPEN_READ_FLAGS = fs2.constants.O_RDONLY | fs2.constants.O_NONBLOCK | fs2.constants.O_NOCTTY;
var NodeOpenFile = class {
  constructor(fd) {
    this.fd = fd;
  }
  fd;
  info() {
    return infoOf(fs2.fstatSync(this.fd));
  }
  realPath() {
    return fs2.readlinkSync(`/proc/self/fd/${this.fd}`);
  }
  read(buffer2) {
    return fs2.readSync(this.fd, buffer2, 0, buffer2.length, null);
  }
  readAt(buffer2, length, position) {
    return fs2.readSync(this.fd, buffer2, 0, length, position);
  }
  close() {
    fs2.closeSync(this.fd);
  }
};
var tempCounter = 0;
var nodeFileSystem = {
  realPath: (path) => fs2.realpathSync.native(path),
  stat(path) {
    const stats = fs2.statSync(path, { throwIfNoEntry: false });
    return stats ? infoOf(stats) : null;
  },
  lstat(path) {
    const stats = fs2.lstatSync(path, { throwIfNoEntry: false });
    return stats ? infoOf(stats) : null;
  },
  openRead: (path) => new NodeOpenFile(fs2.openSync(path, OPEN_READ_FLAGS)),
  readFile: (path) => fs2.readFileSync(path),
  writeFileAtomic(path, data) {
    const temp = `${path}.${process.pid}.${++tempCounter}.tmp`;
    try {
      fs2.writeFileSync(temp, data, { mode: 384 });
      fs2.renameSync(temp, path);
    } catch (error) {
      fs2.rmSync(temp, { force: true });
      throw error;
    }
  },
  makeFolder: (path) => void fs2.mkdirSync(path, { recursive: true, mode: 448 }),
  removeFile: (path) => fs2.rmSync(path, { force: true }),
  removeTree: (path) => fs2.rmSync(path, { force: true, recursive: true }),
  listFolder: (path) => fs2.readdirSync(path),
  touch(path) {
    const now = /* @__PURE__ */ new Date();
    fs2.utimesSync(path, now, now);
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
function nodeIo(home, runDir, env) {
  return {
    home,
    runDir,
    env,
    fs: nodeFileSystem,
    shell: nodeShellProcesses,
    background: nodeBackgroundProcesses,
    search: nodeSearchProcesses,
    sha256: () => new NodeHasher(),
    now: () => Date.now()
  };
}

// src/main.ts
var DEFAULT_RUN_DIR = "/run/guilds";
var STDOUT_FD = 1;
var WRITE_RETRY_WAIT_MS = 1;
var answered = false;
function writeAll(line) {
  const bytes = Buffer.from(line, "utf8");
  let written = 0;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (written < bytes.length) {
    try {
      written += fs3.writeSync(STDOUT_FD, bytes, written, bytes.length - written);
    } catch (error) {
      const code = error.code;
      if (code === "EAGAIN") Atomics.wait(pause, 0, 0, WRITE_RETRY_WAIT_MS);
      else return;
    }
  }
}
function answer(envelope) {
  if (!answered) {
    answered = true;
    writeAll(encodeEnvelope(envelope) + "\n");
  }
  process.exit(0);
}
function fail(error) {
  answer(errorEnvelope(describeFailure(error)));
}
function homeFolder() {
  const home = process.env.HOME;
  if (!home || !home.startsWith("/")) throw new Error("HOME is not set to an absolute path");
  let real;
  try {
    real = fs3.realpathSync.native(home);
  } catch {
    throw new Error(`the home folder ${home} does not exist`);
  }
  if (!fs3.statSync(real).isDirectory()) throw new Error(`the home ${home} is not a folder`);
  return real;
}
async function main() {
  process.on("uncaughtException", fail);
  process.on("unhandledRejection", fail);
  let home;
  try {
    home = homeFolder();
  } catch (error) {
    answer(errorEnvelope(error.message));
  }
  const runDir = normalizeAbsolute(process.env.GUILDS_RUN_DIR || DEFAULT_RUN_DIR);
  const io = nodeIo(home, runDir, process.env);
  answer(await handle(io, process.argv[2]));
}
main().catch(fail);

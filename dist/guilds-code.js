#!/usr/bin/env node
"use strict";

// src/main.ts
var import_node_fs2 = require("node:fs");

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
var NON_ASCII = /[^\x00-\x7f]/;
var SURROGATE = /[\ud800-\udfff]/;
function utf8Bytes(text) {
  if (!NON_ASCII.test(text)) return text.length;
  return encoder.encode(text).length;
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
var lineDecoder = new TextDecoder("utf-8");
var LineCollector = class {
  constructor(maxChars) {
    this.maxChars = maxChars;
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
  const buffer = new Uint8Array(READ_CHUNK_BYTES);
  const lastWanted = offset + limit - 1;
  const lines = [];
  let lineNumber = 1;
  let collector = offset === 1 ? new LineCollector(FILE_READ_LINE_MAX_CHARS) : null;
  let totalBytes = 0;
  let lastByte = -1;
  let binary = false;
  let sniffed = 0;
  for (; ; ) {
    const read = file.read(buffer);
    if (read === 0) break;
    const chunk = buffer.subarray(0, read);
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

// src/ops/index.ts
var notYet = (name) => () => {
  throw new ToolError(`${name} is not available in this version of guilds-code`);
};
var OPS = {
  shell: notYet("shell"),
  shell_status: notYet("shell_status"),
  file_read: fileRead,
  code_search: notYet("code_search")
};

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

// src/environment.ts
var HANDED_ON_CA_CERTS_VARIABLE = "GUILDS_NODE_EXTRA_CA_CERTS";
function commandEnvironment(env) {
  const handedOn = env[HANDED_ON_CA_CERTS_VARIABLE];
  if (handedOn === void 0) return env;
  const restored = { ...env, NODE_EXTRA_CA_CERTS: handedOn };
  delete restored[HANDED_ON_CA_CERTS_VARIABLE];
  return restored;
}

// src/io/node.ts
var import_node_fs = require("node:fs");
var import_node_module = require("node:module");

// src/io/node-background.ts
var nodeBackgroundProcesses = {};

// src/io/node-search.ts
var nodeSearchProcesses = {};

// src/io/node-shell.ts
var nodeShellProcesses = {};

// src/io/node.ts
var import_meta = {};
var nodeRequire = typeof require === "function" ? require : (0, import_node_module.createRequire)(import_meta.url);
function loadCrypto() {
  return nodeRequire("node:crypto");
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
var OPEN_READ_FLAGS = import_node_fs.constants.O_RDONLY | import_node_fs.constants.O_NONBLOCK | import_node_fs.constants.O_NOCTTY;
var NodeOpenFile = class {
  constructor(fd) {
    this.fd = fd;
  }
  fd;
  info() {
    return infoOf((0, import_node_fs.fstatSync)(this.fd));
  }
  realPath() {
    return (0, import_node_fs.readlinkSync)(`/proc/self/fd/${this.fd}`);
  }
  read(buffer) {
    return (0, import_node_fs.readSync)(this.fd, buffer, 0, buffer.length, null);
  }
  readAt(buffer, length, position) {
    return (0, import_node_fs.readSync)(this.fd, buffer, 0, length, position);
  }
  close() {
    (0, import_node_fs.closeSync)(this.fd);
  }
};
var tempCounter = 0;
var nodeFileSystem = {
  realPath: (path) => import_node_fs.realpathSync.native(path),
  stat(path) {
    const stats = (0, import_node_fs.statSync)(path, { throwIfNoEntry: false });
    return stats ? infoOf(stats) : null;
  },
  lstat(path) {
    const stats = (0, import_node_fs.lstatSync)(path, { throwIfNoEntry: false });
    return stats ? infoOf(stats) : null;
  },
  openRead: (path) => new NodeOpenFile((0, import_node_fs.openSync)(path, OPEN_READ_FLAGS)),
  readFile: (path) => (0, import_node_fs.readFileSync)(path),
  writeFileAtomic(path, data) {
    const temp = `${path}.${process.pid}.${++tempCounter}.tmp`;
    try {
      (0, import_node_fs.writeFileSync)(temp, data, { mode: 384 });
      (0, import_node_fs.renameSync)(temp, path);
    } catch (error) {
      (0, import_node_fs.rmSync)(temp, { force: true });
      throw error;
    }
  },
  makeFolder: (path) => void (0, import_node_fs.mkdirSync)(path, { recursive: true, mode: 448 }),
  removeFile: (path) => (0, import_node_fs.rmSync)(path, { force: true }),
  removeTree: (path) => (0, import_node_fs.rmSync)(path, { force: true, recursive: true }),
  listFolder: (path) => (0, import_node_fs.readdirSync)(path),
  touch(path) {
    const now = /* @__PURE__ */ new Date();
    (0, import_node_fs.utimesSync)(path, now, now);
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
      written += (0, import_node_fs2.writeSync)(STDOUT_FD, bytes, written, bytes.length - written);
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
    real = import_node_fs2.realpathSync.native(home);
  } catch {
    throw new Error(`the home folder ${home} does not exist`);
  }
  if (!(0, import_node_fs2.statSync)(real).isDirectory()) throw new Error(`the home ${home} is not a folder`);
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
  const io = nodeIo(home, runDir, commandEnvironment(process.env));
  answer(await handle(io, process.argv[2]));
}
main().catch(fail);

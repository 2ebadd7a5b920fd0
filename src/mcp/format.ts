// Every sentence the MCP server itself writes: what its tools' descriptions add, its progress
// messages, its protocol errors and its command line's answers. Pure.
import type { OpName } from '../contract/tools/index.js';

/**
 * A progress notification's message when a call has no line to show: at a heartbeat, before its
 * first line, or each second of a call whose runner cannot stream its events.
 */
export function progressMessage(tool: OpName, elapsedSeconds: number): string {
  return `${tool}: running for ${elapsedSeconds} s`;
}

/** The JSON-RPC error for a tool this server does not offer. */
export function unknownMcpTool(shown: string, offered: readonly string[]): string {
  return `unknown tool '${shown}' (this server's tools are ${offered.join(', ')})`;
}

/**
 * An error's message as this server sends it: without the `MCP error <code>: ` that the SDK's
 * McpError puts before its message. A client's SDK puts the same words before what it receives, so
 * the line would read it twice; the code travels in the error's own field.
 */
export function errorMessageForWire(code: number, message: string): string {
  const prefix = `MCP error ${code}: `;
  let plain = message;
  while (plain.startsWith(prefix)) plain = plain.slice(prefix.length);
  return plain;
}

/** The JSON-RPC error for a line that is not JSON. */
export function notJsonMessage(): string {
  return 'Parse error: the message is not JSON';
}

/** The JSON-RPC error for JSON that is not a JSON-RPC 2.0 message. */
export function notJsonRpcMessage(): string {
  return 'Invalid Request: the message is not a JSON-RPC 2.0 request, notification or response';
}

/** The JSON-RPC error for a line past the message cap (the line is skipped). */
export function messageTooLarge(maxBytes: number): string {
  return `Invalid Request: a message may be at most ${maxBytes} bytes; this one was skipped`;
}

export const MCP_USAGE = [
  'usage: guilds-code-mcp [--home DIR] [--max-bytes N] [--no-read-pointers] [--structured-content]',
  '',
  '  --home DIR           the folder the tools work in; every path is confined to it (default: the client\'s',
  '                       first root when it lists roots, else the current folder)',
  '  --max-bytes N        the byte cap of a tool result, 1024 to 65536 (default: 8192)',
  '  --no-read-pointers   a repeated read of an unchanged file returns its text again, not a pointer',
  '  --structured-content each result\'s meta as structuredContent, with output schemas (some clients then',
  '                       give the model that JSON instead of the text); by default the meta is in _meta',
  '',
  'A stdio MCP server with the tools shell, shell_status, file_read and code_search, and code_task when',
  'GUILDS_HARNESS names a harness. GUILD_REPO_TOKENS (a JSON object from folder to token) gives a command',
  'GH_TOKEN for the folder holding its working directory.',
].join('\n');

/** One line on stderr: a root of the client's that is not taken (the reason says why). */
export function rootRefused(uri: string, reason: string): string {
  return startFailure(`the client's root ${uri} is ${reason}; ignored`);
}

/** With --home: a root of the client's outside that home. */
export function rootOutsideHome(uri: string, home: string): string {
  return startFailure(`the client's root ${uri} is outside the home ${home} (--home); ignored`);
}

/** The client offers roots but did not list them in time, or answered with an error. */
export function rootsUnanswered(reason: string, home: string): string {
  return startFailure(`the client did not list its roots (${reason}); the home stays ${home}`);
}

/** The home changed with the client's roots: a new run starts there. */
export function homeFromRoots(home: string, fromRoot: boolean): string {
  return startFailure(fromRoot ? `the home is ${home}, the client's first root` : `the home is ${home}, the working directory (no root of the client's is a local folder)`);
}

/** One line on stderr when the server cannot start. */
export function startFailure(reason: string): string {
  return `guilds-code-mcp: ${reason}`;
}

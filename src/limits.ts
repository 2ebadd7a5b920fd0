// Every cap the helper applies, in one place, each with its unit in its name.

// The result's byte cap (request field max_bytes).
export const RESULT_DEFAULT_MAX_BYTES = 8192;
export const RESULT_MIN_MAX_BYTES = 1024;
// Above the platform's own 64 KiB cap nothing more reaches the model; a higher cap only costs memory.
export const RESULT_CEILING_MAX_BYTES = 1_048_576;

// Request ids become file names.
export const ID_MAX_CHARS = 128;
// A request file holds what did not fit on the command line; anything this large is not a tool call.
export const REQUEST_FILE_MAX_BYTES = 16 * 1_048_576;

// The run's cwd file holds one absolute path; a longer one is no path the kernel would take.
export const CWD_FILE_MAX_BYTES = 4096;
// An error line always fits the smallest result cap, whatever path or name it quotes.
export const ERROR_MAX_BYTES = 1024;

// file_read
export const FILE_READ_DEFAULT_LIMIT_LINES = 200;
export const FILE_READ_MAX_LIMIT_LINES = 500;
export const FILE_READ_LINE_MAX_CHARS = 400;
export const BINARY_SNIFF_BYTES = 8000;
export const READ_CHUNK_BYTES = 1_048_576;
// Up to this size file_read hashes in WebAssembly (src/io/sha256-wasm.ts), above it through
// node:crypto, whose OpenSSL is about 12 times as fast per byte but costs about 8 ms to load. Setup
// and hash in one fresh process, medians of 11 (busy 2-core machine), WebAssembly against
// node:crypto: 10 KB 3.7 ms / 9.8; 100 KB 5.6 / 8.0; 256 KiB 7.7 / 8.6;
// 512 KiB 10.7 / 9.1; 1 MB 16.1 / 8.8; 4 MB 43 / 13.7; 16 MB 139 / 21. Whole processes hashing a
// 256 KiB file cost the same CPU either way (51.7 ms, medians of 40); see docs/performance.md.
export const SHA256_WASM_MAX_BYTES = 262_144;

// shell
// Between SIGTERM and SIGKILL for a stopped command's process group.
export const SHELL_KILL_GRACE_MS = 2000;
// The head of an elided output: at most this, and at most a quarter of the result's cap.
export const SHELL_HEAD_MAX_BYTES = 2048;
// A head or tail cut moves to a line end when one lies within this share of the part's size.
export const SHELL_LINE_END_REACH_PERCENT = 25;

// code_search
// Content mode's output goes to an unlinked temporary file up to this size (the 100,000 lines of the
// system headers' `void` take 11 MiB), then through a pipe: a pattern like `e` over a large tree prints
// gigabytes, and the temporary folder may be a small tmpfs.
export const SEARCH_SPOOL_MAX_BYTES = 64 * 1_048_576;
// Characters shown before the match when a long line's window moves to hold it.
export const SEARCH_MATCH_LEAD_CHARS = 60;
// Characters of the model's pattern or glob that a sentence quotes back; the rest is `…`.
export const SEARCH_ECHO_MAX_CHARS = 200;
// Longest output line kept whole where whole lines are needed (a path and a count, a stats line).
export const SEARCH_SHORT_LINE_MAX_BYTES = 65_536;
// ripgrep's --stats block is a dozen lines; a few more in case of stray lines before it.
export const SEARCH_STATS_MAX_LINES = 24;
// Enough of ripgrep's stderr for its one-line reason; the rest is dropped as it comes.
export const SEARCH_STDERR_KEEP_BYTES = 8192;
// ripgrep's output read back from its temporary file (files mode) in pieces of this size.
export const SEARCH_OUTPUT_FILE_CHUNK_BYTES = 1_048_576;
// Content mode's spool is read into one buffer of this size, over and over (docs/performance.md).
export const SEARCH_SPOOL_READ_BYTES = 524_288;
// How often what ripgrep has added to content mode's spool is read (and its size checked).
export const SEARCH_SPOOL_CHECK_INTERVAL_MS = 10;
// The spool is used only where this many times its cap is free: the search stays far from filling
// the folder, and a folder that is full does not make every search run twice.
export const SEARCH_SPOOL_FREE_SPACE_FACTOR = 2;

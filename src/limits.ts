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

// code_task
export const CODE_TASK_DEFAULT_TIMEOUT_MINUTES = 30;
export const CODE_TASK_MIN_TIMEOUT_MINUTES = 1;
export const CODE_TASK_MAX_TIMEOUT_MINUTES = 120;
// Between SIGTERM and SIGKILL for a stopped harness's process group.
export const CODE_TASK_KILL_GRACE_MS = 10_000;
// The diffstat shows at most this many file lines before `… N more files`.
export const DIFFSTAT_MAX_FILE_LINES = 30;
// git's --stat width: what git prints for a pipe, written down so that no terminal setting changes it.
export const DIFFSTAT_WIDTH_COLUMNS = 80;
// A snapshot (`git add -A` + `git write-tree`) or the diff between two is stopped after this long: a
// huge untracked tree then costs the diffstat, never the task's answer.
export const SNAPSHOT_TIMEOUT_MS = 120_000;
// One line of a harness's output or of git's is kept up to this size; the rest of it is counted, not held.
export const HARNESS_LINE_MAX_BYTES = 1_048_576;
// The harness's final message is kept up to this size (its head and its tail); the middle is in the log.
export const HARNESS_FINAL_MESSAGE_MAX_BYTES = 262_144;
// An error reason is one line, at most this long.
export const HARNESS_REASON_MAX_CHARS = 300;
// The brief's first line in the app's code_task block.
export const BRIEF_FIRST_LINE_MAX_CHARS = 120;
// A session record or a lock file is a few hundred bytes; anything larger was not written by the helper.
export const CODE_TASK_STATE_FILE_MAX_BYTES = 65_536;
// Over the result's cap, the final message keeps at least this much of its head and tail before the
// diffstat's file lines are dropped.
export const CODE_TASK_MESSAGE_MIN_BYTES = 512;

// Every cap the helper and its orchestrator side apply, in one place, each with its unit in its name.
// Why a figure is what it is, where it was measured, is in docs/performance.md.

// The result's byte cap (request field max_bytes).
export const RESULT_DEFAULT_MAX_BYTES = 8192;
export const RESULT_MIN_MAX_BYTES = 1024;
// Above the platform's own 64 KiB cap nothing more reaches the model; a higher cap only costs memory.
export const RESULT_CEILING_MAX_BYTES = 1_048_576;

// Request ids become file names.
export const ID_MAX_CHARS = 128;
// A request file holds what did not fit on the command line; anything this large is not a tool call.
export const REQUEST_FILE_MAX_BYTES = 16 * 1_048_576;
// An unknown op or argument is quoted back only when it looks like a name of at most this many characters.
export const QUOTED_NAME_MAX_CHARS = 64;

// The run's cwd file holds one absolute path; a longer one is no path the kernel would take.
export const CWD_FILE_MAX_BYTES = 4096;
// An error line always fits the smallest result cap, whatever path or name it quotes.
export const ERROR_MAX_BYTES = 1024;
// An over-long path is named by its start: enough to recognise it, never a split character.
export const LONG_PATH_SHOWN_CHARS = 200;
// A path's walk follows at most this many links, as Linux does (MAXSYMLINKS), then says ELOOP.
export const PATH_LINKS_MAX_FOLLOWED = 40;
// A name that changes kind between the look at it and the read of its link is looked at again, this
// many times at most; then it counts as gone, as a name mid-swap is.
export const PATH_LOOK_MAX_ATTEMPTS = 3;
// Only the agent's most recently used runs keep their $HOME/.runs/<run_id>/ folders.
export const RUNS_KEPT_COUNT = 20;
// A helper that answers many calls marks a run as used at most this often (its folder's time is what
// pruning orders runs by, so a minute late is no different; a mark costs two file calls a call).
export const RUN_USE_MARK_INTERVAL_MS = 60_000;
// How many runs' marks such a helper remembers before it starts over.
export const RUN_USE_MARKS_KEPT = 256;
// How many homes' resolved paths such a helper remembers before it starts over.
export const HOMES_KEPT = 64;

// file_read
export const FILE_READ_DEFAULT_LIMIT_LINES = 200;
export const FILE_READ_MAX_LIMIT_LINES = 500;
export const FILE_READ_LINE_MAX_CHARS = 400;
// A NUL byte among a file's first bytes makes it binary (file_read and code_search alike).
export const BINARY_SNIFF_BYTES = 8000;
export const READ_CHUNK_BYTES = 1_048_576;
/**
 * The least a read buffer holds: a file whose size says 0 or little (a /proc file, one that grows
 * while it is read) is still read in pieces this large, not byte by byte.
 */
export const READ_CHUNK_MIN_BYTES = 65_536;
// Up to this size file_read hashes in WebAssembly (src/tools/file_read/sha256-wasm.ts), above it through
// node:crypto: where the two cost the same in a fresh process (docs/performance.md).
export const SHA256_WASM_MAX_BYTES = 262_144;

// shell
export const SHELL_DEFAULT_TIMEOUT_SECONDS = 120;
export const SHELL_MIN_TIMEOUT_SECONDS = 1;
export const SHELL_MAX_TIMEOUT_SECONDS = 600;
// Between SIGTERM and SIGKILL for a stopped command's process group.
export const SHELL_KILL_GRACE_MS = 2000;
// A command that took longer than this says how long in its last line (`exit_code: 1 · 42s`, `(took 42s)`).
export const SHELL_SLOW_COMMAND_MS = 10_000;
// The head of an elided output: at most this, and at most a quarter of the result's cap.
export const SHELL_HEAD_MAX_BYTES = 2048;
// A head or tail cut moves to a line end when one lies within this share of the part's size.
export const SHELL_LINE_END_REACH_PERCENT = 25;
// A command whose script is longer than this goes to bash through a file in the run's folder, not as
// its `-c` argument: Linux caps one argument at 128 KiB (E2BIG), and all of argv and the environment
// together at a quarter of the stack limit (as low as 128 KiB under a small `ulimit -s`).
export const SHELL_INLINE_SCRIPT_MAX_BYTES = 65_536;
// Concurrent background starts race for the next id; far more attempts than helpers that could
// ever start at once, and still a bound.
export const BACKGROUND_ID_CLAIM_MAX_ATTEMPTS = 10_000;

// shell_status
export const STATUS_LOG_TAIL_LINES = 40;
export const STATUS_COMMAND_MAX_CHARS = 200;
// Enough for 40 long lines; the tail is read from the end, so a log of any size costs the same.
export const STATUS_LOG_TAIL_READ_MAX_BYTES = 65_536;
export const STOP_KILL_DELAY_SECONDS = 5;
// After the SIGTERM, how long the answer waits for a cooperative job to be gone, so that it can say
// "stopped" rather than "stopping"; a job that ignores the signal costs this wait once.
export const STOP_SETTLE_WAIT_MS = 1000;
export const STOP_SETTLE_POLL_MS = 25;
// A job's record and its small status files: anything larger was not written by the helper.
export const JOB_RECORD_MAX_BYTES = 1_048_576;
export const JOB_STATUS_FILE_MAX_BYTES = 64;
// A cursor move to the right (ESC[nG, ESC[nC) stops at this column or the end of the line drawn,
// whichever is further, as a terminal stops at its width: six bytes of output never make a line huge.
export const SHELL_CURSOR_MOVE_MAX_COLUMNS = 1024;
// The cleaner acts as a terminal of this many rows: a cursor moved up (ESC[nA, ESC[nF, a restored
// position, erase in display) reaches the most recent lines, up to this many; the lines above them
// are final, as lines scrolled off a terminal's screen are.
export const SHELL_SCREEN_ROWS = 100;
// The lines of that window hold at most this many bytes between them; past it the oldest become final
// sooner, so that a hundred long lines cannot hold a hundred times a line's memory.
export const SHELL_SCREEN_MAX_BYTES = 1_048_576;
// Lines of an elided output's middle that look like failures are kept, first ones first: at most this
// many lines, taking at most this share of the result's cap (and never leaving the tail less than
// the head's cap).
export const SHELL_KEPT_ERROR_LINES_MAX = 12;
export const SHELL_KEPT_ERRORS_MAX_PERCENT = 25;
// A kept line shows at most its first this many bytes, then `… [+N bytes]`.
export const SHELL_KEPT_ERROR_LINE_MAX_BYTES = 200;
// The failure detector reads the first this many bytes of each line.
export const SHELL_ERROR_LINE_SEARCH_BYTES = 1024;
// Failure lines are looked for in the first this many bytes of cleaned output: test and build logs
// fit many times over, and the search of a gigabyte of output stops early instead of costing seconds.
export const SHELL_ERROR_SEARCH_MAX_BYTES = 16 * 1_048_576;

// code_search
export const SEARCH_MAX_FILES = 30;
export const SEARCH_MAX_LINES = 40;
export const SEARCH_MAX_MATCHES_PER_FILE = 10;
export const SEARCH_MAX_CONTEXT_LINES = 5;
export const SEARCH_LINE_MAX_CHARS = 300;
export const SEARCH_TIMEOUT_SECONDS = 60;
// The extra search that counts what ignore files hid (a search that showed all it found): given up,
// silently, after this long.
export const SEARCH_IGNORED_TIMEOUT_SECONDS = 3;
// Content mode's output goes to an unlinked temporary file up to this size, then through a pipe: a
// pattern like `e` over a large tree prints gigabytes, and the temporary folder may be a small tmpfs.
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

// code_task
export const CODE_TASK_DEFAULT_TIMEOUT_MINUTES = 30;
export const CODE_TASK_MIN_TIMEOUT_MINUTES = 1;
export const CODE_TASK_MAX_TIMEOUT_MINUTES = 120;
// Between SIGTERM and SIGKILL for a stopped harness's process group.
export const CODE_TASK_KILL_GRACE_MS = 10_000;
// The shortest minute the test knob (GUILDS_HARNESS_MINUTE_MS) may set: time for a harness to start.
export const CODE_TASK_TEST_MINUTE_MIN_MS = 100;
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

// The orchestrator side.
// The platform's cap on any tool result.
export const PLATFORM_RESULT_MAX_BYTES = 65_536;
// How long an op other than shell may take, helper start included.
export const OP_TIMEOUT_SECONDS = 120;
// What shell gets beyond its own timeout: the helper stops the command, then still has to answer.
export const SHELL_TIMEOUT_MARGIN_SECONDS = 30;
// What code_task gets beyond its timeout_minutes: the harness's 10 s grace, the snapshot after it, the answer.
export const CODE_TASK_TIMEOUT_MARGIN_SECONDS = 60;
// Past this many bytes of base64 the request goes in a file: argv has limits of its own.
export const REQUEST_ARGUMENT_MAX_BYTES = 65_536;
// How much of the helper's stderr a failed call shows, and how long one of its lines may be.
export const HELPER_STDERR_TAIL_LINES = 5;
export const HELPER_STDERR_LINE_MAX_CHARS = 300;
// How long past its own timeout a sandbox may take to report a stopped process.
export const SANDBOX_GRACE_MS = 5_000;
// How long the sweep of a call whose helper gave no answer may take (src/sweep-main.ts): a helper's
// start, the grace between SIGTERM and SIGKILL, and the reap, with room for a loaded sandbox.
export const SWEEP_EXEC_TIMEOUT_MS = 15_000;
// A command or path longer than this is clipped in a row; the Arguments view has it whole.
export const ROW_TEXT_MAX_CHARS = 80;
// How much of an unknown tool's name the error quotes: a name is short, anything longer is noise.
export const UNKNOWN_TOOL_SHOWN_CHARS = 64;

// The MCP server (src/mcp/).
/** How often a running shell command or code_task reports progress to a client that asked for it. */
export const MCP_PROGRESS_INTERVAL_MS = 1000;
/** The largest JSON-RPC message the server reads, in bytes; a longer line is refused and skipped. */
export const MCP_MESSAGE_MAX_BYTES = 33_554_432; // 32 MiB, a literal: an unused product would stay in every bundle
/** Once the client has gone, how long the calls still running get to stop their commands and settle. */
export const MCP_SHUTDOWN_WAIT_MS = 15_000;
/** How long the server waits for the client's answer to roots/list before it keeps the home it has. */
export const MCP_ROOTS_WAIT_MS = 5_000;

// The app's views (src/orchestrator/view/) and the web page (scripts/web/).
// A Result view holds at most the platform's cap, whatever a platform hands in: the page stays light.
export const VIEW_RESULT_MAX_BYTES = PLATFORM_RESULT_MAX_BYTES;
// A JSON tree holds at most this many nodes, in document order; what is left out is counted.
export const VIEW_JSON_TREE_MAX_NODES = 2000;
// The web page takes a call's request body up to this size: a long brief fits many times over.
export const WEB_REQUEST_MAX_BYTES = 1_048_576;
// A running call's row on the web page shows this many of its latest output lines.
export const WEB_LIVE_LINES = 5;
// How often the web page counts a running call's time on, in milliseconds, between its events.
export const WEB_LIVE_TICK_MS = 1000;

// The warm stream (SPEC section 8): one request line of plain JSON; a longer one is refused and skipped.
export const SERVE_LINE_MAX_BYTES = 16 * 1_048_576;
/**
 * A stream that has read no line for this long, with no call in flight, exits as at stdin's end. Its
 * caller closes an idle stream sooner (the orchestrator's WARM_STREAM_IDLE_MS); this ends one whose
 * caller is gone without closing its stdin: a container runtime restarted under a live container
 * keeps the exec's pipes open with no one at the other end.
 */
export const SERVE_IDLE_EXIT_MS = 15 * 60_000;
/** Shortens SERVE_IDLE_EXIT_MS (milliseconds), for tests; a larger value or anything else is ignored. */
export const SERVE_IDLE_EXIT_VARIABLE = 'GUILDS_SERVE_IDLE_EXIT_MS';

// Live calls (SPEC section 9, src/contract/live-calls.ts).
/** A call that asked for progress and reported nothing for this long gets a heartbeat, by default. */
export const PROGRESS_HEARTBEAT_DEFAULT_MS = 15_000;
/** The shortest heartbeat a request may ask for, in milliseconds. */
export const PROGRESS_HEARTBEAT_MIN_MS = 1_000;
/** The longest heartbeat a request may ask for, in milliseconds. */
export const PROGRESS_HEARTBEAT_MAX_MS = 600_000;
/** At most one output event a call in this many milliseconds: a flood of lines is batched. */
export const PROGRESS_OUTPUT_INTERVAL_MS = 250;
/** An output event's text, in UTF-8 bytes: the last whole lines that fit. */
export const PROGRESS_OUTPUT_MAX_BYTES = 2_048;
/**
 * The raw output a call keeps between two output events, in bytes: the tail that its last lines
 * are cut from (a flood's earlier bytes are counted, never held).
 */
export const PROGRESS_OUTPUT_HELD_MAX_BYTES = 16_384;
/** A step event's text, in characters: one line. */
export const PROGRESS_STEP_MAX_CHARS = 300;
/** The steps a running code_task's live block keeps, the latest ones; earlier ones are counted. */
export const LIVE_STEPS_MAX = 50;
/** A live row's latest line, in characters (the line as it came is in the event). */
export const LIVE_LINE_MAX_CHARS = 200;
/**
 * A cut text's end that matches this many characters or more of a secret's start is masked too
 * (a step's text cut at its cap may end in part of a secret, which whole-value redaction misses).
 */
export const REDACT_CUT_SECRET_MIN_CHARS = 4;

// Telemetry (src/contract/telemetry.ts, src/orchestrator/telemetry/).
/**
 * A request's `tracestate`, in characters: W3C Trace Context lets a carrier drop list members past
 * 512 characters, so the orchestrator cuts there and the helper refuses a longer one.
 */
export const TRACESTATE_MAX_CHARS = 512;
/** An argument recorded on a span (the opt-in `gen_ai.tool.call.arguments`), in UTF-8 bytes of its JSON. */
export const SPAN_ARGUMENTS_MAX_BYTES = 4096;

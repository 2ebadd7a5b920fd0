// The bash scripts a command runs as, in the foreground and in the background. Pure.
import { utf8Bytes } from '../../text/utf8.js';

/** Single quotes for bash: nothing inside is special but the quote itself. */
export function bashQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * ANSI-C quotes for bash (`$'...'`): a newline or any other control character travels as an escape,
 * so that the quoted text keeps to one line of the script (the command's line numbers stay its own).
 */
export function bashAnsiCQuote(text: string): string {
  const escaped = text
    .replace(/[\\']/g, (c) => `\\${c}`)
    .replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return `$'${escaped}'`;
}

/**
 * What `bash -c` gets, and the command's text when it travels through a file. A command too long
 * for one argument (Linux caps one at 128 KiB: E2BIG) is written to `commandPath` and read back by
 * the script, then run with `eval`, which keeps what `bash -c` gives a command: `$0` is `bash`, line
 * numbers in error messages are the command's own (a syntax error reads `eval: line N` for `-c: line
 * N`), `exit` ends the shell, and `$BASH_EXECUTION_STRING` is the command.
 */
export interface CommandScript {
  script: string;
  /** Write this to `commandPath` before the start; null when the command is in the script. */
  commandFileText: string | null;
}

/** Reads the command from the file and runs it; the exit status 126 (cannot execute) when it cannot be read. */
function fromFile(commandPath: string): string {
  return `BASH_EXECUTION_STRING=$(< ${bashQuote(commandPath)}) || exit 126; eval "$BASH_EXECUTION_STRING"`;
}

/**
 * The command behind `prelude` on the same first line, so that bash's line numbers stay the
 * command's; through `commandPath` when the whole would pass `inlineMaxBytes`.
 */
function withPrelude(prelude: string, command: string, commandPath: string, inlineMaxBytes: number): CommandScript {
  const inline = `${prelude}; ${command}`;
  if (utf8Bytes(inline) <= inlineMaxBytes) return { script: inline, commandFileText: null };
  return { script: `${prelude}; ${fromFile(commandPath)}`, commandFileText: command };
}

/** The one function that changes the folder for `cd`, `pushd` and `popd`: `$1` names the builtin. */
const CHANGE_FOLDER_FUNCTION = '__guilds_change_folder';

/**
 * Bash functions that stand for `cd`, `pushd` and `popd` and record the shell's folder in
 * `recordPath` after each change, so that the record stands also when the command replaces the EXIT
 * trap with its own or ends with `exec`. Only the shell itself records: a change in a subshell
 * (`( cd x )`, `$(cd x; pwd)`, a pipeline's part) does not count, as it does not outlive the subshell.
 * They are invisible to a command's trace (`set -x`), and a failure reads exactly as the builtin's:
 * the builtin's message is produced again in a subshell and shown under the caller's name and line
 * (`bash: line 3: cd: nope: No such file or directory`), not the function's. The three share one body
 * (the caller is then two frames up: `BASH_SOURCE[2]`, `BASH_LINENO[1]`), which bash parses once: three
 * copies of it cost bash 0.1 to 0.2 ms a call.
 */
function directoryChangeFunctions(recordPath: string): string {
  const record = `builtin pwd 2>/dev/null >| ${bashQuote(recordPath)}`;
  const shared =
    `${CHANGE_FOLDER_FUNCTION}() { builtin "$@" 2>/dev/null && { [[ $BASH_SUBSHELL != 0 ]] || ${record}; return 0; }; ` +
    'local __guilds_status=$? __guilds_message; ' +
    '__guilds_message=$(builtin "$@" 2>&1 >/dev/null) || :; ' +
    `builtin printf '%s: line %s: %s\\n' "\${BASH_SOURCE[2]:-$0}" "\${BASH_LINENO[1]}" "\${__guilds_message#*: line [0-9]*: }" >&2; ` +
    'return "$__guilds_status"; }';
  const standIns = ['cd', 'pushd', 'popd'].map((name) => `${name}() { { local -; set +x; } 2>/dev/null; ${CHANGE_FOLDER_FUNCTION} ${name} "$@"; }`);
  return [shared, ...standIns].join('; ');
}

/**
 * Bash's first step: it enters the call's folder, given as `$1` (`bash -c SCRIPT bash FOLDER`: as an
 * argument, a folder's name with a newline in it cannot move the command's line numbers), then clears
 * the parameters, so that the command sees none, as under `bash -c`. Bash enters the folder itself
 * because a helper acting as the agent starts it as root does, in `/` (src/io/node/spawn.ts,
 * entersFolderItself), and a program between them (a shell to `cd` then `exec`) would cost a second
 * program start on every call. OLDPWD is then as a fresh bash has it: exported, without a value.
 */
const ENTER_FOLDER = 'builtin cd -- "$1" || builtin exit; builtin unset OLDPWD; builtin export OLDPWD; builtin set --';

/** What the script's first step takes: `$0`, then the folder it enters. */
export function foregroundScriptArgs(cwd: string): string[] {
  return ['bash', cwd];
}

/**
 * The foreground script: the command, behind its folder's entering, the directory-change functions
 * and an EXIT trap that writes the shell's final folder to `recordPath` when it is not the folder it
 * started in or a function recorded before (it runs after a failing command and after `exit N` too;
 * it catches a change the functions do not see, `builtin cd`). It
 * starts nothing but the command: a shell call is one process besides the command's own (a helper
 * killed mid-call is answered for by whoever watches it: docs/reliability.md, "A helper killed
 * mid-call").
 */
export interface ForegroundPaths {
  /** The folder the shell starts in (`$1` of foregroundScriptArgs). */
  start: string;
  /** Where the shell's folder is recorded. */
  record: string;
  /** Where a command too long for the script travels. */
  command: string;
}

export function foregroundScript(command: string, paths: ForegroundPaths, inlineMaxBytes: number): CommandScript {
  const recordPath = paths.record;
  // >| writes even under `set -o noclobber`. A record that cannot be written (its run folder pruned
  // meanwhile, a full disk) only leaves the directory as it was: no error line joins the output.
  // In braces whose stderr is /dev/null, the trap stays out of the command's trace (`set -x`) too.
  // A stopped call's bash gets SIGTERM more than once (as the leader, as its group, as a marked
  // process); one arriving while the trap runs would end bash between `>|`'s truncation and its
  // write, and lose the folder the directory-change functions had recorded. The trap ignores it first.
  // A shell that ends where it started, no directory-change function having recorded, writes
  // nothing: the record is then absent, and the helper keeps the folder as it was (a file made and
  // removed on every call cost 1.5 ms of a call under gVisor). `${PWD-}`: under `set -u` after an
  // `unset PWD`, an unbound variable would end the trap, and bash with another exit status.
  const moved = `[[ \${PWD-} == ${bashAnsiCQuote(paths.start)} && ! -e ${bashQuote(recordPath)} ]]`;
  const trap = `trap ${bashQuote(`{ builtin trap '' TERM; ${moved} || builtin pwd >| ${bashQuote(recordPath)}; } 2>/dev/null`)} EXIT`;
  const prelude = `${ENTER_FOLDER}; ${directoryChangeFunctions(recordPath)}; ${trap}`;
  return withPrelude(prelude, command, paths.command, inlineMaxBytes);
}

/**
 * The background script and its positional parameters (`$0` first). Through a file, the script
 * removes the file once read (the job may outlive the call by days) and clears its parameters, so
 * that the command sees none, as under `bash -c`.
 */
export function backgroundScript(
  command: string,
  commandPath: string,
  inlineMaxBytes: number,
): CommandScript & { scriptArgs: string[] } {
  if (utf8Bytes(command) <= inlineMaxBytes) return { script: command, scriptArgs: [], commandFileText: null };
  return {
    script: `BASH_EXECUTION_STRING=$(< "$1") || exit 126; rm -f -- "$1" 2>/dev/null; set --; eval "$BASH_EXECUTION_STRING"`,
    scriptArgs: ['bash', commandPath],
    commandFileText: command,
  };
}

/** The exit code a command past its timeout reports, as coreutils' timeout does. */
export const TIMED_OUT_EXIT_CODE = 124;

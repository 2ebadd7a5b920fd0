// The bash script a foreground command runs as. Pure.

/** Single quotes for bash: nothing inside is special but the quote itself. */
export function bashQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command, behind an EXIT trap that writes the shell's final folder to `recordPath`: the trap runs
 * after a failing command and after `exit N` too. It shares the command's first line so that bash's
 * line numbers in error messages stay the command's own.
 */
export function scriptWithDirectoryRecord(command: string, recordPath: string): string {
  // >| writes even under `set -o noclobber`. A record that cannot be written (its run folder pruned
  // meanwhile, a full disk) only leaves the directory as it was: no error line joins the output.
  return `trap ${bashQuote(`builtin pwd 2>/dev/null >| ${bashQuote(recordPath)}`)} EXIT; ${command}`;
}

/** The exit code a command past its timeout reports, as coreutils' timeout does. */
export const TIMED_OUT_EXIT_CODE = 124;

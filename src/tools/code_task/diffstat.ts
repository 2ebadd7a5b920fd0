// git's `--numstat --stat` output between two snapshots, read line by line into what the answer
// shows and counts. Pure; the number of file lines kept is passed in, the rest are only counted.

export interface Diffstat {
  /** git's --stat file lines, the first `maxFileLines` of them, as git printed them. */
  fileLines: string[];
  /** How many file lines git printed in all. */
  fileLineCount: number;
  /** git's summary line (` 2 files changed, 14 insertions(+), 2 deletions(-)`); null when nothing changed. */
  summary: string | null;
  filesChanged: number;
  insertions: number;
  deletions: number;
}

// `<added>\t<deleted>\t<path>`; a binary file's counts are `-`.
const NUMSTAT_LINE = /^(\d+|-)\t(\d+|-)\t/;

/**
 * Takes the lines of `git diff-tree --numstat --stat` in order: the numstat lines come first (they
 * carry the exact counts), then the stat lines, whose last is git's summary. A file name cannot pass
 * for a numstat line, since every stat line starts with a space.
 */
export class DiffstatCollector {
  private readonly fileLines: string[] = [];
  private fileLineCount = 0;
  private lastStatLine: string | null = null;
  private filesChanged = 0;
  private insertions = 0;
  private deletions = 0;

  constructor(private readonly maxFileLines: number) {}

  line(text: string): void {
    const numstat = NUMSTAT_LINE.exec(text);
    if (numstat !== null && this.lastStatLine === null) {
      this.filesChanged++;
      if (numstat[1] !== '-') this.insertions += Number(numstat[1]);
      if (numstat[2] !== '-') this.deletions += Number(numstat[2]);
      return;
    }
    if (text === '') return;
    // The line before this one was a file line, not the summary.
    if (this.lastStatLine !== null) this.keepFileLine(this.lastStatLine);
    this.lastStatLine = text;
  }

  result(): Diffstat {
    return {
      fileLines: [...this.fileLines],
      fileLineCount: this.fileLineCount,
      summary: this.lastStatLine,
      filesChanged: this.filesChanged,
      insertions: this.insertions,
      deletions: this.deletions,
    };
  }

  private keepFileLine(text: string): void {
    this.fileLineCount++;
    if (this.fileLines.length < this.maxFileLines) this.fileLines.push(text);
  }
}

/** The whole output at once: for tests and small diffs. */
export function parseDiffstat(output: string, maxFileLines: number): Diffstat {
  const collector = new DiffstatCollector(maxFileLines);
  for (const line of output.split('\n')) collector.line(line);
  return collector.result();
}

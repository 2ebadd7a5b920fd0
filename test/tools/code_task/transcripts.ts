// The real CLIs' recorded runs (fixtures/harness-transcripts/recorded/, written by
// test/harness-clis/drive.ts against the scripted model server), read back run by run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const TRANSCRIPTS = join(import.meta.dirname, '../../../fixtures/harness-transcripts/recorded');

/** One run of a real CLI as test/harness-clis/drive.ts recorded it. */
export interface Run {
  scenario: string;
  /** The CLI's arguments, the program left out. */
  args: string[];
  cwd: string;
  /** Everything it printed, stdout and stderr in arrival order. */
  output: string;
  exit: string;
}

/** A transcript holds several runs: `# <time> <cli> <argv> cwd=… brief=… scenario=…`, the output, `# exit=…`. */
export function runsOf(cli: string): Run[] {
  const runs: Run[] = [];
  for (const line of readFileSync(join(TRANSCRIPTS, `${cli}.jsonl`), 'utf8').split('\n')) {
    const header = /^# \S+ \S+ (\[.*\]) cwd=(\S+) brief=.* scenario=(\S+)$/.exec(line);
    if (header) runs.push({ scenario: header[3]!, args: JSON.parse(header[1]!) as string[], cwd: header[2]!, output: '', exit: '' });
    else if (line.startsWith('# exit=')) runs.at(-1)!.exit = line.slice(2);
    else if (line !== '') runs.at(-1)!.output += line + '\n';
  }
  return runs;
}

export function run(cli: string, scenario: string): Run {
  const found = runsOf(cli).find((entry) => entry.scenario === scenario);
  if (found === undefined) throw new Error(`no ${scenario} run in ${cli}.jsonl`);
  return found;
}

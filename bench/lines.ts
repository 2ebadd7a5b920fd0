// The start-up cases once more on each Node release line the bundle is proven on (issue 35): the
// helper and every floor that is a Node start run on that line's binary, from
// scripts/install-node-lines.sh (its cache; installed on first use). The main table is the Node
// running the benchmark.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const INSTALL_SCRIPT = fileURLToPath(new URL('../scripts/install-node-lines.sh', import.meta.url));
/** The lines the targets are set for; 18 is past its end of life and only proven, not timed. */
const TIMED_MAJORS = ['20', '22', '24', '26'];
/** The cases whose targets apply on every line: the three calls, and the search with few matches. */
export const LINE_CASES = /^(file_read, 200 lines|shell_status|shell `true`|code_search files, few matches)/;

export interface NodeLineBinary {
  version: string;
  binary: string;
}

/** Every timed line but the running Node's own major (the main table), as this machine has them. */
export function timedLines(): NodeLineBinary[] {
  const output = execFileSync('bash', [INSTALL_SCRIPT], { encoding: 'utf8' });
  const running = process.versions.node.split('.')[0];
  const lines: NodeLineBinary[] = [];
  for (const row of output.split('\n')) {
    const match = /^ok (\S+) (.+)$/.exec(row);
    if (match === null) {
      if (row.startsWith('unavailable')) console.log(`node line: ${row}`);
      continue;
    }
    const major = match[1]!.split('.')[0]!;
    if (TIMED_MAJORS.includes(major) && major !== running) lines.push({ version: match[1]!, binary: match[2]! });
  }
  return lines;
}

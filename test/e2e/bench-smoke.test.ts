// The benchmark suite itself works: its smoke mode (tiny data, one or two runs of each case, no
// figures written) completes and reports every case. Its timings are not checked here.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.js';

const TSX_CLI = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const CASES = [
  'file_read, 200 lines of a 2,000-line file',
  'shell_status, no background commands',
  'shell `true`',
  'code_search files, few matches',
  'code_search content, few matches',
  'code_search files, ~100,000 matches',
  'code_search content, ~100,000 matches',
  'shell printing 4 MiB',
  'file_read of a 4 MiB file',
  'the helper answering no request (its start alone)',
];

// The MCP server's per-call cases (bench/mcp.ts), after the others.
const MCP_CASES = ['file_read, 200 lines of a 2,000-line file', 'shell_status, no background commands', 'shell `true`'];

// The warm stream's per-call cases (bench/warm.ts), cold and warm beside their floors.
const WARM_CASES = ['file_read, 200 lines of a 2,000-line file', 'shell `true`', 'shell_status, no background commands', 'code_search files, few matches'];

// Each call warm and cold against the same work done by a bare Node program (bench/floor.ts), locally.
const FLOOR_CASES = ['shell `true`', 'code_search, 200 files, files mode', 'file_read, 200 lines of a 2,000-line file', 'shell_status, nothing running'];

describe('npm run bench -- --smoke', () => {
  it('runs every case once and prints each with its ratio, or says that its op is not available yet', () => {
    const run = spawnSync(process.execPath, [TSX_CLI, 'bench/run.ts', '--smoke'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.stderr, run.stdout).toBe('');
    expect(run.status, run.stdout).toBe(0);
    const lines = run.stdout.split('\n');
    for (const name of CASES) {
      const line = lines.find((l) => l.startsWith(`${name}: `));
      expect(line, name).toMatch(/ratio \d+\.\d{3}× \(cpu \d+\.\d{3}×\) over 1 pairs; target .*: (met|NOT met|for reference)$|: not available yet$/);
    }
    for (const name of MCP_CASES) {
      const line = lines.find((l) => l.startsWith(`MCP ${name}: `));
      expect(line, `MCP ${name}`).toMatch(/ ms vs cold helper \d+\.\d ms; ratio \d+\.\d{2} % over 1 pairs; target .*: (met|NOT met|for reference)$/);
    }
    for (const name of WARM_CASES) {
      const line = lines.find((l) => l.startsWith(`warm ${name} (local): `));
      expect(line, `warm ${name}`).toMatch(/: cold \d+\.\d ms \(exec of true \d+\.\d ms, \d+\.\d{2}x\); warm \d+\.\d{2} ms \(echo round trip \d+\.\d{3} ms, \d+\.\dx\); warm\/cold \d+\.\d % over 1 rounds$/);
    }
    const side = String.raw`\d+\.\d ms vs floor \d+\.\d ms, \d+\.\d{2}× \(target ≤ \d(\.\d)?×: (met|NOT met)\)`;
    for (const name of FLOOR_CASES) {
      const line = lines.find((l) => l.startsWith(`warm-floor ${name} (local): `));
      expect(line, `warm-floor ${name}`).toMatch(new RegExp(`: warm ${side}; cold ${side}; over 1 rounds, load \\d+\\.\\d{2}$`));
    }
    // Live calls (bench/progress.ts): the flood with and without progress, and the latency of a line.
    expect(lines.find((l) => l.startsWith('progress (local): '))).toMatch(
      /^progress \(local\): a 100 MB flood \d+ ms, with progress \d+ ms \(-?\d+\.\d % more, the helper's CPU (-?\d+\.\d % more|not shown here), \d+\.\d KiB\/s of events\) over 1 pairs; a line printed to onProgress \d+\.\d ms median, \d+\.\d ms at most$/,
    );
    expect(run.stdout).not.toContain('figures written');
  }, 120_000);
});

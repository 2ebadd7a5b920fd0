// The MCP case of npm run bench: per-call latency of the MCP server (dist/guilds-code-mcp.js) through
// the SDK's own Client over stdio, against the cold helper as the orchestrator runs it (a fresh
// `node dist/guilds-code.js <base64>` per call, through CodeToolRun and the local sandbox), in the same
// run, alternating which goes first. Both sides read with repeated-read pointers off, so that every
// call does the same work. Times are from the caller's side: a request sent to its answer read.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CodeToolRun } from '../src/orchestrator/code-tools.js';
import { LocalSandbox } from '../src/orchestrator/sandboxes/local/sandbox.js';
import type { Env } from './measure.js';
import { median } from './measure.js';

export interface McpCase {
  name: string;
  tool: string;
  args: Record<string, unknown>;
  /** The largest warm/cold ratio the case aims at; null: for reference. */
  target: number | null;
}

export interface McpOutcome {
  testCase: McpCase;
  pairs: number;
  warmMs: number;
  coldMs: number;
  /** The median of the pairwise ratios, warm over cold. */
  ratio: number;
}

export function mcpCases(smallFile: string): McpCase[] {
  return [
    { name: 'file_read, 200 lines of a 2,000-line file', tool: 'file_read', args: { path: smallFile, offset: 901, limit: 200 }, target: 0.05 },
    { name: 'shell_status, no background commands', tool: 'shell_status', args: {}, target: 0.05 },
    { name: 'shell `true`', tool: 'shell', args: { command: 'true' }, target: null },
  ];
}

export async function measureMcp(
  options: { pairs: number; warmup: number; home: string; runDir: string; env: Env; bundle: string; mcpBundle: string; cases: McpCase[] },
  onOutcome: (outcome: McpOutcome) => void = () => undefined,
): Promise<McpOutcome[]> {
  const sandbox = await LocalSandbox.start({ home: options.home, runDir: options.runDir, helperCommand: [process.execPath, options.bundle] });
  const cold = new CodeToolRun({ sandbox, warm: false, runId: 'bench-cold', agentId: 'bench', env: options.env });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [options.mcpBundle, '--home', options.home, '--no-read-pointers'],
    env: options.env,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'guilds-code-bench', version: '1.0.0' });
  await client.connect(transport);
  let calls = 0;
  const timeCold = async (testCase: McpCase): Promise<number> => {
    calls++;
    const started = performance.now();
    const result = await cold.call({ tool: testCase.tool, args: testCase.args, callId: `c${calls}`, resultSeq: Number.NaN });
    const ms = performance.now() - started;
    if (!result.ok) throw new Error(`${testCase.name}, cold: ${result.text}`);
    return ms;
  };
  const timeWarm = async (testCase: McpCase): Promise<number> => {
    const started = performance.now();
    const result = await client.callTool({ name: testCase.tool, arguments: testCase.args });
    const ms = performance.now() - started;
    if (result.isError) throw new Error(`${testCase.name}, MCP: ${JSON.stringify(result.content)}`);
    return ms;
  };
  const outcomes: McpOutcome[] = [];
  try {
    for (const testCase of options.cases) {
      const warm: number[] = [];
      const coldTimes: number[] = [];
      const ratios: number[] = [];
      for (let pair = 0; pair < options.warmup + options.pairs; pair++) {
        const warmFirst = pair % 2 === 0;
        const first = warmFirst ? await timeWarm(testCase) : await timeCold(testCase);
        const second = warmFirst ? await timeCold(testCase) : await timeWarm(testCase);
        if (pair < options.warmup) continue;
        const [w, c] = warmFirst ? [first, second] : [second, first];
        warm.push(w);
        coldTimes.push(c);
        ratios.push(w / c);
      }
      const outcome = { testCase, pairs: options.pairs, warmMs: median(warm), coldMs: median(coldTimes), ratio: median(ratios) };
      onOutcome(outcome);
      outcomes.push(outcome);
    }
  } finally {
    await client.close();
    await sandbox.cleanup();
  }
  return outcomes;
}

export function mcpVerdict(outcome: McpOutcome): string {
  if (outcome.testCase.target === null) return 'for reference';
  return outcome.ratio <= outcome.testCase.target ? 'met' : 'NOT met';
}

export function mcpTargetText(testCase: McpCase): string {
  return testCase.target === null ? '–' : `≤ ${(testCase.target * 100).toFixed(0)} %`;
}

export function mcpLine(outcome: McpOutcome): string {
  return (
    `MCP ${outcome.testCase.name}: ${outcome.warmMs.toFixed(2)} ms vs cold helper ${outcome.coldMs.toFixed(1)} ms; ` +
    `ratio ${(outcome.ratio * 100).toFixed(2)} % over ${outcome.pairs} pairs; target ${mcpTargetText(outcome.testCase)}: ${mcpVerdict(outcome)}`
  );
}

export function mcpMarkdown(outcomes: McpOutcome[]): string[] {
  return [
    '## The MCP server, per call',
    '',
    'Per-call latency through the SDK Client over stdio (dist/guilds-code-mcp.js, one long-lived process,',
    'repeated-read pointers off) against the cold helper through CodeToolRun and the local sandbox (one',
    '`node dist/guilds-code.js` per call), alternating, from the caller\'s side. Ratio: the median of the',
    'pairwise ratios, MCP over cold.',
    '',
    '| Case | MCP server | Cold helper | Ratio | Target | Verdict |',
    '|---|---|---|---|---|---|',
    ...outcomes.map(
      (o) =>
        `| ${o.testCase.name} | ${o.warmMs.toFixed(2)} ms | ${o.coldMs.toFixed(1)} ms | ${(o.ratio * 100).toFixed(2)} % | ${mcpTargetText(o.testCase)} | ${mcpVerdict(o)} |`,
    ),
    '',
  ];
}

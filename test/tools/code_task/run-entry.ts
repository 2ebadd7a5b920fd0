// Runs one code_task in a process of its own, as the helper will, so that a test can signal it.
// argv: <home> <cwd> <request args as JSON>; prints the result (or the error) as one JSON line.
import { ToolError } from '../../../src/contract/errors.js';
import { nodeGitProcesses } from '../../../src/io/node-git.js';
import { nodeHarnessProcesses } from '../../../src/io/node-harness.js';
import { nodeIo } from '../../../src/io/node.js';
import { codeTask } from '../../../src/tools/code_task/run.js';

const [home, cwd, args] = process.argv.slice(2) as [string, string, string];
const io = nodeIo(home, `${home}/../run`, process.env);
codeTask(
  { io, request: { op: 'shell', args: JSON.parse(args), runId: 'r1', agentId: 'a1', callId: 'c1', defaultCwd: '', maxBytes: 8192 }, cwd },
  { git: nodeGitProcesses, harness: nodeHarnessProcesses },
).then(
  (result) => process.stdout.write(JSON.stringify(result) + '\n'),
  (error) => process.stdout.write(JSON.stringify({ error: error instanceof ToolError ? error.message : String(error) }) + '\n'),
);

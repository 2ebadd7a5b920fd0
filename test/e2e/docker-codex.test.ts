// A real harness CLI in the sandbox image: Codex, from an image built with `--with-harness-clis=codex`,
// runs code_task in a container through CodeToolRun with GUILDS_HARNESS=codex, exactly as a platform
// drives it, against the scripted model server on the host's 127.0.0.1. A task edits a tracked file
// of a git repository in the home, and a resume of its session adds another.
//
// The image is built here, once per recipe (tagged by its hash, so a rerun builds nothing), from the
// docker tier's Debian base; Codex comes from the shared cache of the real-CLI tier (installed there
// first if it is not yet). Without docker, or without the npm registry for a first install, the tests
// are reported skipped with the reason; GUILDS_HARNESS_CLIS=skip skips them on purpose.
//
// runc only: the container shares the host's network to reach the model server, and gVisor here is
// registered with its network off (`runsc --network=none`, which it needs in the root network
// namespace), so a gVisor container cannot reach the host's loopback.
import { chownSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeToolRun, type CodeToolResult } from '../../src/orchestrator/code-tools.js';
import type { DockerSandbox } from '../../src/orchestrator/sandboxes/docker/sandbox.js';
import { buildImage, DEBIAN_BASE, imageExists, parseImageArguments, recipeHash, RegistryUnreachable } from '../../scripts/image.js';
import { AGENT_UID, agentFolder, dockerUnavailable, startDocker } from '../helpers/docker.js';
import { codex, CODEX_MODEL } from '../harness-clis/clis.js';
import { startModelServer, WRITTEN_FILE_CONTENT, type ModelServer } from '../harness-clis/model-server.js';
import { execRequest } from '../../src/orchestrator/sandbox.js';

const CODEX_VERSION = '0.171.0';
const AGENT_HOME = '/home/agent';
const REPO = `${AGENT_HOME}/repos/app`;
// A task that ends in seconds still gets minutes on a loaded machine.
const TASK_TIMEOUT_MINUTES = 4;
// What the orchestrator waits for a code_task answer: its timeout and a minute more.
const TASK_WAIT_MS = TASK_TIMEOUT_MINUTES * 60_000 + 60_000;
const EXEC_WAIT_MS = 30_000;
// Codex's shell snapshot runs in a session of its own and may take a moment to end by itself.
const LEFT_RUNNING_SETTLE_MS = 5_000;
const LEFT_RUNNING_POLL_MS = 200;

type Prepared = { state: 'ready'; image: string } | { state: 'skipped' | 'failed'; reason: string };

/** The image with Codex, built now unless this recipe's was built before. */
function prepareImage(): Prepared {
  const docker = dockerUnavailable('runc');
  if (docker !== undefined) return { state: 'skipped', reason: docker };
  if (process.env.GUILDS_HARNESS_CLIS === 'skip') return { state: 'skipped', reason: 'GUILDS_HARNESS_CLIS=skip' };
  const options = parseImageArguments(['--base', DEBIAN_BASE, '--with-harness-clis=codex']);
  const image = `guilds-code-sandbox:test-codex-${recipeHash(options).slice(0, 16)}`;
  if (imageExists(image)) return { state: 'ready', image };
  const log = (line: string): void => void process.stderr.write(`docker codex: ${line}\n`);
  const started = Date.now();
  try {
    buildImage({ ...options, tag: image }, log);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    return { state: error instanceof RegistryUnreachable ? 'skipped' : 'failed', reason };
  }
  log(`built ${image} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { state: 'ready', image };
}

const prepared = prepareImage();
const IMAGE = prepared.state === 'ready' ? prepared.image : '';
const TITLE =
  'code_task on Codex in the sandbox image (runc with the host network; gVisor is not run: its network is off here, so it cannot reach the model server)' +
  (prepared.state === 'ready' ? '' : ` (skipped: ${prepared.reason})`);

if (prepared.state === 'failed') {
  const { reason } = prepared;
  it('builds the sandbox image with --with-harness-clis=codex', () => {
    throw new Error(reason);
  });
}

/** The first line's elapsed time written as E: the rest of the text is exact. */
function withElapsedAsE(text: string): string {
  return text.replace(/^completed in \d+(?:h\d\dm|m\d\ds|s)/, 'completed in E');
}

function chownTree(path: string): void {
  chownSync(path, AGENT_UID, AGENT_UID);
  for (const entry of readdirSync(path, { recursive: true })) chownSync(join(path, String(entry)), AGENT_UID, AGENT_UID);
}

describe.skipIf(prepared.state !== 'ready')(TITLE, () => {
  let server: ModelServer;
  let home = '';
  let sandbox: DockerSandbox;
  let run: CodeToolRun;
  let seq = 0;
  let firstSession: string | undefined;

  beforeAll(async () => {
    server = await startModelServer();
    home = agentFolder('guilds-code-codex-');
    // Codex's config (the model server as its provider) in the home, as the platform's image or setup would put it.
    codex.configure(home, server.url);
    chownTree(join(home, '.codex'));
    sandbox = await startDocker({ image: IMAGE, network: 'host', home: { hostPath: home } });
    const init =
      `mkdir -p ${REPO} && cd ${REPO} && git init --quiet -b main && git config user.email agent@example.com && git config user.name Agent && ` +
      `printf '# scratch\\n' > README.md && git add -A && git commit --quiet -m initial && echo ready`;
    expect(await sandbox.exec(execRequest(['sh', '-c', init], {}, EXEC_WAIT_MS))).toEqual({ stdout: 'ready\n', stderr: '', exitCode: 0, timedOut: false });
    run = new CodeToolRun({
      sandbox,
      runId: 'r1',
      agentId: 'a1',
      repositories: [{ name: 'app' }],
      env: { ...codex.environment(AGENT_HOME, server.url), GUILDS_HARNESS: 'codex', GUILDS_HARNESS_MODEL: CODEX_MODEL },
    });
  });

  afterAll(async () => {
    await sandbox?.cleanup();
    await server?.close();
    if (home !== '') rmSync(home, { recursive: true, force: true });
  });

  function codeTask(args: Record<string, unknown>): Promise<CodeToolResult> {
    seq++;
    return run.call({ tool: 'code_task', args: { ...args, timeout_minutes: TASK_TIMEOUT_MINUTES }, callId: `c${seq}`, resultSeq: seq });
  }

  async function inside(script: string): Promise<string> {
    const result = await sandbox.exec(execRequest(['sh', '-c', script], {}, EXEC_WAIT_MS));
    expect(result.stderr).toBe('');
    return result.stdout;
  }

  /** Codex's processes still running in the container, once they had a moment to end. */
  async function codexLeftRunning(): Promise<string[]> {
    const list = async (): Promise<string[]> =>
      (await inside('for p in /proc/[0-9]*; do tr "\\0" " " < $p/cmdline 2>/dev/null; echo; done'))
        .split('\n')
        .filter((command) => command.includes('codex'));
    const deadline = Date.now() + LEFT_RUNNING_SETTLE_MS;
    let left = await list();
    while (left.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, LEFT_RUNNING_POLL_MS));
      left = await list();
    }
    return left;
  }

  it(`holds Codex ${CODEX_VERSION} alone in /opt/harness-clis, on PATH through links that resolve inside the image`, async () => {
    expect(await inside('ls /opt/harness-clis; command -v codex; readlink /usr/local/bin/codex /opt/harness-clis/bin/codex; codex --version')).toBe(
      [
        'bin',
        `codex-${CODEX_VERSION}`,
        '/usr/local/bin/codex',
        '/opt/harness-clis/bin/codex',
        `../codex-${CODEX_VERSION}/node_modules/.bin/codex`,
        `codex-cli ${CODEX_VERSION}`,
        '',
      ].join('\n'),
    );
  });

  it('(a) a task that edits a tracked file: completed, the diffstat of exactly that file, its final message', { timeout: TASK_WAIT_MS }, async () => {
    const task = await codeTask({ brief: 'MARK-a Rewrite the readme: WRITE_FILE(README.md)' });
    expect(task.ok, task.text).toBe(true);
    const sessionId = task.meta.session_id as string;
    firstSession = sessionId;
    expect(sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(withElapsedAsE(task.text)).toBe(
      [
        `completed in E · codex · session ${sessionId}`,
        ' README.md | 2 +-',
        ' 1 file changed, 1 insertion(+), 1 deletion(-)',
        '',
        'FAKE_DONE README.md | markers=[MARK-a]',
        '',
        `log: ${AGENT_HOME}/.runs/r1/c${seq}.log`,
      ].join('\n'),
    );
    expect(task.meta).toMatchObject({ status: 'completed', harness: 'codex', repo: REPO, exit_code: 0, timed_out: false, files_changed: 1, insertions: 1, deletions: 1 });
    expect(await inside(`cat ${REPO}/README.md; cd ${REPO} && git status --short`)).toBe(`${WRITTEN_FILE_CONTENT} M README.md\n`);
    expect(await codexLeftRunning()).toEqual([]);
  });

  it('(b) a resume of its session: the same session, the first turn carried, the diffstat of the second change only', { timeout: TASK_WAIT_MS }, async () => {
    const sessionId = firstSession;
    expect(sessionId, "the first task's session").toBeDefined();
    const resume = await codeTask({ brief: 'MARK-b Now add notes: WRITE_FILE(notes.txt)', session_id: sessionId });
    expect(resume.ok, resume.text).toBe(true);
    expect(withElapsedAsE(resume.text)).toBe(
      [
        `completed in E · codex · session ${sessionId}`,
        ' notes.txt | 1 +',
        ' 1 file changed, 1 insertion(+)',
        '',
        'FAKE_DONE notes.txt | markers=[MARK-a,MARK-b]',
        '',
        `log: ${AGENT_HOME}/.runs/r1/c${seq}.log`,
      ].join('\n'),
    );
    expect(resume.meta).toMatchObject({ status: 'completed', session_id: sessionId, files_changed: 1, insertions: 1, deletions: 0 });
    const resumed = server.requests.filter((request) => JSON.stringify(request.body).includes('MARK-b'));
    expect(resumed.some((request) => JSON.stringify(request.body).includes('MARK-a'))).toBe(true);
    expect(await inside(`cat ${REPO}/notes.txt`)).toBe(WRITTEN_FILE_CONTENT);
    expect(await codexLeftRunning()).toEqual([]);
  });
});

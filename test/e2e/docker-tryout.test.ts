// `npm start -- --sandbox docker`: the try-out's tour, and its web page, in a container of the
// sandbox image (the docker tier's), its home a new volume seeded with the tour's repository and
// scripted harness; the container gone when the command ends.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closingLine, TOUR, tourOpening } from '../../scripts/try-cli.js';
import { DOCKER_ENV, dockerUnavailable, testEngine, testImage } from '../helpers/docker.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { startPageServer } from '../web/page-server.js';

const TSX = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const TOUR_WAIT_MS = 120_000;
const unavailable = dockerUnavailable('runc');

function tryOut(...args: string[]) {
  const run = spawnSync(TSX, ['scripts/try.ts', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DOCKER_HOST: process.env[DOCKER_ENV.host] },
    timeout: TOUR_WAIT_MS,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The container the tour's header names, and whether the Engine still has it. */
async function containerOf(output: string): Promise<{ id: string; exists: boolean }> {
  const id = /^sandbox: docker \(runc, \S+, container ([0-9a-f]{12})\)$/m.exec(output)?.[1];
  if (id === undefined) throw new Error(`no container named in:\n${output}`);
  const exists = await testEngine()
    .call('GET', `/containers/${id}/json`)
    .then(() => true, () => false);
  return { id, exists };
}

describe.skipIf(unavailable !== undefined)(`npm start -- --sandbox docker${unavailable === undefined ? '' : ` (skipped: ${unavailable})`}`, () => {
  it('takes the tour of the five tools in a container of the image, and removes it at the end', { timeout: TOUR_WAIT_MS }, async () => {
    const { status, stdout, stderr } = tryOut('--sandbox', 'docker', '--image', testImage());
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout.startsWith(`${tourOpening(TOUR)}\n\n`)).toBe(true);
    const header = stdout.slice(tourOpening(TOUR).length + 2).split('\n').slice(0, 3).join('\n');
    expect(header.replace(/container [0-9a-f]{12}/, 'container ID')).toBe(
      `home: /home/agent\nsandbox: docker (runc, ${testImage()}, container ID)\nrun: try, starting in repos/tryout-repo`,
    );
    const steps = [...stdout.matchAll(/^── step (\d+) · (\w+) /gm)].map((match) => `${match[1]} ${match[2]}`);
    expect(steps).toEqual(['1 shell', '2 file_read', '3 file_read', '4 code_search', '5 code_search', '6 shell', '7 shell', '8 shell_status', '9 shell_status', '10 code_task']);
    expect(stdout).toContain('\nRead src/greet.js\n\nArguments\n  {"path":"src/greet.js"}\n\nResult\n  src/greet.js · lines 1–9 of 9\n');
    expect(stdout).toContain('\n  src/greet.js lines 3–4: unchanged since step 2; read that result.\n');
    // How long the task took is the machine's: a loaded one takes a second or more.
    expect(stdout.replace(/ {2}completed in \d+s · command/, '  completed in 0s · command')).toContain(
      [
        '  completed in 0s · command',
        '   src/greet.js          | 1 +',
        '   test/farewell.test.js | 2 ++',
        '   2 files changed, 3 insertions(+)',
      ].join('\n'),
    );
    expect(stdout).toContain('\n  log: /home/agent/.runs/try/c10.log\n');
    // The tour named its logs: they go with the volume, and its last line says so.
    expect(stdout.endsWith(`\n${closingLine('container', true)}\n`)).toBe(true);
    expect((await containerOf(stdout)).exists).toBe(false);
  });

  it('serves the web page with the tour over a container, takes a call of its form there, and removes the container when stopped', { timeout: TOUR_WAIT_MS }, async () => {
    const page = await startPageServer(['--sandbox', 'docker', '--image', testImage()], { DOCKER_HOST: process.env[DOCKER_ENV.host]! });
    try {
      const state = (await (await fetch(`${page.url}api/state`)).json()) as { sandbox: string; home: string; flow: unknown[] };
      expect(state.sandbox.replace(/container [0-9a-f]{12}/, 'container ID')).toBe(`docker (runc, ${testImage()}, container ID)`);
      expect(state.home).toBe('/home/agent');
      expect(state.flow).toHaveLength(10);
      const answer = await fetch(`${page.url}api/call`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tool: 'shell', args: { command: 'id -un; pwd' } }),
      });
      expect(((await answer.json()) as { item: { call: { result: { text: string } } } }).item.call.result.text).toBe('agent\n/home/agent/repos/tryout-repo');
    } finally {
      await page.stop();
    }
    expect((await containerOf(page.output())).exists).toBe(false);
  });

  it('says how to build the image when there is none', () => {
    const { status, stdout, stderr } = tryOut('--sandbox', 'docker', '--image', 'guilds-code-sandbox:no-such-tag');
    expect({ status, stdout, stderr }).toEqual({
      status: 2,
      stdout: '',
      stderr:
        'no image guilds-code-sandbox:no-such-tag on the Docker Engine: build it with npm run image (-- --base debian where no image registry is reachable), or name another with --image\n',
    });
  });
});

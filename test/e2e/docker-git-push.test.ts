// "Push a branch, and open a pull request" in the image: git push over HTTP reaches a smart-HTTP git
// server (git http-backend behind a small server on 127.0.0.1 that demands the token as Basic auth)
// with the repository's token, through the image's credential helper; a repository with no token
// fails with git's own line. The container shares the host's network to reach the loopback server.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';
import type { DockerSandbox } from '../../src/orchestrator/sandboxes/docker/sandbox.js';
import { agentFolder, dockerUnavailable, startDocker } from '../helpers/docker.js';
import { execRequest } from '../../src/orchestrator/sandbox.js';

const TOKEN = 'ghs_pushtoken0123456789';
const unavailable = dockerUnavailable('runc');

/** A CGI run of git http-backend for one request, behind Basic auth with the token. */
function gitServer(projectRoot: string): Server {
  return createServer((req, res) => {
    const expected = `Basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end('token needed\n');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const backend = spawn('git', ['http-backend'], {
      env: {
        PATH: process.env.PATH,
        GIT_PROJECT_ROOT: projectRoot,
        GIT_HTTP_EXPORT_ALL: '1',
        REMOTE_USER: 'x-access-token',
        REQUEST_METHOD: req.method,
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
        GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
      },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    req.pipe(backend.stdin);
    let head = Buffer.alloc(0);
    let headersDone = false;
    backend.stdout.on('data', (chunk: Buffer) => {
      if (headersDone) {
        res.write(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      headersDone = true;
      let status = 200;
      for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
        const [name, ...rest] = line.split(':');
        const value = rest.join(':').trim();
        if (name!.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
        else res.setHeader(name!, value);
      }
      res.writeHead(status);
      res.write(head.subarray(end + 4));
    });
    backend.stdout.on('end', () => res.end());
  });
}

describe.skipIf(unavailable !== undefined)(`git push in the image${unavailable === undefined ? '' : ` (skipped: ${unavailable})`}`, () => {
  let server: Server;
  let port = 0;
  let scratch = '';
  let sandbox: DockerSandbox;
  let seq = 0;

  beforeAll(async () => {
    scratch = agentFolder('guilds-code-push-');
    const remotes = join(scratch, 'remotes');
    mkdirSync(remotes);
    spawnSync('git', ['init', '--quiet', '--bare', join(remotes, 'app.git')]);
    spawnSync('git', ['init', '--quiet', '--bare', join(remotes, 'site.git')]);
    server = gitServer(remotes);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    sandbox = await startDocker({ network: 'host' });
  });
  afterAll(async () => {
    await sandbox?.cleanup();
    await new Promise((resolve) => server?.close(resolve));
    rmSync(scratch, { recursive: true, force: true });
  });

  function shell(command: string) {
    seq++;
    const run = new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1', repositories: [{ name: 'app', token: TOKEN }, { name: 'site' }] });
    return run.call({ tool: 'shell', args: { command }, callId: `c${seq}`, resultSeq: seq });
  }

  function repository(name: string): string {
    return (
      `mkdir -p ~/repos/${name} && cd ~/repos/${name} && git init --quiet -b main && ` +
      `git -c user.name=agent -c user.email=agent@example.com commit --quiet --allow-empty -m first && ` +
      `git remote add origin http://127.0.0.1:${port}/${name}.git`
    );
  }

  it('pushes a branch with the repository token, answered by the credential helper', async () => {
    expect((await shell(repository('app'))).text).toBe('(no output)');
    const pushed = await shell('cd ~/repos/app && git push --quiet origin HEAD:refs/heads/feature && echo pushed');
    expect(pushed.text).toBe('pushed');
    const refs = spawnSync('git', ['--git-dir', join(scratch, 'remotes/app.git'), 'for-each-ref', '--format=%(refname)'], { encoding: 'utf8' });
    expect(refs.stdout).toBe('refs/heads/feature\n');
  });

  it("fails at once with git's own words from a repository with no token", async () => {
    await shell(repository('site'));
    const refused = await shell('cd ~/repos/site && git push --quiet origin HEAD:refs/heads/feature');
    expect(refused.ok).toBe(true);
    // The shell's GIT_ASKPASS=false answers git's prompt with nothing, so git stops at once.
    expect(refused.text).toBe(`error: unable to read askpass response from 'false'\nfatal: could not read Username for 'http://127.0.0.1:${port}': terminal prompts disabled\nexit_code: 128`);
  });

  it('answers HTTPS, and plain http only on the loopback host, with the token; nothing without one', async () => {
    const ask = (input: string, token?: string) =>
      sandbox.exec(execRequest(['sh', '-c', `printf '${input}' | git-credential-guilds-token get`], token === undefined ? {} : { GH_TOKEN: token }, 20_000));
    expect((await ask('protocol=https\\nhost=github.com\\n\\n', 't1')).stdout).toBe('username=x-access-token\npassword=t1\n');
    expect((await ask('protocol=http\\nhost=127.0.0.1:8080\\n\\n', 't1')).stdout).toBe('username=x-access-token\npassword=t1\n');
    expect((await ask('protocol=http\\nhost=example.com\\n\\n', 't1')).stdout).toBe('');
    expect((await ask('protocol=https\\nhost=github.com\\n\\n')).stdout).toBe('');
  });
});

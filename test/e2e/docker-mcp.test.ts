// The MCP server in a container of the sandbox image, reached as an MCP client reaches a server in
// another machine's container: `docker exec -i <container> node /usr/local/bin/guilds-code-mcp`,
// JSON-RPC over the exec's stdin and stdout, under runc and gVisor.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { DockerSandbox } from '../../src/orchestrator/sandboxes/docker/sandbox.js';
import { DOCKER_ENV, dockerUnavailable, startDocker } from '../helpers/docker.js';
import { execRequest } from '../../src/orchestrator/sandbox.js';

const hasCli = spawnSync('sh', ['-c', 'command -v docker'], { stdio: 'ignore' }).status === 0;

for (const runtime of ['runc', 'runsc'] as const) {
  const unavailable = dockerUnavailable(runtime) ?? (hasCli ? undefined : 'the docker CLI is not installed');
  describe.skipIf(unavailable !== undefined)(`the MCP server over docker exec -i (${runtime}${unavailable ? `, skipped: ${unavailable}` : ''})`, () => {
    let sandbox: DockerSandbox | undefined;
    let client: Client | undefined;
    afterEach(async () => {
      await client?.close();
      await sandbox?.cleanup();
      client = undefined;
      sandbox = undefined;
    });

    it('lists the four tools and answers file_read and shell from inside the container', async () => {
      sandbox = await startDocker({ runtime });
      await sandbox.exec(execRequest(['sh', '-c', 'printf "one\\ntwo\\n" > /home/agent/a.txt'], {}, 20_000));
      const transport = new StdioClientTransport({
        command: 'docker',
        args: ['exec', '-i', sandbox.containerId, 'node', '/usr/local/bin/guilds-code-mcp', '--home', '/home/agent'],
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', DOCKER_HOST: process.env[DOCKER_ENV.host]! },
        stderr: 'pipe',
      });
      client = new Client({ name: 'guilds-code-tests', version: '1.0.0' });
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['shell', 'shell_status', 'file_read', 'code_search']);
      const read = await client.callTool({ name: 'file_read', arguments: { path: 'a.txt' } });
      expect(read.content).toEqual([{ type: 'text', text: 'a.txt · lines 1–2 of 2\n1\tone\n2\ttwo' }]);
      const shell = await client.callTool({ name: 'shell', arguments: { command: 'id -un; pwd' } });
      expect(shell.content).toEqual([{ type: 'text', text: 'agent\n/home/agent' }]);
    });
  });
}

// A script with nothing but a pool to wait for, as a short-lived orchestrator is: it claims, cleans
// up, waits for the pool to fill again and closes it. Only the pool's own work keeps its process
// alive meanwhile (test/e2e/docker-pool.test.ts). The image, Engine, runtime and labels come in the
// environment.
import { DockerSandboxPool, engineAddressFrom } from '../../src/orchestrator/sandboxes/docker/sandbox.js';

const pool = await DockerSandboxPool.start({
  image: process.env.POOL_IMAGE!,
  runtime: process.env.POOL_RUNTIME!,
  docker: engineAddressFrom(process.env),
  labels: JSON.parse(process.env.POOL_LABELS!) as Record<string, string>,
  size: 1,
});
const sandbox = await pool.claim();
await sandbox.cleanup();
await pool.filled();
const held = pool.held;
await pool.close();
console.log(`filled again with ${held} and closed`);

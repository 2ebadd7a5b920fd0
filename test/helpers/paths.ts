import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The committed bundle: end-to-end tests run exactly what ships. */
export const BUNDLE = join(REPO_ROOT, 'dist', 'guilds-code.js');
export const FRESH_BUILD_DIR = join(REPO_ROOT, '.tmp', 'fresh-build');
export const FRESH_BUNDLE = join(FRESH_BUILD_DIR, 'guilds-code.js');
/** The code_task helper, committed and freshly built. */
export const HARNESS_BUNDLE = join(REPO_ROOT, 'dist', 'guilds-harness.js');
export const FRESH_HARNESS_BUNDLE = join(FRESH_BUILD_DIR, 'guilds-harness.js');
export const FIXTURES = join(REPO_ROOT, 'fixtures');
/** The MCP server, committed and freshly built. */
export const MCP_BUNDLE = join(REPO_ROOT, 'dist', 'guilds-code-mcp.js');
export const FRESH_MCP_BUNDLE = join(FRESH_BUILD_DIR, 'guilds-code-mcp.js');
/**
 * The Node that runs the bundles under test: the test runner's own, or one release line of the matrix
 * (vitest.config.ts sets GUILDS_TEST_NODE for its node-<line> projects). Vitest itself always runs
 * on the development Node.
 */
export const BUNDLE_NODE = process.env.GUILDS_TEST_NODE || process.execPath;
/** The version of BUNDLE_NODE, without the v. */
export const BUNDLE_NODE_VERSION = process.env.GUILDS_TEST_NODE_VERSION || process.versions.node;

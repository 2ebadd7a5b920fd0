// Bundles of the real hosts with the faulting tool table of test/helpers/faults/tools.ts in place of
// src/tools/all.ts: the cold helper (from cold-entry.ts), the warm stream (src/serve-main.ts) and
// the MCP server (src/mcp-main.ts), each built as build.mjs builds it but without the loader, into
// .tmp/faults/. The shipped bundles in dist/ hold no fault.
import { build, type Plugin } from 'esbuild';
import { join } from 'node:path';
import { REPO_ROOT } from '../paths.js';

const FAULTING_TOOLS = join(REPO_ROOT, 'test', 'helpers', 'faults', 'tools.ts');
const OUT_DIR = join(REPO_ROOT, '.tmp', 'faults');

/** Every import of src/tools/all.ts, but the faulting table's own, gets the faulting table. */
const faultingToolTable: Plugin = {
  name: 'faulting-tool-table',
  setup(builder) {
    builder.onResolve({ filter: /\/tools\/all\.js$/ }, (args) => (args.importer === FAULTING_TOOLS ? undefined : { path: FAULTING_TOOLS }));
  },
};

export interface FaultingBundles {
  cold: string;
  serve: string;
  mcp: string;
}

export async function buildFaultingBundles(): Promise<FaultingBundles> {
  const entries = {
    cold: join(REPO_ROOT, 'test', 'helpers', 'faults', 'cold-entry.ts'),
    serve: join(REPO_ROOT, 'src', 'serve-main.ts'),
    mcp: join(REPO_ROOT, 'src', 'mcp-main.ts'),
  };
  // .cjs: the repository's package.json makes a .js file an ES module.
  const bundles = { cold: join(OUT_DIR, 'cold.cjs'), serve: join(OUT_DIR, 'serve.cjs'), mcp: join(OUT_DIR, 'mcp.cjs') };
  for (const name of ['cold', 'serve', 'mcp'] as const) {
    await build({
      entryPoints: [entries[name]],
      outfile: bundles[name],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node18',
      logLevel: 'warning',
      // src/tools/code_search/node/search.ts only falls back to import.meta.url outside a bundle, as build.mjs says.
      logOverride: { 'empty-import-meta': 'silent' },
      plugins: [faultingToolTable],
    });
  }
  return bundles;
}

// The page's three files: the HTML shell, its style sheet, and its script, bundled by esbuild from
// client/ when the server starts (nothing to keep fresh in the repository).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface PageAssets {
  html: string;
  style: string;
  script: string;
}

const here = (name: string): string => fileURLToPath(new URL(name, import.meta.url));

export async function buildPageAssets(): Promise<PageAssets> {
  const bundled = await build({
    entryPoints: [here('client/main.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
  });
  return {
    html: readFileSync(here('client/index.html'), 'utf8'),
    style: readFileSync(here('client/page.css'), 'utf8'),
    script: bundled.outputFiles[0]!.text,
  };
}

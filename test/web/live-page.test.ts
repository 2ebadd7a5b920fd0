// A running code task on the page, in a real browser: its block grows step by step, in place, and
// its answer's block replaces it. The page's own server and script, in process, over a CodeToolRun
// whose runner streams the steps the test hands it (a harness that streams its steps is not needed
// to see how the page draws them).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/contract/envelope.js';
import type { ProgressEvent } from '../../src/contract/live-calls.js';
import { CODE_TOOL_DECLARATIONS, CodeToolRun, type HelperCall, type HelperRunner } from '../../src/orchestrator/index.js';
import { buildPageAssets } from '../../scripts/web/assets.js';
import { startWebServer, type WebServer } from '../../scripts/web/server.js';
import { WebRun } from '../../scripts/web/session.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { pollUntil } from '../helpers/poll.js';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = join(REPO_ROOT, '.tmp', 'web-screenshots');
const LAUNCH_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A runner whose one call streams what the test sends and answers when the test says. */
class HandedRunner implements HelperRunner {
  call: HelperCall | undefined;
  private answerWith: ((envelope: Envelope) => void) | undefined;

  streamsProgress(): boolean {
    return true;
  }

  answer(call: HelperCall): Promise<Envelope> {
    this.call = call;
    return new Promise((resolve) => (this.answerWith = resolve));
  }

  send(event: ProgressEvent): void {
    this.call!.onProgress!(event);
  }

  finish(envelope: Envelope): void {
    this.answerWith!(envelope);
  }
}

const SKIPPED = process.env.GUILDS_WEB === 'skip' ? 'GUILDS_WEB=skip' : existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM}`;
if (SKIPPED !== undefined) {
  describe('a running code task on the page', () => {
    it.skip(`skipped: ${SKIPPED}`, () => {});
  });
} else {
  describe('a running code task on the page', () => {
    const runner = new HandedRunner();
    let server: WebServer;
    let context: BrowserContext;
    let page: Page;
    let profile: string;

    beforeAll(async () => {
      const run = new WebRun(new CodeToolRun({ runner, runId: 'live', agentId: 'a1' }), 'c');
      const about = { sandbox: 'none', home: '/home/agent', runId: 'live', startsIn: 'the home', declarations: CODE_TOOL_DECLARATIONS };
      server = await startWebServer({ run, assets: await buildPageAssets(), about, port: 0 });
      profile = mkdtempSync(join(tmpdir(), 'guilds-code-chromium-'));
      context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: LAUNCH_FLAGS });
      page = context.pages()[0] ?? (await context.newPage());
      await page.goto(server.url);
      await page.locator('#new-call').waitFor();
    }, 120_000);

    afterAll(async () => {
      await context?.close();
      await server?.close();
      if (profile) rmSync(profile, { recursive: true, force: true });
    });

    it('grows its block step by step in place, then shows the answer as its block', async () => {
      await page.locator('#tool').selectOption('code_task');
      await page.locator('#arg-brief').fill('Add farewell() to src/greet.js');
      await page.locator('#run-call').click();
      const block = page.locator('#live > .call.running.code-task[data-live-seq="1"]');
      await block.waitFor();
      expect(await block.locator('.summary').textContent()).toBe('Code task Add farewell() to src/greet.js');
      expect(await block.locator('.live-steps > li').count()).toBe(0);
      const element = await block.elementHandle();
      await pollUntil(() => runner.call, (call) => call !== undefined);
      const steps = () => block.locator('.live-steps > li').evaluateAll((items) => items.map((item) => (item as HTMLElement).innerText.replace(/\s+/g, ' ')));
      runner.send({ type: 'step', kind: 'tool', text: 'Read src/greet.js', elapsed_ms: 2_000 });
      await pollUntil(steps, (shown) => shown.length === 1);
      runner.send({ type: 'step', kind: 'edit', text: 'src/greet.js', elapsed_ms: 64_000 });
      expect(await pollUntil(steps, (shown) => shown.length === 2)).toEqual(['2s tool Read src/greet.js', '1m04s edit src/greet.js']);
      expect(await element!.evaluate((node) => node.isConnected)).toBe(true);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, 'running-code-task.png') });
      runner.finish({ ok: true, text: 'completed in 1m05s · command\n src/greet.js | 1 +\n\nDone.\n\nlog: /home/agent/.runs/live/c1.log', meta: { status: 'completed', harness: 'command', elapsed_ms: 65_000, log_path: '/home/agent/.runs/live/c1.log' } });
      await page.locator('#flow > details.code-task[data-seq="1"]').waitFor();
      expect(await page.locator('#live > *').count()).toBe(0);
      expect(await element!.evaluate((node) => node.isConnected)).toBe(false);
    });
  });
}

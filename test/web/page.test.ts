// The web page in a real browser: Debian's Chromium driven by playwright-core, against
// `npm start -- --web` running the tour and real calls through the orchestrator library.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowSummary, type FlowItem } from '../../src/orchestrator/index.js';
import { TAB_STOP_CELLS } from '../../src/tools/shell/cells.js';
import type { PageState } from '../../scripts/web/page-state.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { pollUntil } from '../helpers/poll.js';
import { startPageServer, type PageServer } from './page-server.js';

const CHROMIUM = '/usr/bin/chromium';
const LAUNCH_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SCREENSHOTS = join(REPO_ROOT, '.tmp', 'web-screenshots');

/** Text a tool result can hold that a careless page would run, load or follow. */
const HOSTILE_MARKDOWN = [
  '# A hostile file',
  "<script>window.__pwned = 'script'; alert('script')</script>",
  `<img src="x" onerror="window.__pwned = 'img'; alert('img')">`,
  "[a javascript: link](javascript:alert('link'))",
  '[a data: link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![an image](http://203.0.113.9/pixel.png)',
  '<a href="http://203.0.113.9/">a raw anchor</a>',
  'https://203.0.113.9/bare-address',
  '[a web link](https://example.com/page)',
].join('\n');

/** Lines a careless Markdown view turns into headings, lists, emphasis, code spans, a rule or an image. */
const HOSTILE_CODE = [
  '# not a heading',
  '* star item',
  '- dash item',
  '1. numbered',
  '__init__.py and __x__',
  '`one` ``two`` ```three```',
  '<img src=x onerror="window.__pwned = 1">',
  '---',
  '\tTab\tseparated\t',
  '    four spaces',
  '日本語のテキスト 中文 한국어',
  '> quoted',
  '  return `Hello, ${who}!`;',
].join('\n');

/** Elements a tool's output must never become. */
const MARKUP = 'h1, h2, h3, h4, h5, h6, ul, ol, li, em, strong, hr, blockquote, img, a, p code';

const TOUR_ROWS = [
  'Run ls && node test/greet.test.js',
  'Read src/greet.js',
  'Read src/greet.js from line 3 · unchanged since step 2',
  'Search files',
  'Search lines in src',
  'Run test -f CHANGELOG.md · exit 1',
  'Start echo ready; sleep 2; echo done',
  'List background commands',
  'Check b1',
];

const SKIPPED = process.env.GUILDS_WEB === 'skip' ? 'GUILDS_WEB=skip' : existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM} (Debian's chromium package; .ci/run installs it)`;
if (SKIPPED !== undefined) {
  describe('the web page in a real browser', () => {
    it.skip(`skipped: ${SKIPPED}`, () => {});
  });
} else {
  describe('the web page in a real browser', () => {
    let server: PageServer;
    let context: BrowserContext;
    let page: Page;
    let profile: string;
    const requests: string[] = [];
    const dialogs: string[] = [];

    const state = async (): Promise<PageState> => (await fetch(`${server.url}api/state`)).json() as Promise<PageState>;
    const call = async (tool: string, args: Record<string, unknown>): Promise<FlowItem> => {
      const response = await fetch(`${server.url}api/call`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ tool, args }),
      });
      return ((await response.json()) as { item: FlowItem }).item;
    };
    const row = (seq: number): Locator => page.locator(`#flow > details[data-seq="${seq}"]`);
    /** Opens a row on its views; a code_task block is open already, its views one summary further. */
    const open = async (seq: number): Promise<Locator> => {
      const item = row(seq);
      const details = (await item.getAttribute('class'))!.includes('code-task') ? item.locator(':scope > .call-views') : item;
      if ((await details.getAttribute('open')) === null) await details.locator(':scope > summary').click();
      await details.locator(':scope > .views').waitFor();
      return details;
    };

    beforeAll(async () => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      server = await startPageServer();
      profile = mkdtempSync(join(tmpdir(), 'guilds-code-chromium-'));
      // A fresh profile of its own: nothing of another run's state, no first-run requests.
      context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        args: LAUNCH_FLAGS,
        viewport: { width: 1100, height: 900 },
      });
      page = context.pages()[0] ?? (await context.newPage());
      page.on('request', (request) => requests.push(request.url()));
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(server.url);
      await page.locator('#flow > details').first().waitFor();
    }, 120_000);

    afterAll(async () => {
      await context?.close();
      await server?.stop();
      if (profile) rmSync(profile, { recursive: true, force: true });
    });

    it("shows the tour's rows with their summaries, and its code_task as a block", async () => {
      expect(await page.locator('#about').textContent()).toMatch(/^sandbox: (bubblewrap|local \(.+\)) · home: \/.*\/home · run: try, starting in repos\/tryout-repo$/);
      expect(await page.locator('#flow > details.row .summary').allTextContents()).toEqual(TOUR_ROWS);
      expect(await page.locator('#flow > details.row.failed').count()).toBe(0);
      const block = row(10);
      expect(await block.getAttribute('class')).toBe('call code-task ok');
      expect(await block.locator('.title').textContent()).toBe('Code task: Add farewell() to src/greet.js, with a test.');
      expect(await block.locator('.headline').textContent()).toMatch(/^completed in \d+s · command$/);
      expect(await block.locator('.diffstat').textContent()).toBe(
        [' src/greet.js          | 1 +', ' test/farewell.test.js | 2 ++', ' 2 files changed, 3 insertions(+)'].join('\n'),
      );
      expect(await block.locator('.diffstat').isVisible()).toBe(true);
      // The harness's final message is Markdown, and renders as such: its heading and its list.
      expect(await block.locator('.final-message h2').allTextContents()).toEqual(['Added farewell()']);
      expect(await block.locator('.final-message li').allTextContents()).toEqual([
        'src/greet.js: farewell(name) beside greet(name)',
        'test/farewell.test.js: its test',
      ]);
      const views = await open(10);
      expect(await views.locator('.views > .view > h3').allTextContents()).toEqual(['Arguments', 'Result', 'Metadata']);
      await views.locator(':scope > summary').click();
      await page.screenshot({ path: join(SCREENSHOTS, 'flow.png'), fullPage: true });
    });

    it('opens a row on its three views: Arguments, Result, Metadata, as the view model has them', async () => {
      const details = await open(2);
      expect(await details.locator('.views > .view > h3').allTextContents()).toEqual(['Arguments', 'Result', 'Metadata']);
      expect(await details.locator('.arguments .json-leaf').allTextContents()).toEqual(['path: "src/greet.js"']);
      const { call } = (await state()).flow[1]!;
      expect(await details.locator('.metadata dt').allTextContents()).toEqual(call.metadata.map((field) => field.label));
      expect(await details.locator('.metadata dd').allTextContents()).toEqual(call.metadata.map((field) => field.value));
      // The Timing field, and the waterfall of the same parts under the list.
      expect(call.metadata.at(-1)!.label).toBe('Timing');
      const waterfall = details.locator('.metadata .waterfall');
      expect(await waterfall.locator('.timing-label').allTextContents()).toEqual(call.timing!.map((bar) => bar.label));
      expect(await waterfall.locator('.timing-duration').allTextContents()).toEqual(call.timing!.map((bar) => bar.duration));
      const placed = await waterfall.locator('.bar').evaluateAll((bars) => bars.map((bar) => [(bar as HTMLElement).style.marginLeft, (bar as HTMLElement).style.width]));
      expect(placed).toEqual(call.timing!.map((bar) => [`${bar.offsetPercent}%`, `${bar.widthPercent}%`]));
      expect(await details.locator('.modes button').allTextContents()).toEqual(['Markdown', 'Raw']);
      await page.screenshot({ path: join(SCREENSHOTS, 'opened-row.png'), fullPage: true });
    });

    it('shows the exact text as returned under Raw, and goes back to Markdown', async () => {
      const details = await open(1);
      const { call } = (await state()).flow[0]!;
      await details.getByRole('button', { name: 'Raw' }).click();
      expect(await details.locator('pre.raw').isVisible()).toBe(true);
      expect(await details.locator('.rendered').isVisible()).toBe(false);
      expect(await details.locator('pre.raw').evaluate((element) => element.textContent)).toBe(call.result.text);
      await details.getByRole('button', { name: 'Markdown' }).click();
      expect(await details.locator('.rendered.markdown').isVisible()).toBe(true);
      expect(await details.locator('pre.raw').isVisible()).toBe(false);
    });

    it('makes a call from the form generated from the declarations; it runs for real and its JSON result folds', async () => {
      expect(await page.locator('#tool option').allTextContents()).toEqual(['shell', 'shell_status', 'file_read', 'code_search', 'code_task']);
      await page.locator('#tool').selectOption('shell');
      expect(await page.locator('#fields .field label').allTextContents()).toEqual([
        'command (required)',
        'timeout_seconds (1 to 600)',
        'background',
      ]);
      // A missing required argument is said in the status line; nothing runs.
      await page.locator('#run-call').click();
      expect(await page.locator('#call-status').textContent()).toBe('not run: command is required');
      expect(await page.locator('#flow > details').count()).toBe(10);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('arg-command');
      await page.locator('#arg-command').fill('cat package.json');
      await page.locator('#run-call').click();
      await row(11).waitFor();
      expect(await page.locator('#call-status').textContent()).toBe('step 11: Run cat package.json');
      const details = await open(11);
      expect(await details.locator('.modes button').allTextContents()).toEqual(['Tree', 'Raw']);
      const root = details.locator('.rendered.json > details.json-node');
      const name = root.locator(':scope > ul > li > .json-leaf').first();
      expect(await name.textContent()).toBe('name: "greeter"');
      expect(await name.isVisible()).toBe(true);
      await root.locator(':scope > summary').click();
      expect(await root.getAttribute('open')).toBeNull();
      expect(await name.isVisible()).toBe(false);
      await root.locator(':scope > summary').click();
      expect(await name.isVisible()).toBe(true);
      const scripts = root.locator(':scope > ul > li > details.json-node').filter({ hasText: 'scripts' });
      await scripts.locator(':scope > summary').click();
      expect(await scripts.locator('.json-leaf').isVisible()).toBe(false);
      expect(await name.isVisible()).toBe(true);
    });

    it("shows a code_task's diffstat and final message once: its Result view points at the block, with Raw for the text", async () => {
      const views = await open(10);
      const result = views.locator('.views > .result');
      expect(await result.locator('.modes button').allTextContents()).toEqual(['Block', 'Raw']);
      expect(await result.locator('.rendered').textContent()).toBe(
        'The block above is this result: its status line, diffstat, final message and log. Raw shows the text as returned.',
      );
      // Drawn once in the whole item, views open: the block's diffstat and its message.
      const shown = await row(10).innerText();
      expect(shown.split('2 files changed, 3 insertions(+)').length - 1).toBe(1);
      // (The brief in Arguments holds the message's Markdown source, backticks and all.)
      expect(shown.split('src/greet.js: farewell(name) beside greet(name)').length - 1).toBe(1);
      expect(await row(10).locator('h2').allTextContents()).toEqual(['Added farewell()']);
      await result.getByRole('button', { name: 'Raw' }).click();
      const { call } = (await state()).flow[9]!;
      expect(await result.locator('pre.raw').evaluate((element) => element.textContent)).toBe(call.result.text);
      expect(await result.locator('.rendered').isVisible()).toBe(false);
      await result.getByRole('button', { name: 'Block' }).click();
      await views.locator(':scope > summary').click();
    });

    it('shows a code_task made from the form as a block of its own', async () => {
      await page.locator('#tool').selectOption('code_task');
      await page.locator('#arg-brief').fill('say Nothing to change.');
      await page.locator('#run-call').click();
      await row(12).waitFor();
      expect(await row(12).getAttribute('class')).toBe('call code-task ok');
      expect(await row(12).locator('.title').textContent()).toBe('Code task: say Nothing to change.');
      expect(await row(12).locator('.diffstat').textContent()).toBe('no changes');
    });

    it('marks a call the form sent with a wrong argument as failed, with the error a model would read', async () => {
      await page.locator('#tool').selectOption('file_read');
      // A path is one line: an input, not a text area.
      expect(await page.locator('#arg-path').evaluate((element) => `${element.tagName} ${element.getAttribute('type')}`)).toBe('INPUT text');
      await page.locator('#arg-path').fill('src/greet.js');
      await page.locator('#arg-limit').fill('many');
      await page.locator('#run-call').click();
      await row(13).waitFor();
      expect(await row(13).getAttribute('class')).toBe('call row failed');
      const details = await open(13);
      expect(await details.locator('.result h3').textContent()).toBe('Result (failed)');
      expect(await details.locator('.rendered').textContent()).toMatch(/^file_read: .*limit/);
      const metadata = await details.locator('.metadata dt').allTextContents();
      expect(metadata.slice(0, 3)).toEqual(['Call', 'Tool', 'Failure']);
      expect(await details.locator('.metadata dd').nth(2).textContent()).toBe('invalid_request');
    });

    it('draws tabs 8 columns wide in the Markdown view, as the Raw view and the shell\'s screen model do', async () => {
      // Line 1: a tab, then X; line 2: as many characters as a tab stop has columns, then X. The Xs line up.
      const counted = '01234567890'.slice(0, TAB_STOP_CELLS);
      const made = await call('shell', { command: `printf '\\tX\\n${counted}X\\n'` });
      expect(made.call.result.text).toBe(`\tX\n${counted}X`);
      await page.reload();
      await page.locator('#flow > details').first().waitFor();
      const details = await open(made.call.seq);
      /** The left edges of the two Xs in an element's text, in pixels from its own left. */
      const xColumns = (locator: Locator): Promise<number[]> =>
        locator.evaluate((element, offsets) => {
          const text = element.firstChild!.firstChild ?? element.firstChild!;
          const edges: number[] = [];
          for (const offset of offsets) {
            const range = document.createRange();
            range.setStart(text, offset);
            range.setEnd(text, offset + 1);
            edges.push(range.getBoundingClientRect().left - element.getBoundingClientRect().left);
          }
          return edges;
        }, [1, 3 + TAB_STOP_CELLS]);
      const [tabbed, typed] = await xColumns(details.locator('.rendered pre.code > code'));
      expect(tabbed).toBeGreaterThan(0);
      expect(tabbed).toBeCloseTo(typed!, 1);
      await details.getByRole('button', { name: 'Raw' }).click();
      const [rawTabbed, rawCounted] = await xColumns(details.locator('pre.raw'));
      expect(rawTabbed).toBeCloseTo(rawCounted!, 1);
      await details.getByRole('button', { name: 'Markdown' }).click();
    });

    it('keeps hostile texts inert: no script, no dialog, no link that runs, no request beyond 127.0.0.1', async () => {
      const write = await call('shell', { command: `cat > hostile.md <<'EOF'\n${HOSTILE_MARKDOWN}\nEOF\nhead -c 5000000 /dev/zero | tr '\\0' x > long-line.txt` });
      expect(write.call.ok).toBe(true);
      const first = write.call.seq + 1;
      await call('file_read', { path: 'hostile.md' });
      await call('shell', { command: 'cat hostile.md' });
      await call('shell', { command: `printf '%s' '{"html": "<img src=x onerror=alert(1)>", "link": "javascript:alert(2)"}'` });
      await call('file_read', { path: 'long-line.txt' });
      const longLine = await call('shell', { command: 'cat long-line.txt' });
      await page.reload();
      await page.locator('#flow > details').first().waitFor();
      for (let seq = first; seq <= longLine.call.seq; seq++) {
        const details = await open(seq);
        await details.getByRole('button', { name: 'Raw' }).click();
        await details.locator('.modes button').first().click();
      }
      const hostileRead = row(first);
      expect(await hostileRead.locator('.rendered').textContent()).toContain("<script>window.__pwned = 'script'; alert('script')</script>");
      expect(await hostileRead.locator('pre.raw').evaluate((element) => element.textContent)).toContain(HOSTILE_MARKDOWN.split('\n')[2]);
      expect(await row(first + 2).locator('.rendered.json .json-leaf').allTextContents()).toEqual([
        'html: "<img src=x onerror=alert(1)>"',
        'link: "javascript:alert(2)"',
      ]);
      const flow = page.locator('#flow');
      expect(await flow.locator('script, img, iframe, object, embed, [onerror], [onload]').count()).toBe(0);
      const hrefs = await flow.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      // A file read and a command's output are code: no link is made of them at all.
      expect(hrefs).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(requests.filter((url) => !url.startsWith(server.url))).toEqual([]);
      expect(requests.length).toBeGreaterThan(0);
      // The 5 MB line reaches the page as the helper shaped it: file_read's clipped line, shell's head and tail.
      expect((await state()).flow.at(-1)!.call.result.text.length).toBeLessThan(9000);
      expect(await row(longLine.call.seq).locator('.rendered').textContent()).toContain('bytes elided');
    });

    it("shows a tool's output as code: every character in a code element, nothing made a heading, a list or emphasis", async () => {
      const write = await call('shell', { command: `cat > hostile-code.txt <<'EOF'\n${HOSTILE_CODE}\nEOF` });
      expect(write.call.ok).toBe(true);
      const calls = [
        await call('file_read', { path: 'hostile-code.txt' }),
        await call('shell', { command: 'cat hostile-code.txt' }),
        await call('code_search', { pattern: 'star|quoted', mode: 'content', context: 1, path: 'hostile-code.txt' }),
      ];
      expect(calls.map((item) => item.call.result.text.split('\n')[0])).toEqual([
        'hostile-code.txt · lines 1–13 of 13',
        '# not a heading',
        'hostile-code.txt-1- # not a heading',
      ]);
      expect(calls[1]!.call.result.text).toBe(HOSTILE_CODE);
      expect(calls[2]!.call.result.text).toContain('\n--\n');
      await page.reload();
      await page.locator('#flow > details').first().waitFor();
      for (const { call: view } of calls) {
        const rendered = (await open(view.seq)).locator('.rendered');
        expect(await rendered.locator(':scope > pre.code > code').evaluateAll((codes) => codes.map((code) => code.textContent))).toEqual([view.result.text]);
        expect(await rendered.locator(MARKUP).count()).toBe(0);
        expect(await rendered.locator('pre.code').evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/monospace/);
      }
      for (const line of HOSTILE_CODE.split('\n')) expect(calls[0]!.call.result.text).toContain(`\t${line}`);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      await page.screenshot({ path: join(SCREENSHOTS, 'code-result.png'), fullPage: true });
    });

    it("shows a note as the text it is, through Markdown: a pointer's path keeps its underscores", async () => {
      await call('shell', { command: 'mkdir -p __pkg__ && printf "x\\n" > __pkg__/__init__.py' });
      await call('file_read', { path: '__pkg__/__init__.py' });
      const pointer = await call('file_read', { path: '__pkg__/__init__.py' });
      expect(pointer.call.result.text).toMatch(/^__pkg__\/__init__\.py lines 1–1: unchanged since step \d+; read that result\.$/);
      await page.reload();
      await page.locator('#flow > details').first().waitFor();
      const rendered = (await open(pointer.call.seq)).locator('.rendered');
      expect(await rendered.locator(':scope > .prose > p').textContent()).toBe(pointer.call.result.text);
      expect(await rendered.locator(MARKUP).count()).toBe(0);
    });

    it("updates a running command's row in place: its time and its latest lines, the second before it ends; then its row", async () => {
      const { home, flow } = await state();
      const seq = flow.length + 1;
      const gate = join(home, 'repos', 'tryout-repo', 'live-go');
      // A line each 300 ms, then it waits for the test: what the page shows meanwhile is before the end.
      const command = 'for i in 1 2 3; do echo line $i; sleep 0.3; done; while [ ! -e live-go ]; do sleep 0.05; done; echo done';
      await page.locator('#tool').selectOption('shell');
      await page.locator('#arg-command').fill(command);
      await page.locator('#arg-timeout_seconds').fill('');
      await page.locator('#run-call').click();
      const running = page.locator(`#live > .call.running[data-live-seq="${seq}"]`);
      await running.locator('.live-lines').filter({ hasText: 'line 2' }).waitFor();
      const element = await running.elementHandle();
      expect(await running.locator('.summary').textContent()).toBe(rowSummary('shell', { command }));
      expect((await running.locator('.live-lines').textContent())!.split('\n').slice(0, 2)).toEqual(['line 1', 'line 2']);
      expect(await running.locator('.elapsed').textContent()).toMatch(/^\d+s$/);
      // Its time counts on while it waits, in the same element.
      await pollUntil(() => running.locator('.elapsed').textContent(), (elapsed) => elapsed !== '0s');
      await running.locator('.live-lines').filter({ hasText: 'line 3' }).waitFor();
      expect(await element!.evaluate((node) => node.isConnected)).toBe(true);
      expect(await page.locator(`#flow > details[data-seq="${seq}"]`).count()).toBe(0);
      await page.screenshot({ path: join(SCREENSHOTS, 'running-call.png'), fullPage: true });
      writeFileSync(gate, '');
      await row(seq).waitFor();
      expect(await page.locator('#live > *').count()).toBe(0);
      expect(await element!.evaluate((node) => node.isConnected)).toBe(false);
      expect(await row(seq).locator('.summary').textContent()).toBe(rowSummary('shell', { command }));
      expect(await page.locator(`#flow > details[data-seq="${seq}"]`).count()).toBe(1);
      expect(await page.locator('#call-status').textContent()).toMatch(new RegExp(`^step ${seq}: Run `));
    });
  });
}

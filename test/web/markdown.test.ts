// The Result's Markdown view: untrusted text in, HTML that neither runs nor loads anything out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownLiteral } from '../../src/orchestrator/index.js';
import { isSafeLink, renderMarkdown } from '../../scripts/web/client/markdown.js';

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('the Markdown of a result', () => {
  it('renders Markdown, a line end as a line break', () => {
    expect(renderMarkdown('# Title\nfirst\nsecond `code`')).toBe('<h1>Title</h1>\n<p>first<br>\nsecond <code>code</code></p>\n');
  });

  it('shows a script element as text', () => {
    expect(renderMarkdown('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n');
  });

  it('shows an image element with onerror as text', () => {
    expect(renderMarkdown('<img src=x onerror=alert(1)>')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>\n');
  });

  it('leaves a javascript: link as the text it was', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).toBe('<p>[x](javascript:alert(1))</p>\n');
  });

  it('leaves a javascript: link hidden behind a tab or capitals as text', () => {
    expect(renderMarkdown('[x](JaVa\tScRiPt:alert(1))')).toBe('<p>[x](JaVa\tScRiPt:alert(1))</p>\n');
    expect(renderMarkdown('[x](&#106;avascript:alert(1))')).toBe('<p>[x](javascript:alert(1))</p>\n');
  });

  it('leaves a data: link as text', () => {
    expect(renderMarkdown('[x](data:text/html,<b>)')).toBe('<p>[x](data:text/html,&lt;b&gt;)</p>\n');
  });

  it('leaves a relative link as text: the page has nothing at a path of the home', () => {
    expect(renderMarkdown('[x](src/a.ts)')).toBe('<p>[x](src/a.ts)</p>\n');
  });

  it('makes a web link that sends no referrer and opens nothing of the page', () => {
    expect(renderMarkdown('[x](https://example.com/a?b=1)')).toBe(
      '<p><a href="https://example.com/a?b=1" rel="noopener noreferrer nofollow" referrerpolicy="no-referrer">x</a></p>\n',
    );
  });

  it('loads no image: an image is the link to where it points', () => {
    expect(renderMarkdown('![alt](http://203.0.113.9/p.png)')).toBe(
      '<p>!<a href="http://203.0.113.9/p.png" rel="noopener noreferrer nofollow" referrerpolicy="no-referrer">alt</a></p>\n',
    );
  });

  it('does not turn a bare address into a link', () => {
    expect(renderMarkdown('see https://example.com')).toBe('<p>see https://example.com</p>\n');
  });

  it('escapes an attribute breakout in a link title', () => {
    expect(renderMarkdown('[x](https://e.com "a\\" onmouseover=\\"alert(1)")')).toBe(
      '<p><a href="https://e.com" title="a&quot; onmouseover=&quot;alert(1)" rel="noopener noreferrer nofollow" referrerpolicy="no-referrer">x</a></p>\n',
    );
  });

  it('renders an empty text as nothing', () => expect(renderMarkdown('')).toBe(''));
});

describe('which links a result may hold', () => {
  it.each(['https://example.com', 'http://127.0.0.1:1/', 'mailto:a@example.com'])('takes %s', (url) => expect(isSafeLink(url)).toBe(true));
  it.each(['javascript:alert(1)', ' javascript:x', 'java\nscript:x', 'vbscript:x', 'data:text/html,x', 'file:///etc/passwd', '/api/call', '//evil.example/'])(
    'refuses %s',
    (url) => expect(isSafeLink(url)).toBe(false),
  );
});

describe("a note's Markdown, as the view model escapes it", () => {
  it('renders as exactly its characters, one paragraph, whatever they are', () => {
    // One line of anything but a line end or NUL (which markdown-it's input rules replace), blanks at its ends included.
    const line = fc.string({ unit: fc.oneof(fc.constantFrom(...'#*_`<>[]()!-+=~|\\&;:. \t'), fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })) }).filter(
      (text) => text.trim() !== '' && !/[\n\r\0]/.test(text),
    );
    fc.assert(
      fc.property(line, (text) => {
        expect(renderMarkdown(markdownLiteral(text))).toBe(`<p>${escapeHtml(text)}</p>\n`);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps a heading, a list, emphasis, code and an image tag as text', () => {
    expect(renderMarkdown(markdownLiteral('# x\n* y\n__z__ `w` <img src=x>\n---'))).toBe(
      '<p># x<br>\n* y<br>\n__z__ `w` &lt;img src=x&gt;<br>\n---</p>\n',
    );
  });
});

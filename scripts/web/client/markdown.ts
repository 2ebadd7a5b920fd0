// Result text is untrusted: it is Markdown with raw HTML off, no images, no autolinked text, and
// links only to http(s) and mailto addresses; anything else stays as the text it was.
import MarkdownIt from 'markdown-it';

type Markdown = ReturnType<typeof MarkdownIt>;

const SAFE_LINK = /^(https?:|mailto:)/i;

/** What markdown-it may turn into a link: an absolute web or mail address, nothing that runs or embeds. */
export function isSafeLink(url: string): boolean {
  // Browsers drop these inside a scheme (`java\tscript:`); markdown-it's normalizer keeps some of them.
  const plain = url.replace(/[\u0000-\u0020\u007f]/g, '');
  return SAFE_LINK.test(plain);
}

export function createMarkdown(): Markdown {
  const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: true });
  markdown.validateLink = isSafeLink;
  // An image is a request to wherever the text points; the page makes none.
  markdown.disable('image');
  const renderLinkOpen = markdown.renderer.rules.link_open;
  markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
    tokens[index]!.attrSet('rel', 'noopener noreferrer nofollow');
    tokens[index]!.attrSet('referrerpolicy', 'no-referrer');
    return renderLinkOpen ? renderLinkOpen(tokens, index, options, env, self) : self.renderToken(tokens, index, options);
  };
  return markdown;
}

const shared = createMarkdown();

/** HTML for a result's Markdown view. */
export function renderMarkdown(text: string): string {
  return shared.render(text);
}

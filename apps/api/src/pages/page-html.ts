import type { PageBlock } from '@qr/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * What rich text on a landing page may contain: text formatting, lists and links to web, mail and
 * phone addresses. Everything else (script, style, iframes, event handlers, javascript: links, SVG)
 * is dropped on save, so a page built by one organisation cannot run script in a visitor's browser.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'span'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
};

/** The blocks as stored: every text block's HTML sanitised. */
export function sanitisedBlocks(blocks: readonly PageBlock[]): PageBlock[] {
  return blocks.map((block) => (block.kind === 'text' ? { ...block, html: sanitizeHtml(block.html, RICH_TEXT) } : block));
}

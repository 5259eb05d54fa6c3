import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * The one place forum Markdown becomes HTML. Two layers: marked renders with raw HTML turned
 * into visible text, then sanitize-html keeps only an allow-list of tags, attributes and URL
 * schemes, so a flaw in either alone does not let script through.
 */

/** Hosts images may come from besides Stratum itself; any other image becomes a plain link. */
export const FORUM_IMAGE_HOSTS: readonly string[] = [
  'i.imgur.com',
  'avatars.githubusercontent.com',
  'raw.githubusercontent.com',
  'user-images.githubusercontent.com',
  'upload.wikimedia.org',
];

export interface RenderOptions {
  /** Stratum's own origin (PUBLIC_URL): images from it are allowed. */
  origin: string;
  imageHosts?: readonly string[];
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    // Raw HTML in a post is shown as the text it is, never interpreted.
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
  },
});

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'del',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

const REL = 'nofollow noopener ugc';

/** Whether `src` (already scheme-checked) is Stratum's own or on the allow-list. */
export function isAllowedImage(src: string, options: RenderOptions): boolean {
  const own = new URL(options.origin);
  let url: URL;
  try {
    url = new URL(src, own);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.origin !== own.origin) return false;
  return (
    url.origin === own.origin || (options.imageHosts ?? FORUM_IMAGE_HOSTS).includes(url.hostname)
  );
}

function sanitize(html: string, options: RenderOptions): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      img: ['src', 'alt', 'title'],
      code: ['class'],
      th: ['align'],
      td: ['align'],
      ol: ['start'],
    },
    allowedClasses: { code: ['language-*'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: REL } }),
      img: (tagName, attribs) => {
        const src = attribs.src ?? '';
        if (isAllowedImage(src, options)) return { tagName, attribs };
        // An image from elsewhere: a link the reader may choose to follow, never loaded.
        return {
          tagName: 'a',
          attribs: { href: src, rel: REL },
          text: attribs.alt || src,
        };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
  });
}

/** Markdown → sanitised HTML, as every reader sees a post. */
export function renderForumMarkdown(source: string, options: RenderOptions): string {
  const html = marked.parse(source, { async: false });
  return sanitize(html, options).trim();
}

/** The first `max` characters of a post as plain text: for excerpts and messages. */
export function plainExcerpt(html: string, max = 200): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

import type { TCodeLanguage } from '../code-editor';

/** How a response body is shown. */
export type TBodyKind = 'json' | 'html' | 'xml' | 'image' | 'text' | 'binary';

export interface TBodyView {
  kind: TBodyKind;
  /** The media type without parameters, lower case ('' when the server sent none). */
  mediaType: string;
  language: TCodeLanguage;
}

const TEXTUAL =
  /^(text\/|application\/(javascript|ecmascript|x-www-form-urlencoded|graphql|yaml|x-yaml|csv|sql|x-sh|toml))/;

/** A header's value by name, whatever its case; the first of several. */
export function headerValue(headers: Record<string, string | string[]>, name: string): string {
  const wanted = name.toLowerCase();
  const found = Object.entries(headers).find(([n]) => n.toLowerCase() === wanted)?.[1];
  return (Array.isArray(found) ? found[0] : found) ?? '';
}

/** Looks like text: no NUL and few control characters in the first 2 KB. */
function looksTextual(sample: string): boolean {
  if (sample.includes('\u0000')) return false;
  let controls = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if ((code >= 1 && code <= 8) || (code >= 14 && code <= 31)) controls++;
  }
  return controls <= sample.length / 50;
}

/**
 * The renderer for a body from its Content-Type, with a sniff when the server sent none:
 * JSON (also `+json` types) as a tree and pretty text, HTML and XML highlighted with a preview
 * for HTML, images shown, other text as text, anything else as a download.
 */
export function bodyViewOf(
  contentType: string,
  body: string,
  encoding: 'utf8' | 'base64',
): TBodyView {
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const view = (kind: TBodyKind, language: TCodeLanguage = 'text'): TBodyView => ({
    kind,
    mediaType,
    language,
  });
  if (mediaType === 'application/json' || mediaType.endsWith('+json') || mediaType === 'text/json')
    return view('json', 'json');
  if (mediaType === 'text/html' || mediaType === 'application/xhtml+xml')
    return view('html', 'html');
  if (mediaType.endsWith('/xml') || mediaType.endsWith('+xml')) {
    return mediaType === 'image/svg+xml' ? view('image', 'xml') : view('xml', 'xml');
  }
  if (mediaType.startsWith('image/')) return view('image');
  if (/javascript|ecmascript/.test(mediaType)) return view('text', 'javascript');
  if (TEXTUAL.test(mediaType)) return view('text');
  if (mediaType === '' || mediaType === 'application/octet-stream') {
    if (encoding === 'base64') return view('binary');
    const start = body.trimStart().slice(0, 2048);
    if (/^[[{]/.test(start)) {
      try {
        JSON.parse(body);
        return view('json', 'json');
      } catch {
        // not JSON after all
      }
    }
    if (/^<(!doctype html|html)/i.test(start)) return view('html', 'html');
    if (/^<\?xml/.test(start)) return view('xml', 'xml');
    return looksTextual(start) ? view('text') : view('binary');
  }
  return encoding === 'utf8' && looksTextual(body.slice(0, 2048)) ? view('text') : view('binary');
}

/** A base64 body as text (UTF-8), for text types the server sent as base64. */
export function decodeBase64Text(base64: string): string {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

import { decodeBase64, encodeBase64, type TBase64Decoded } from './base64';

/** `data:<type>;base64,<data>` — always standard Base64 with padding, as browsers expect. */
export function toDataUrl(bytes: Uint8Array, mediaType: string): string {
  return `data:${mediaType || 'application/octet-stream'};base64,${encodeBase64(bytes)}`;
}

export interface ParsedDataUrl {
  /** e.g. `image/png`; RFC 2397's default when the URL names none. */
  mediaType: string;
  decoded: TBase64Decoded;
}

const DATA_URL = /^\s*data:([^,]*?),/i;

/**
 * Splits a data URL into its media type and bytes; `null` when the text is not a data URL.
 * Non-Base64 data URLs are percent-decoded, as a browser would.
 */
export function parseDataUrl(input: string): ParsedDataUrl | null {
  const match = DATA_URL.exec(input);
  if (!match) return null;
  const params = match[1]!.split(';').map((p) => p.trim());
  const isBase64 = params.at(-1)?.toLowerCase() === 'base64';
  const mediaType = (isBase64 ? params.slice(0, -1) : params)[0] || 'text/plain';
  const body = input.slice(match[0].length).trim();
  if (isBase64) return { mediaType, decoded: decodeBase64(body) };
  return { mediaType, decoded: { ok: true, bytes: percentDecode(body), alphabet: 'either' } };
}

/** `%41` → byte 0x41; anything else is taken as UTF-8 text. */
function percentDecode(body: string): Uint8Array<ArrayBuffer> {
  const out: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < body.length; i += 1) {
    const hex = body.slice(i + 1, i + 3);
    if (body[i] === '%' && /^[0-9a-f]{2}$/i.test(hex)) {
      out.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      const cp = body.codePointAt(i) ?? 0;
      const char = String.fromCodePoint(cp);
      out.push(...encoder.encode(char));
      i += char.length - 1;
    }
  }
  return new Uint8Array(out);
}

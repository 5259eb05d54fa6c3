/**
 * Base64 (RFC 4648 §4) and Base64url (§5) for bytes, with decode errors a person can act on:
 * which character, where, and why. No I/O; works the same in the browser and in Node.
 */
export type TBase64Alphabet = 'standard' | 'url';

export interface Base64EncodeOptions {
  alphabet?: TBase64Alphabet;
  /** Pad with '=' to a multiple of four characters (default true). */
  hasPadding?: boolean;
}

export type TBase64ErrorCode =
  | 'base64/invalid_char'
  | 'base64/wrong_alphabet'
  | 'base64/mixed_alphabets'
  | 'base64/bad_padding'
  | 'base64/bad_length';

export interface Base64Error {
  code: TBase64ErrorCode;
  message: string;
  /** 0-based index in the input, when one character is at fault. */
  position?: number;
}

export type TBase64Decoded =
  | { ok: true; bytes: Uint8Array<ArrayBuffer>; alphabet: TBase64Alphabet | 'either' }
  | { ok: false; error: Base64Error };

export interface Base64DecodeOptions {
  /** 'auto' accepts either alphabet, but not both in one input (default 'auto'). */
  alphabet?: TBase64Alphabet | 'auto';
  /** Skip spaces and line breaks, as in MIME or PEM bodies (default true). */
  allowWhitespace?: boolean;
}

const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Character code → 6-bit value; -1 for anything else. '+' '/' '-' '_' all map (62/63). */
const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i += 1) {
  VALUES[STANDARD.charCodeAt(i)] = i;
  VALUES[URL_SAFE.charCodeAt(i)] = i;
}

export function encodeBase64(bytes: Uint8Array, options: Base64EncodeOptions = {}): string {
  const chars = options.alphabet === 'url' ? URL_SAFE : STANDARD;
  const hasPadding = options.hasPadding ?? true;
  const parts: string[] = [];
  let chunk = '';
  const whole = bytes.length - (bytes.length % 3);
  for (let i = 0; i < whole; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    chunk += chars[n >>> 18]! + chars[(n >>> 12) & 63]! + chars[(n >>> 6) & 63]! + chars[n & 63]!;
    // Keeps string concatenation cheap on multi-megabyte files.
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = '';
    }
  }
  const rest = bytes.length - whole;
  if (rest === 1) {
    const n = bytes[whole]! << 16;
    chunk += chars[n >>> 18]! + chars[(n >>> 12) & 63]! + (hasPadding ? '==' : '');
  } else if (rest === 2) {
    const n = (bytes[whole]! << 16) | (bytes[whole + 1]! << 8);
    chunk += chars[n >>> 18]! + chars[(n >>> 12) & 63]! + chars[(n >>> 6) & 63]!;
    chunk += hasPadding ? '=' : '';
  }
  parts.push(chunk);
  return parts.join('');
}

function describe(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 32 || code === 127) return `control character U+${code.toString(16).padStart(4, '0')}`;
  return `'${char}'`;
}

function isWhitespace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 12;
}

/** Decodes Base64 or Base64url; padding is optional, but must be right when present. */
export function decodeBase64(input: string, options: Base64DecodeOptions = {}): TBase64Decoded {
  const wanted = options.alphabet ?? 'auto';
  const allowWhitespace = options.allowWhitespace ?? true;
  const values: number[] = [];
  let padding = 0;
  let firstPad = -1;
  let standardAt = -1;
  let urlAt = -1;
  for (let i = 0; i < input.length; i += 1) {
    const code = input.charCodeAt(i);
    if (allowWhitespace && isWhitespace(code)) continue;
    if (code === 61 /* = */) {
      if (firstPad < 0) firstPad = i;
      padding += 1;
      continue;
    }
    const value = code < 128 ? VALUES[code]! : -1;
    if (value < 0) {
      const char = String.fromCodePoint(input.codePointAt(i) ?? code);
      return fail('base64/invalid_char', `${describe(char)} at position ${i + 1} is not Base64`, i);
    }
    if (firstPad >= 0) {
      return fail(
        'base64/bad_padding',
        `Padding '=' may only end the text, but more follows at position ${i + 1}`,
        i,
      );
    }
    if (code === 43 || code === 47) {
      if (standardAt < 0) standardAt = i;
      if (wanted === 'url') {
        return fail(
          'base64/wrong_alphabet',
          `'${input[i]}' at position ${i + 1} belongs to standard Base64, not the URL-safe alphabet`,
          i,
        );
      }
    } else if (code === 45 || code === 95) {
      if (urlAt < 0) urlAt = i;
      if (wanted === 'standard') {
        return fail(
          'base64/wrong_alphabet',
          `'${input[i]}' at position ${i + 1} belongs to the URL-safe alphabet, not standard Base64`,
          i,
        );
      }
    }
    values.push(value);
  }
  if (standardAt >= 0 && urlAt >= 0) {
    const at = Math.max(standardAt, urlAt);
    return fail(
      'base64/mixed_alphabets',
      `The text mixes standard ('+', '/') and URL-safe ('-', '_') characters (position ${at + 1})`,
      at,
    );
  }
  const rest = values.length % 4;
  if (rest === 1) {
    return fail(
      'base64/bad_length',
      `${values.length} Base64 characters cannot encode whole bytes: one is missing or extra`,
    );
  }
  if (padding > 0 && (padding > 2 || (values.length + padding) % 4 !== 0)) {
    return fail(
      'base64/bad_padding',
      `Wrong padding: ${padding} '=' after ${values.length} characters (expected ${rest === 0 ? 'none' : 4 - rest})`,
      firstPad,
    );
  }
  const bytes = new Uint8Array(Math.floor((values.length * 3) / 4));
  let out = 0;
  let i = 0;
  for (; i + 4 <= values.length; i += 4) {
    const n = (values[i]! << 18) | (values[i + 1]! << 12) | (values[i + 2]! << 6) | values[i + 3]!;
    bytes[out++] = n >>> 16;
    bytes[out++] = (n >>> 8) & 255;
    bytes[out++] = n & 255;
  }
  if (rest === 2) {
    bytes[out] = ((values[i]! << 18) | (values[i + 1]! << 12)) >>> 16;
  } else if (rest === 3) {
    const n = (values[i]! << 18) | (values[i + 1]! << 12) | (values[i + 2]! << 6);
    bytes[out++] = n >>> 16;
    bytes[out] = (n >>> 8) & 255;
  }
  const alphabet = standardAt >= 0 ? 'standard' : urlAt >= 0 ? 'url' : 'either';
  return { ok: true, bytes, alphabet };
}

function fail(code: TBase64ErrorCode, message: string, position?: number): TBase64Decoded {
  return {
    ok: false,
    error: position === undefined ? { code, message } : { code, message, position },
  };
}

import {
  decodeBase64,
  encodeBase64,
  type Base64DecodeOptions,
  type Base64EncodeOptions,
} from './base64';
import { decodeUtf8, encodeUtf8 } from './utf8';

export type TTextFromBase64 =
  | { kind: 'text'; text: string; byteLength: number }
  /** Valid Base64 whose bytes are not UTF-8 text (an image, a key, compressed data…). */
  | { kind: 'binary'; bytes: Uint8Array<ArrayBuffer>; message: string }
  | { kind: 'error'; message: string; position?: number };

/** Text → UTF-8 bytes → Base64. */
export function textToBase64(text: string, options: Base64EncodeOptions = {}): string {
  return encodeBase64(encodeUtf8(text), options);
}

/** Base64 → bytes → UTF-8 text; says so when the bytes are not text. */
export function base64ToText(input: string, options: Base64DecodeOptions = {}): TTextFromBase64 {
  const decoded = decodeBase64(input, options);
  if (!decoded.ok) {
    const { message, position } = decoded.error;
    return position === undefined
      ? { kind: 'error', message }
      : { kind: 'error', message, position };
  }
  const text = decodeUtf8(decoded.bytes);
  if (!text.ok) {
    return {
      kind: 'binary',
      bytes: decoded.bytes,
      message: `The ${decoded.bytes.length} decoded bytes are not UTF-8 text (${text.message.toLowerCase()})`,
    };
  }
  return { kind: 'text', text: text.text, byteLength: decoded.bytes.length };
}

/** Bytes and text for request bodies, without Buffer (core runs in the browser too). */

const encoder = new TextEncoder();
const decoder = new TextDecoder();
export const utf8Bytes = (text: string): Uint8Array => encoder.encode(text);
export const utf8Text = (bytes: Uint8Array): string => decoder.decode(bytes);

/** Base64 of `bytes`, in chunks so a 10 MiB body does not overflow the argument list. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** The bytes of base64 text (whitespace ignored); invalid text throws. */
export function fromBase64(base64: string): Uint8Array {
  const binary = atob(base64.replace(/\s+/g, ''));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** UTF-8 with the offset of the first bad byte, which TextDecoder's fatal mode does not give. */
export type TUtf8Decoded =
  { ok: true; text: string } | { ok: false; offset: number; message: string };

export function encodeUtf8(text: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(text);
}

/** Offset of the first byte that breaks UTF-8, or -1 when the bytes are valid UTF-8. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k += 1) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
    if (cp < min || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return i;
    i += need + 1;
  }
  return -1;
}

export function decodeUtf8(bytes: Uint8Array): TUtf8Decoded {
  const offset = firstInvalidUtf8(bytes);
  if (offset >= 0) {
    const hex = bytes[offset]!.toString(16).toUpperCase().padStart(2, '0');
    return {
      ok: false,
      offset,
      message: `Byte 0x${hex} at offset ${offset} is not valid UTF-8`,
    };
  }
  // ignoreBOM keeps a leading U+FEFF, so decoding and encoding again gives the same bytes.
  return { ok: true, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}

import { formatBytes } from './format';

/** Larger files are refused: the browser would struggle to show them anyway. */
export const MAX_TEXT_FILE_BYTES = 20 * 1024 * 1024;

export type TReadText = { ok: true; text: string } | { ok: false; message: string };

/** True when the bytes hold a NUL in the first 8000, which is how git and diff spot binaries. */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

export async function readTextFile(file: File): Promise<TReadText> {
  if (file.size > MAX_TEXT_FILE_BYTES) {
    return {
      ok: false,
      message: `${file.name} is ${formatBytes(file.size)}; files up to ${formatBytes(MAX_TEXT_FILE_BYTES)} can be compared`,
    };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (looksBinary(bytes)) {
    return {
      ok: false,
      message: `${file.name} looks like a binary file; only text can be compared`,
    };
  }
  return { ok: true, text: new TextDecoder('utf-8').decode(bytes) };
}

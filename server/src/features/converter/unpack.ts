import { Unzip, UnzipInflate } from 'fflate';
import { CONVERT_MAX_BYTES, CONVERT_MAX_FILES } from '@stratum/core/contract/converter/convert';
import type { TConvertFile, TConvertWarning } from '@stratum/core/convert/types';
import { AppError } from '../../lib/errors';

const MB = CONVERT_MAX_BYTES / 1024 / 1024;
export const tooLarge = () =>
  new AppError(
    'request/too_large',
    `The upload is larger than ${MB} MB (uncompressed), the most the converter reads.`,
  );
const invalid = (message: string) => new AppError('request/invalid', message);

export interface TUpload {
  readonly files: TConvertFile[];
  /** Entries left out (binary files, folders' metadata), said once each. */
  readonly skipped: TConvertWarning[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/** A path inside the upload: relative, posix, no `..`; anything else refuses the whole upload. */
function safePath(name: string): string {
  const path = name.replace(/\\/g, '/').replace(/^\.\//, '');
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.split('/').includes('..'))
    throw invalid(`The zip holds a path outside its folder (${name.slice(0, 200)}).`);
  return path;
}

/**
 * The files of a request: `{ path: content }` as sent, or the one `*.zip` entry (base64) unpacked.
 * Zip bombs are refused by counting the bytes actually inflated, not the sizes the archive
 * declares: past 5 MB in all, or past 500 entries, the upload is refused.
 */
export function unpackUpload(files: Readonly<Record<string, string>>): TUpload {
  const entries = Object.entries(files);
  const zip = entries.length === 1 && entries[0]![0].toLowerCase().endsWith('.zip');
  if (!zip) {
    let total = 0;
    for (const [, content] of entries) total += Buffer.byteLength(content, 'utf8');
    if (total > CONVERT_MAX_BYTES) throw tooLarge();
    return { files: entries.map(([path, content]) => ({ path, content })), skipped: [] };
  }
  const [zipName, base64] = entries[0]!;
  if (!BASE64.test(base64)) throw invalid(`${zipName} must be sent as base64.`);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > CONVERT_MAX_BYTES) throw tooLarge();
  return unzip(zipName, bytes);
}

function unzip(zipName: string, bytes: Uint8Array): TUpload {
  const out: TConvertFile[] = [];
  const skipped: TConvertWarning[] = [];
  let total = 0;
  let count = 0;
  let failure: AppError | undefined;
  const unzipper = new Unzip((file) => {
    if (failure) return;
    // Folders, and the metadata macOS adds to the zips it makes.
    if (file.name.endsWith('/') || file.name.startsWith('__MACOSX/')) return;
    if (++count > CONVERT_MAX_FILES) {
      failure = invalid(`${zipName} holds more than ${CONVERT_MAX_FILES} files.`);
      return;
    }
    let path: string;
    try {
      path = safePath(file.name);
    } catch (e) {
      failure = e as AppError;
      return;
    }
    const chunks: Uint8Array[] = [];
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = invalid(`${zipName}: ${path} could not be unpacked (${error.message}).`);
        return;
      }
      total += data.length;
      if (total > CONVERT_MAX_BYTES) {
        failure = tooLarge();
        file.terminate();
        return;
      }
      chunks.push(data);
      if (final) {
        const content = text(Buffer.concat(chunks));
        if (content === undefined)
          skipped.push({ file: path, line: 0, message: 'not a text file: left out' });
        else out.push({ path, content });
      }
    };
    try {
      file.start();
    } catch {
      failure = invalid(`${zipName}: ${path} uses a compression method other than deflate.`);
    }
  });
  unzipper.register(UnzipInflate);
  try {
    unzipper.push(bytes, true);
  } catch (e) {
    failure ??= invalid(`${zipName} is not a readable zip (${(e as Error).message}).`);
  }
  if (failure) throw failure;
  if (out.length === 0) throw invalid(`${zipName} holds no text files to convert.`);
  return { files: out, skipped };
}

/** UTF-8 text without NUL characters, or undefined for a binary file. */
function text(bytes: Uint8Array): string | undefined {
  try {
    const s = utf8.decode(bytes);
    return s.includes('\u0000') ? undefined : s.replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { SOURCE_MAX_BYTES } from '@stratum/core/contract/inventory/model';
import { AppError } from '../../lib/errors';

export const TOO_LARGE_MESSAGE = `The file is larger than ${SOURCE_MAX_BYTES / 1024 / 1024} MB, the most a source may be.`;

export const tooLarge = () => new AppError('request/too_large', TOO_LARGE_MESSAGE);

export interface ReadFile {
  text: string;
  bytes: number;
  sha256: string;
}

/** The file's text as it was sent, its size and its SHA-256 (of the bytes read, when given). */
export function fileOf(text: string, read?: ReadFile): ReadFile {
  if (read) {
    if (read.bytes > SOURCE_MAX_BYTES) throw tooLarge();
    return read;
  }
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > SOURCE_MAX_BYTES) throw tooLarge();
  return { text, bytes, sha256: createHash('sha256').update(text, 'utf8').digest('hex') };
}

/**
 * Reads a streamed request body up to 50 MB, hashing it as it arrives. Past the cap (declared
 * or counted) the rest is drained unread (so the answer can still be sent on the connection)
 * and the import answers request/too_large.
 */
export function readStreamedFile(
  body: Readable,
  declaredBytes: number | undefined,
  /** A JSON envelope (`{ content }`) is longer than the file it carries; it is checked again. */
  maxBytes = SOURCE_MAX_BYTES,
): Promise<ReadFile> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    let bytes = 0;
    let isOver = declaredBytes !== undefined && declaredBytes > maxBytes;
    if (isOver) reject(tooLarge());
    const onData = (part: Buffer | string) => {
      if (isOver) return;
      const chunk = typeof part === 'string' ? Buffer.from(part) : part;
      bytes += chunk.length;
      if (bytes > maxBytes) {
        isOver = true;
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      hash.update(chunk);
      chunks.push(chunk);
    };
    const cleanup = () => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      body.off('aborted', onError);
    };
    const onEnd = () => {
      cleanup();
      if (isOver) return;
      if ((body as Readable & { complete?: boolean }).complete === false) {
        reject(interrupted());
        return;
      }
      const buffer = Buffer.concat(chunks, bytes);
      resolve({ text: buffer.toString('utf8'), bytes, sha256: hash.digest('hex') });
    };
    const onError = () => {
      cleanup();
      reject(interrupted());
    };
    body.on('data', onData);
    body.once('end', onEnd);
    body.once('error', onError);
    body.once('aborted', onError);
  });
}

const interrupted = () =>
  new AppError('request/invalid', 'The upload was interrupted before the whole file arrived.');

import { unzipSync } from 'fflate';
import { CONVERT_MAX_BYTES, CONVERT_MAX_FILES } from '@stratum/core/contract/converter/convert';
import type { TConvertFile, TConvertSource } from '@stratum/core/convert/types';

/** What the user dropped or picked: the files to show, and the body's `files` to send. */
export interface TUpload {
  /** The text files, unpacked from a zip when one was given (for the side-by-side view). */
  readonly files: readonly TConvertFile[];
  /** `{ path: content }`, or the zip itself as base64 (the server unpacks and checks it). */
  readonly body: Readonly<Record<string, string>>;
  /** The zip's name when the upload was one. */
  readonly zipName?: string;
}

export class UploadError extends Error {}

const MB = CONVERT_MAX_BYTES / 1024 / 1024;
const decoder = new TextDecoder('utf-8', { fatal: true });

function textOf(bytes: Uint8Array): string | undefined {
  try {
    const s = decoder.decode(bytes);
    return s.includes('\u0000') ? undefined : s.replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // String.fromCharCode takes its arguments on the stack: in slices.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The text files inside a zip, under the same limits the server applies. */
export function unzipText(bytes: Uint8Array): TConvertFile[] {
  let total = 0;
  let count = 0;
  const entries = unzipSync(bytes, {
    filter: (f) => {
      if (f.name.endsWith('/') || f.name.startsWith('__MACOSX/')) return false;
      total += f.originalSize;
      if (++count > CONVERT_MAX_FILES)
        throw new UploadError(`The zip holds more than ${CONVERT_MAX_FILES} files.`);
      if (total > CONVERT_MAX_BYTES)
        throw new UploadError(`The zip unpacks to more than ${MB} MB.`);
      return true;
    },
  });
  return Object.entries(entries)
    .flatMap(([path, data]) => {
      const content = textOf(data);
      return content === undefined ? [] : [{ path: path.replace(/^\.\//, ''), content }];
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** Reads dropped or picked files: one zip, or any number of text files. */
export async function readUpload(list: readonly File[]): Promise<TUpload> {
  if (list.length === 0) throw new UploadError('Choose a file to convert.');
  const size = list.reduce((n, f) => n + f.size, 0);
  if (size > CONVERT_MAX_BYTES) throw new UploadError(`The upload is larger than ${MB} MB.`);
  const zip = list.find((f) => f.name.toLowerCase().endsWith('.zip'));
  if (zip) {
    if (list.length > 1) throw new UploadError('Upload one zip, or files without a zip.');
    const bytes = new Uint8Array(await zip.arrayBuffer());
    let files: TConvertFile[];
    try {
      files = unzipText(bytes);
    } catch (e) {
      throw e instanceof UploadError
        ? e
        : new UploadError(`${zip.name} is not a readable zip (${(e as Error).message}).`);
    }
    if (files.length === 0) throw new UploadError(`${zip.name} holds no text files.`);
    return { files, body: { [zip.name]: toBase64(bytes) }, zipName: zip.name };
  }
  const files: TConvertFile[] = [];
  for (const f of list) {
    const content = textOf(new Uint8Array(await f.arrayBuffer()));
    if (content === undefined) throw new UploadError(`${f.name} is not a text file.`);
    // A folder picked or dropped keeps its relative paths.
    files.push({ path: f.webkitRelativePath || f.name, content });
  }
  return { files, body: Object.fromEntries(files.map((f) => [f.path, f.content])) };
}

/** The format of an upload, from its files: Terraform, Bicep, or an ARM template. */
export function detectSource(files: readonly TConvertFile[]): TConvertSource | undefined {
  // `.tf.json`: Terraform's JSON syntax (what CDK for Terraform writes).
  if (files.some((f) => /\.tf(\.json)?$/.test(f.path))) return 'terraform';
  if (files.some((f) => f.path.endsWith('.bicep'))) return 'bicep';
  if (
    files.some(
      (f) =>
        f.path.endsWith('.json') &&
        /schemas\/[0-9-]+\/\w*deploymentTemplate\.json/i.test(f.content),
    )
  )
    return 'arm';
  return undefined;
}

/** The file to show on the left first: the entry point of the format, else the first file. */
export function entryFile(files: readonly TConvertFile[], source: TConvertSource): string {
  const preferred: Record<TConvertSource, RegExp> = {
    terraform: /(^|\/)(main|cdk)\.tf(\.json)?$/,
    bicep: /(^|\/)main\.bicep$/,
    arm: /(^|\/)(azuredeploy|main|template)\.json$/,
  };
  const ext: Record<TConvertSource, string> = { terraform: '.tf', bicep: '.bicep', arm: '.json' };
  return (
    files.find((f) => preferred[source].test(f.path))?.path ??
    files.find((f) => f.path.endsWith(ext[source]))?.path ??
    files[0]?.path ??
    ''
  );
}

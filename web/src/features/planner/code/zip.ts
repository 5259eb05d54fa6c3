import { strToU8, zipSync } from 'fflate';

interface TFile {
  readonly path: string;
  readonly content: string;
}

/** The generated files as a .zip, under one folder named after the project. */
export function zipFiles(folder: string, files: readonly TFile[]): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) entries[`${folder}/${f.path}`] = strToU8(f.content);
  return zipSync(entries, { level: 6, mtime: new Date('2000-01-01T00:00:00Z') });
}

/** A file name made of letters, digits and hyphens. */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'stratum-project'
  );
}

/** Starts a browser download of bytes. */
export function download(name: string, bytes: Uint8Array, type = 'application/zip'): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

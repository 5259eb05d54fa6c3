/** What a run of bytes most likely is, from its first bytes ("magic numbers"). */
export interface SniffedType {
  mediaType: string;
  extension: string;
  label: string;
}

interface Signature {
  bytes: readonly number[];
  /** Where the signature starts (default 0). */
  offset?: number;
  type: SniffedType;
}

const SIGNATURES: readonly Signature[] = [
  {
    bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    type: t('image/png', 'png', 'PNG image'),
  },
  { bytes: [0xff, 0xd8, 0xff], type: t('image/jpeg', 'jpg', 'JPEG image') },
  { bytes: [0x47, 0x49, 0x46, 0x38], type: t('image/gif', 'gif', 'GIF image') },
  { bytes: [0x57, 0x45, 0x42, 0x50], offset: 8, type: t('image/webp', 'webp', 'WebP image') },
  { bytes: [0x42, 0x4d], type: t('image/bmp', 'bmp', 'BMP image') },
  { bytes: [0x00, 0x00, 0x01, 0x00], type: t('image/x-icon', 'ico', 'Icon') },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], type: t('application/pdf', 'pdf', 'PDF document') },
  { bytes: [0x50, 0x4b, 0x03, 0x04], type: t('application/zip', 'zip', 'ZIP archive') },
  { bytes: [0x1f, 0x8b], type: t('application/gzip', 'gz', 'gzip data') },
  { bytes: [0x00, 0x61, 0x73, 0x6d], type: t('application/wasm', 'wasm', 'WebAssembly module') },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], type: t('application/x-elf', 'elf', 'ELF executable') },
  { bytes: [0x30, 0x82], type: t('application/pkix-cert', 'der', 'DER (certificate or key)') },
];

function t(mediaType: string, extension: string, label: string): SniffedType {
  return { mediaType, extension, label };
}

export const UNKNOWN_BINARY: SniffedType = t('application/octet-stream', 'bin', 'Binary data');

/** The type the signature names, or `null` when no signature matches. */
export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  for (const { bytes: magic, offset = 0, type } of SIGNATURES) {
    if (bytes.length < offset + magic.length) continue;
    if (magic.every((b, i) => bytes[offset + i] === b)) {
      // RIFF container: only WebP is recognised, so check the RIFF header as well.
      if (type.extension === 'webp' && !(bytes[0] === 0x52 && bytes[1] === 0x49)) continue;
      return type;
    }
  }
  return null;
}

/** The file extension for a media type (e.g. from a data URL), `bin` when unknown. */
export function extensionFor(mediaType: string): string {
  const known = SIGNATURES.find((s) => s.type.mediaType === mediaType);
  if (known) return known.type.extension;
  const simple: Record<string, string> = {
    'text/plain': 'txt',
    'application/json': 'json',
    'image/svg+xml': 'svg',
    'text/html': 'html',
    'text/csv': 'csv',
    'application/xml': 'xml',
    'text/xml': 'xml',
    'application/x-yaml': 'yaml',
  };
  return simple[mediaType.toLowerCase()] ?? 'bin';
}

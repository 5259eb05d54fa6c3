import { useEffect, useState } from 'react';

/** An object URL for bytes while the component shows them; revoked when they change. */
export function useObjectUrl(bytes: Uint8Array<ArrayBuffer> | null, type: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!bytes) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(new Blob([bytes], { type }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [bytes, type]);
  return url;
}

/** Types the browser can show in an <img> (SVG only from a data URL's own type). */
export function isPreviewableImage(type: string): boolean {
  return /^image\/(png|jpeg|gif|webp|bmp|x-icon|svg\+xml|avif)$/.test(type);
}

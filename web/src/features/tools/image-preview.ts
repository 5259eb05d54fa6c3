/** Types the browser can show in an <img>; SVG in an <img> runs no script. */
export function isPreviewableImage(type: string): boolean {
  return /^image\/(png|jpeg|gif|webp|bmp|x-icon|svg\+xml|avif)$/.test(type);
}

/**
 * Previews use data: URLs, which the page's Content-Security-Policy allows for images
 * (img-src 'self' data: https:); blob: URLs it does not.
 */
export const MAX_PREVIEW_BYTES = 5 * 1024 * 1024;

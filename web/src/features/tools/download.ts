/** Saves bytes or text as a file through a temporary object URL; nothing leaves the browser. */
export function downloadFile(
  content: Uint8Array<ArrayBuffer> | string,
  fileName: string,
  type: string,
): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

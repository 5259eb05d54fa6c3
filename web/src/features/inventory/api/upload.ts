import { ApiError, fillPath } from '../../../lib/api-client';
import { session } from '../../../lib/session';

export interface UploadProgress {
  sent: number;
  total: number;
}

/**
 * Sends a file as the raw request body (XMLHttpRequest: fetch reports no upload progress), so
 * the server reads a 50 MB state as it arrives instead of a JSON string held in memory twice.
 */
export function uploadFile<T>(
  path: string,
  params: Record<string, string>,
  query: Record<string, string>,
  file: Blob,
  onProgress?: (p: UploadProgress) => void,
): Promise<T> {
  const search = Object.keys(query).length > 0 ? `?${new URLSearchParams(query).toString()}` : '';
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${fillPath(path, params)}${search}`);
    const { token } = session.getState();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.withCredentials = true;
    if (onProgress)
      xhr.upload.onprogress = (e) => onProgress({ sent: e.loaded, total: e.total || file.size });
    xhr.onerror = () => reject(new Error('The upload failed: the connection was lost.'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: reported below
      }
      const answer = body as { success?: boolean; code?: string; message?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && answer?.success) resolve(body as T);
      else
        reject(
          new ApiError(xhr.status, {
            success: false,
            code: (answer?.code ?? 'internal/error') as never,
            message: answer?.message ?? `The server answered ${xhr.status}.`,
          }),
        );
    };
    xhr.send(file);
  });
}

/** GETs a file (CSV, a patch) with the session's token and hands it to the browser to save. */
export async function downloadFrom(url: string, fileName: string): Promise<void> {
  const { token } = session.getState();
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(answer?.message ?? `The server answered ${response.status}.`);
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

import { queryOptions } from '@tanstack/react-query';
import {
  getPriceImportDiff,
  listPriceImports,
  listPriceLists,
  startPriceImport,
  uploadPriceImportFile,
  type TPriceImport,
  type TPriceImportFormat,
} from '@stratum/core/contract/admin/price-imports';
import { ApiError, callApi, fillPath } from '../../../lib/api-client';
import { session } from '../../../lib/session';

export const PRICE_LIST_KEYS = {
  all: ['admin', 'price-lists'] as const,
  imports: (cloud: string) => ['admin', 'price-lists', 'imports', cloud] as const,
  diff: (id: string, page: number) => ['admin', 'price-lists', 'diff', id, page] as const,
};

/** GET /api/admin/price-lists: the version in force per cloud (polled while one runs). */
export const priceListsQuery = queryOptions({
  queryKey: PRICE_LIST_KEYS.all,
  queryFn: ({ signal }) => callApi(listPriceLists, { signal }),
  refetchInterval: (q) => (q.state.data?.data.clouds.some((c) => c.running) ? 1000 : false),
});

/** GET /api/admin/price-imports?cloud=…: the versions, newest first. */
export const priceImportsQuery = (cloud: string) =>
  queryOptions({
    queryKey: PRICE_LIST_KEYS.imports(cloud),
    queryFn: ({ signal }) =>
      callApi(listPriceImports, { query: { cloud, pageSize: '20' }, signal }),
  });

/** GET /api/admin/price-imports/:id/diff: what one import changed. */
export const priceDiffQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: PRICE_LIST_KEYS.diff(id, page),
    queryFn: ({ signal }) =>
      callApi(getPriceImportDiff, { params: { id }, query: { page: String(page) }, signal }),
  });

export interface UploadProgress {
  sent: number;
  total: number;
}

/**
 * Creates the import, then sends the file as the raw body (XMLHttpRequest: fetch reports no
 * upload progress). The server reads it as it arrives; the answer is the finished import.
 */
export async function importPriceList(
  format: TPriceImportFormat,
  file: File,
  onProgress: (p: UploadProgress) => void,
): Promise<TPriceImport> {
  const created = await callApi(startPriceImport, {
    body: { format, fileName: file.name, byteSize: file.size },
  });
  const id = created.data.id;
  return new Promise<TPriceImport>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', fillPath(uploadPriceImportFile.path, { id }));
    const { token } = session.getState();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => onProgress({ sent: e.loaded, total: e.total || file.size });
    xhr.onerror = () => reject(new Error('The upload failed: the connection was lost'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: reported below
      }
      const answer = body as {
        success?: boolean;
        data?: TPriceImport;
        code?: string;
        message?: string;
      } | null;
      if (xhr.status === 200 && answer?.success && answer.data) resolve(answer.data);
      else
        reject(
          new ApiError(xhr.status, {
            success: false,
            code: (answer?.code ?? 'internal/error') as never,
            message: answer?.message ?? `The server answered ${xhr.status}`,
          }),
        );
    };
    xhr.send(file);
  });
}

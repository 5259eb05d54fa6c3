import type { TApiRequest } from './model';
import { getHeader, headerName, type TWireRequest } from './wire';

/**
 * A request as a HAR 1.2 request object, the input of httpsnippet (the snippet generator runs on
 * the server; this part is pure). Form and multipart bodies go as `params` so each language
 * writes them its own way (a file part as a file reference, not inlined bytes).
 */

export interface THarParam {
  name: string;
  value?: string;
  fileName?: string;
  contentType?: string;
}

export interface THarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: { name: string; value: string }[];
  headers: { name: string; value: string }[];
  queryString: { name: string; value: string }[];
  postData?: { mimeType: string; text?: string; params?: THarParam[] };
  headersSize: number;
  bodySize: number;
}

/**
 * `resolved` is the request with variables substituted (for its body's structure); `wire` is
 * what would be sent (URL, headers with auth applied, serialised body).
 */
export function toHarRequest(resolved: TApiRequest, wire: TWireRequest): THarRequest {
  const headers = { ...wire.headers };
  const contentType = getHeader(headers, 'content-type');
  let postData: THarRequest['postData'];
  const body = resolved.body;
  switch (body.mode) {
    case 'none':
      break;
    case 'form':
      postData = {
        mimeType: contentType ?? 'application/x-www-form-urlencoded',
        params: body.fields
          .filter((f) => f.enabled && f.key !== '')
          .map((f) => ({ name: f.key, value: f.value })),
      };
      break;
    case 'multipart': {
      // httpsnippet writes its own boundary; the wire's would not match its body.
      const key = headerName(headers, 'content-type');
      if (key !== undefined && /^multipart\/form-data/i.test(headers[key] ?? ''))
        delete headers[key];
      postData = {
        mimeType: 'multipart/form-data',
        params: body.parts
          .filter((p) => p.enabled)
          .map((p) =>
            p.kind === 'text'
              ? { name: p.key, value: p.value }
              : { name: p.key, fileName: p.fileName, contentType: p.contentType },
          ),
      };
      break;
    }
    default:
      postData = {
        mimeType: contentType ?? 'application/octet-stream',
        text: wire.bodyEncoding === 'base64' ? '' : (wire.body ?? ''),
      };
  }
  return {
    method: wire.method,
    url: wire.url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: Object.entries(headers).map(([name, value]) => ({ name, value })),
    queryString: [],
    ...(postData && { postData }),
    headersSize: -1,
    bodySize: -1,
  };
}

import type { TApiRequest, TAuth, TKeyValue, TRequestBody } from './model';
import { substitute, type TVariableScope } from './variables';

/** Substitution: a request's `{{variables}}` replaced in every text field. */

/** Every text field of the request (auth included) with `{{variables}}` replaced. */
export function resolveRequest(
  request: TApiRequest,
  scopes: readonly TVariableScope[],
): { request: TApiRequest; missing: string[] } {
  const missing: string[] = [];
  const sub = (text: string) => {
    const r = substitute(text, scopes);
    for (const name of r.missing) if (!missing.includes(name)) missing.push(name);
    return r.text;
  };
  const rows = (list: readonly TKeyValue[]) =>
    list.map((row) =>
      row.enabled ? { ...row, key: sub(row.key), value: sub(row.value) } : { ...row },
    );
  const resolved: TApiRequest = {
    ...request,
    url: sub(request.url),
    params: rows(request.params),
    headers: rows(request.headers),
    body: resolveBody(request.body, sub, rows),
    auth: resolveAuth(request.auth, sub),
  };
  return { request: resolved, missing };
}

function resolveBody(
  body: TRequestBody,
  sub: (text: string) => string,
  rows: (list: readonly TKeyValue[]) => TKeyValue[],
): TRequestBody {
  switch (body.mode) {
    case 'none':
      return body;
    case 'json':
      return { ...body, text: sub(body.text) };
    case 'raw':
      return { ...body, text: sub(body.text), contentType: sub(body.contentType) };
    case 'form':
      return { ...body, fields: rows(body.fields) };
    case 'multipart':
      return {
        ...body,
        parts: body.parts.map((p) => {
          if (!p.enabled) return p;
          return p.kind === 'text'
            ? { ...p, key: sub(p.key), value: sub(p.value) }
            : { ...p, key: sub(p.key), fileName: sub(p.fileName) };
        }),
      };
    case 'graphql':
      return {
        ...body,
        query: sub(body.query),
        variables: sub(body.variables),
        ...(body.operationName !== undefined && { operationName: sub(body.operationName) }),
      };
  }
}

/** Every text field of an auth, substituted (the type and enum fields are kept). */
export function resolveAuth(auth: TAuth, sub: (text: string) => string): TAuth {
  const out: Record<string, unknown> = { ...auth };
  for (const [key, value] of Object.entries(auth)) {
    if (key !== 'type' && key !== 'in' && key !== 'grant' && key !== 'clientAuth') {
      if (typeof value === 'string') out[key] = sub(value);
    }
  }
  return out as TAuth;
}

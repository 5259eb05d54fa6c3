/// <reference types="postman-collection/types" />
import sdk from 'postman-collection';
import {
  API_LIMITS,
  CURRENT_COLLECTION_VERSION,
  type TApiRequest,
  type TAuth,
  type TCollectionDoc,
  type TCollectionItem,
  type TKeyValue,
  type TMultipartPart,
  type TRequestBody,
} from '@stratum/core/api-client/model';
import { urlWithParams } from '@stratum/core/api-client/url';
import {
  clipRows,
  finishDoc,
  importInvalid,
  nameOf,
  parseRequest,
  randomItemId,
  row,
  scriptOf,
  textOf,
  Warnings,
  type ImportOptions,
} from './import-common';
import type {
  PmAuth,
  PmBody,
  PmCollection,
  PmEvent,
  PmItem,
  PmKeyValue,
  PmUrl,
} from './import-postman-types';

/**
 * Postman collection v2.1 or v2.0 → a collection document. The official SDK reads the file
 * (it normalises v2.0's shapes, header strings, URL strings and scripts into v2.1's), then
 * each part is mapped; what has no place here is listed in the warnings.
 */
export function importPostman(
  text: string,
  options: ImportOptions = {},
): { doc: TCollectionDoc; warnings: string[] } {
  const json = readJson(text);
  let normalized: PmCollection;
  try {
    normalized = new sdk.Collection(json).toJSON() as PmCollection;
  } catch (error) {
    throw importInvalid('postman', `it could not be read (${(error as Error).message})`);
  }
  const warnings = new Warnings();
  const mapper = new PostmanMapper(warnings, options.newId ?? randomItemId);
  const doc = finishDoc(
    'postman',
    {
      v: CURRENT_COLLECTION_VERSION,
      name: nameOf(normalized.info?.name, 'Imported collection'),
      description: descriptionOf(normalized.description ?? normalized.info?.description),
      auth: normalized.auth ? mapper.auth(normalized.auth, 'The collection') : { type: 'none' },
      variables: clipRows(
        (normalized.variable ?? []).map((v) => row(v.key, v.value, v.disabled !== true)),
        'Collection variables',
        warnings,
      ).slice(0, API_LIMITS.variablesPerEnvironment),
      items: mapper.items(normalized.item ?? []),
    },
    warnings,
  );
  mapper.eventsOf(normalized.event, 'the collection');
  mapper.summarise();
  return { doc, warnings: warnings.toArray() };
}

/** The JSON of a v2.0 or v2.1 collection (or the Postman API's `{ collection }` wrapper). */
function readJson(text: string): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw importInvalid('postman', `it is not valid JSON (${(error as Error).message})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw importInvalid('postman', 'expected a JSON object with "info" and "item"');
  }
  let doc = json as Record<string, unknown>;
  if (typeof doc.collection === 'object' && doc.collection !== null && !('info' in doc)) {
    doc = doc.collection as Record<string, unknown>;
  }
  if (Array.isArray(doc.requests) || Array.isArray(doc.order)) {
    throw importInvalid(
      'postman',
      'this is a collection in the old v1 format; export it from Postman as Collection v2.1',
    );
  }
  if (Array.isArray(doc.values) && '_postman_variable_scope' in doc) {
    throw importInvalid('postman', 'this is a Postman environment, not a collection');
  }
  const info = doc.info as { schema?: unknown } | undefined;
  const schema = typeof info?.schema === 'string' ? info.schema : undefined;
  if (!schema) {
    throw importInvalid('postman', 'info.schema is missing: not a Postman collection v2.0 or v2.1');
  }
  if (!/\/collection\/v2\.[01]\.\d+\//.test(schema)) {
    throw importInvalid('postman', `its schema ${schema} is not Collection v2.0 or v2.1`);
  }
  if (!Array.isArray(doc.item)) throw importInvalid('postman', '"item" must be a list');
  return doc;
}

function descriptionOf(description: PmCollection['description']): string {
  const text = typeof description === 'string' ? description : (description?.content ?? '');
  return text.slice(0, 10_000);
}

const text = textOf;

/** Postman's auth parameters `[{ key, value }]` as an object. */
function paramsOf(auth: PmAuth): Record<string, string> {
  const list = auth[auth.type];
  const out: Record<string, string> = {};
  if (Array.isArray(list)) for (const p of list as PmKeyValue[]) out[text(p.key)] = text(p.value);
  return out;
}

const RAW_TYPES: Record<string, string> = {
  xml: 'application/xml',
  html: 'text/html',
  javascript: 'application/javascript',
  text: 'text/plain',
};

class PostmanMapper {
  private droppedResponses = 0;
  private droppedDescriptions = 0;

  constructor(
    private readonly warnings: Warnings,
    private readonly newId: () => string,
  ) {}

  items(items: PmItem[], path = ''): TCollectionItem[] {
    return items.map((item) => {
      const name = nameOf(item.name, Array.isArray(item.item) ? 'Folder' : 'Request');
      const where = `${path}${name}`;
      if (Array.isArray(item.item)) {
        this.eventsOf(item.event, `folder "${where}"`);
        return {
          id: this.newId(),
          kind: 'folder' as const,
          name,
          ...(descriptionOf(item.description) !== '' && {
            description: descriptionOf(item.description),
          }),
          auth: item.auth
            ? this.auth(item.auth, `Folder "${where}"`)
            : { type: 'inherit' as const },
          items: this.items(item.item, `${where} / `),
        };
      }
      return {
        id: this.newId(),
        kind: 'request' as const,
        name,
        request: this.request(item, where),
      };
    });
  }

  request(item: PmItem, where: string): TApiRequest {
    const request = item.request ?? {};
    if (Array.isArray(item.response) && item.response.length > 0) {
      this.droppedResponses += item.response.length;
    }
    if (request.description) this.droppedDescriptions++;
    const { url, params } = this.url(request.url, where);
    const headers = clipRows(
      (request.header ?? []).map((h) =>
        row(h.key, h.value, h.disabled !== true, descriptionOf(h.description)),
      ),
      `"${where}" headers`,
      this.warnings,
    );
    const scripts = { preRequest: '', test: '' };
    for (const event of item.event ?? []) {
      const source = scriptSource(event);
      if (event.listen === 'prerequest')
        scripts.preRequest = scriptOf(source, where, this.warnings);
      else if (event.listen === 'test') scripts.test = scriptOf(source, where, this.warnings);
    }
    const followRedirects = item.protocolProfileBehavior?.followRedirects;
    return parseRequest('postman', where, {
      method: text(request.method) || 'GET',
      url,
      params,
      headers,
      body: this.body(request.body, headers, where),
      auth: request.auth ? this.auth(request.auth, `"${where}"`) : { type: 'inherit' },
      scripts,
      ...(followRedirects === false && { settings: { followRedirects: false } }),
    });
  }

  /** The URL with `:path` variables as `{{name}}` (or their value) and the query as rows. */
  private url(url: PmUrl | string | undefined, where: string) {
    if (url === undefined) return { url: '', params: [] as TKeyValue[] };
    const json: PmUrl = typeof url === 'string' ? { raw: url } : url;
    const variables = (json.variable ?? []).map((v) => ({
      ...v,
      value: text(v.value) === '' ? `{{${text(v.key)}}}` : text(v.value),
    }));
    let base = new sdk.Url({ ...json, query: [], variable: variables }).toString();
    // A `:name` segment without a declared variable is one too, as Postman treats it.
    base = base.replace(/\/:([A-Za-z_][\w.-]*)(?=\/|$)/g, '/{{$1}}');
    const params = clipRows(
      (json.query ?? []).map((q) =>
        row(q.key, q.value, q.disabled !== true, descriptionOf(q.description)),
      ),
      `"${where}" query parameters`,
      this.warnings,
    );
    const full = urlWithParams(base, params);
    if (full.length > API_LIMITS.urlChars) {
      this.warnings.add(
        `"${where}": its URL is longer than ${API_LIMITS.urlChars} characters and was cut`,
      );
    }
    return { url: full.slice(0, API_LIMITS.urlChars), params };
  }

  private body(body: PmBody | undefined, headers: TKeyValue[], where: string): TRequestBody {
    if (!body || body.disabled === true || !body.mode) return { mode: 'none' };
    switch (body.mode) {
      case 'raw': {
        const raw = text(body.raw);
        const language = body.options?.raw?.language;
        const contentType = headers.find(
          (h) => h.enabled && h.key.toLowerCase() === 'content-type',
        )?.value;
        if (language === 'json' || (!language && contentType && /[/+]json\b/i.test(contentType))) {
          return { mode: 'json', text: raw };
        }
        return {
          mode: 'raw',
          text: raw,
          contentType: contentType ?? RAW_TYPES[language ?? 'text'] ?? 'text/plain',
        };
      }
      case 'urlencoded':
        return {
          mode: 'form',
          fields: clipRows(
            (body.urlencoded ?? []).map((f) =>
              row(f.key, f.value, f.disabled !== true, descriptionOf(f.description)),
            ),
            `"${where}" form fields`,
            this.warnings,
          ),
        };
      case 'formdata':
        return {
          mode: 'multipart',
          parts: clipRows(
            (body.formdata ?? []).map((p): TMultipartPart => {
              const enabled = p.disabled !== true;
              if (p.type !== 'file') {
                return { kind: 'text', key: text(p.key), value: text(p.value), enabled };
              }
              this.warnings.add(
                `"${where}": a Postman collection holds no file contents; choose the file for part "${text(p.key)}" again`,
              );
              const src = Array.isArray(p.src) ? text(p.src[0]) : text(p.src);
              return {
                kind: 'file',
                key: text(p.key),
                fileName: (src.split(/[\\/]/).pop() || text(p.key) || 'file').slice(0, 255),
                contentType: text(p.contentType) || 'application/octet-stream',
                dataBase64: '',
                enabled,
              };
            }),
            `"${where}" form parts`,
            this.warnings,
          ),
        };
      case 'graphql': {
        const graphql = body.graphql ?? {};
        const variables = graphql.variables;
        return {
          mode: 'graphql',
          query: text(graphql.query),
          variables:
            typeof variables === 'string' ? variables : variables ? JSON.stringify(variables) : '',
        };
      }
      case 'file':
        this.warnings.add(
          `"${where}": a body read from a file has no contents in a Postman collection and was left out`,
        );
        return { mode: 'none' };
      default:
        this.warnings.add(
          `"${where}": body mode ${text(body.mode)} is not supported and was left out`,
        );
        return { mode: 'none' };
    }
  }

  auth(auth: PmAuth, where: string): TAuth {
    const p = paramsOf(auth);
    switch (auth.type) {
      case 'noauth':
        return { type: 'none' };
      case 'basic':
        return { type: 'basic', username: p.username ?? '', password: p.password ?? '' };
      case 'digest':
        return { type: 'digest', username: p.username ?? '', password: p.password ?? '' };
      case 'bearer':
        return { type: 'bearer', token: p.token ?? '', prefix: 'Bearer' };
      case 'apikey':
        return {
          type: 'apikey',
          key: p.key ?? '',
          value: p.value ?? '',
          in: p.in === 'query' ? 'query' : 'header',
        };
      case 'awsv4':
        return {
          type: 'awsv4',
          accessKeyId: p.accessKey ?? '',
          secretAccessKey: p.secretKey ?? '',
          sessionToken: p.sessionToken ?? '',
          region: p.region ?? '',
          service: p.service ?? '',
        };
      case 'oauth2': {
        const grant = p.grant_type ?? 'authorization_code';
        const isClientCredentials = grant === 'client_credentials';
        if (!isClientCredentials && !grant.startsWith('authorization_code')) {
          this.warnings.add(
            `${where} uses the OAuth 2.0 ${grant} grant, which is not supported; it now uses authorization code (PKCE)`,
          );
        }
        if (!p.accessTokenUrl) {
          this.warnings.add(
            `${where} uses OAuth 2.0 without a token URL; fill it in before sending`,
          );
        }
        return {
          type: 'oauth2',
          grant: isClientCredentials ? 'client_credentials' : 'authorization_code',
          tokenUrl: p.accessTokenUrl ?? '',
          authUrl: p.authUrl ?? '',
          clientId: p.clientId ?? '',
          clientSecret: p.clientSecret ?? '',
          scope: p.scope ?? '',
          audience: p.audience ?? '',
          clientAuth: p.client_authentication === 'body' ? 'body' : 'header',
        };
      }
      default:
        this.warnings.add(
          `${where} uses ${text(auth.type)} auth, which is not supported; it now has none`,
        );
        return { type: 'none' };
    }
  }

  /** Collection and folder scripts have no place here (scripts belong to requests). */
  eventsOf(events: PmEvent[] | undefined, where: string): void {
    if ((events ?? []).some((e) => scriptSource(e).trim() !== '')) {
      this.warnings.add(`Scripts of ${where} were left out: only requests hold scripts here`);
    }
  }

  summarise(): void {
    if (this.droppedResponses > 0) {
      this.warnings.add(`${this.droppedResponses} saved example responses were left out`);
    }
    if (this.droppedDescriptions > 0) {
      this.warnings.add(`Descriptions of ${this.droppedDescriptions} requests were left out`);
    }
  }
}

/** A script's lines joined, without the carriage returns of Windows line ends. */
function scriptSource(event: PmEvent): string {
  const exec = event.script?.exec;
  const lines = Array.isArray(exec) ? exec : typeof exec === 'string' ? [exec] : [];
  return lines.map((l) => text(l).replace(/\r$/, '')).join('\n');
}

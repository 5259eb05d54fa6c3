/// <reference types="postman-collection/types" />
import sdk from 'postman-collection';
import {
  API_LIMITS,
  type TApiRequest,
  type TAuth,
  type TCollectionDoc,
  type TCollectionItem,
  type TRequestBody,
} from '@stratum/core/api-client/model';
import { splitUrl } from '@stratum/core/api-client/url';
import { Warnings } from './import-common';
import type { PmAuth, PmBody, PmEvent, PmItem, PmKeyValue } from './import-postman-types';

export const POSTMAN_V21_SCHEMA =
  'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** Raw-body languages Postman knows, and the content type each sends. */
const LANGUAGE_OF: Record<string, string> = {
  'application/xml': 'xml',
  'text/xml': 'xml',
  'text/html': 'html',
  'application/javascript': 'javascript',
  'text/plain': 'text',
};

/**
 * A collection document → a Postman collection v2.1, built with the official SDK (which
 * serialises it). What Postman cannot hold — file contents, timeouts, retries — is listed in
 * the warnings.
 */
export function exportPostman(doc: TCollectionDoc): {
  collection: Record<string, unknown>;
  warnings: string[];
} {
  const warnings = new Warnings();
  const exporter = new PostmanExporter(warnings);
  const collection = new sdk.Collection({
    info: {
      name: doc.name,
      schema: POSTMAN_V21_SCHEMA,
      ...(doc.description !== '' && { description: doc.description }),
    },
    ...(doc.auth.type !== 'inherit' && { auth: exporter.auth(doc.auth, 'The collection') }),
    variable: doc.variables.map((v) => ({
      key: v.key,
      value: v.value,
      type: 'string',
      ...(!v.enabled && { disabled: true }),
    })),
    item: doc.items.map((item) => exporter.item(item)),
  } as never);
  const json = collection.toJSON() as Record<string, unknown> & {
    info: Record<string, unknown>;
    item?: SdkItem[];
    event?: SdkEvent[];
  };
  // The SDK gives the collection, items and scripts fresh random ids; without them, the same
  // document always exports the same file (Postman gives ids to what has none).
  delete json.info._postman_id;
  json.info.schema = POSTMAN_V21_SCHEMA;
  withoutIds(json);
  withRawUrls(doc.items, json.item ?? []);
  return { collection: json, warnings: warnings.toArray() };
}

class PostmanExporter {
  constructor(private readonly warnings: Warnings) {}

  item(item: TCollectionItem): PmItem {
    if (item.kind === 'folder') {
      return {
        name: item.name,
        ...(item.description && { description: item.description }),
        ...(item.auth.type !== 'inherit' && {
          auth: this.auth(item.auth, `Folder "${item.name}"`),
        }),
        item: item.items.map((i) => this.item(i)),
      };
    }
    const { request } = item;
    const where = `"${item.name}"`;
    const event: PmEvent[] = [];
    if (request.scripts.preRequest.trim() !== '') {
      event.push(script('prerequest', request.scripts.preRequest));
    }
    if (request.scripts.test.trim() !== '') event.push(script('test', request.scripts.test));
    this.settings(request, where);
    const header: PmKeyValue[] = request.headers.map(keyValue);
    const body = this.body(request.body, header, where);
    return {
      name: item.name,
      request: {
        method: request.method,
        url: this.url(request),
        header,
        ...(body && { body }),
        ...(request.auth.type !== 'inherit' && { auth: this.auth(request.auth, where) }),
      },
      ...(event.length > 0 && { event }),
      ...(!request.settings.followRedirects && {
        protocolProfileBehavior: { followRedirects: false },
      }),
      response: [],
    };
  }

  /** The URL bar's text, with every params row (disabled ones too) as Postman's query. */
  private url(request: TApiRequest) {
    const { base, hash } = splitUrl(request.url);
    const parsed = sdk.Url.parse(base) as Record<string, unknown>;
    return {
      ...parsed,
      raw: request.url,
      query: request.params.map(keyValue),
      ...(hash !== '' && { hash: hash.slice(1) }),
    };
  }

  private body(body: TRequestBody, header: PmKeyValue[], where: string): PmBody | undefined {
    switch (body.mode) {
      case 'none':
        return undefined;
      case 'json':
        return { mode: 'raw', raw: body.text, options: { raw: { language: 'json' } } };
      case 'raw': {
        const type = body.contentType.toLowerCase();
        const language = LANGUAGE_OF[type];
        // Postman sends the language's type; another one travels as a header.
        const hasHeader = header.some((h) => h.key?.toLowerCase() === 'content-type');
        if (!language && !hasHeader) header.push({ key: 'Content-Type', value: body.contentType });
        return { mode: 'raw', raw: body.text, options: { raw: { language: language ?? 'text' } } };
      }
      case 'form':
        return { mode: 'urlencoded', urlencoded: body.fields.map(keyValue) };
      case 'multipart':
        return {
          mode: 'formdata',
          formdata: body.parts.map((part) => {
            if (part.kind === 'text') {
              return { key: part.key, value: part.value, type: 'text', ...disabled(part.enabled) };
            }
            if (part.dataBase64 !== '') {
              this.warnings.add(
                `${where}: a Postman collection holds no file contents; the file ${part.fileName} is named only`,
              );
            }
            return {
              key: part.key,
              type: 'file',
              src: part.fileName,
              contentType: part.contentType,
              ...disabled(part.enabled),
            };
          }),
        };
      case 'graphql':
        return { mode: 'graphql', graphql: { query: body.query, variables: body.variables } };
    }
  }

  auth(auth: TAuth, where: string): PmAuth {
    const params = (values: Record<string, string>) =>
      Object.entries(values).map(([key, value]) => ({ key, value, type: 'string' }));
    switch (auth.type) {
      case 'none':
      case 'inherit':
        return { type: 'noauth' };
      case 'basic':
      case 'digest':
        return {
          type: auth.type,
          [auth.type]: params({ username: auth.username, password: auth.password }),
        };
      case 'bearer':
        if (auth.prefix !== 'Bearer') {
          this.warnings.add(
            `${where}: Postman always sends "Bearer"; the prefix ${auth.prefix} was dropped`,
          );
        }
        return { type: 'bearer', bearer: params({ token: auth.token }) };
      case 'apikey':
        return {
          type: 'apikey',
          apikey: params({ key: auth.key, value: auth.value, in: auth.in }),
        };
      case 'awsv4':
        return {
          type: 'awsv4',
          awsv4: params({
            accessKey: auth.accessKeyId,
            secretKey: auth.secretAccessKey,
            sessionToken: auth.sessionToken,
            region: auth.region,
            service: auth.service,
          }),
        };
      case 'oauth2':
        return {
          type: 'oauth2',
          oauth2: params({
            grant_type:
              auth.grant === 'client_credentials'
                ? 'client_credentials'
                : 'authorization_code_with_pkce',
            accessTokenUrl: auth.tokenUrl,
            authUrl: auth.authUrl,
            clientId: auth.clientId,
            clientSecret: auth.clientSecret,
            scope: auth.scope,
            audience: auth.audience,
            client_authentication: auth.clientAuth,
            challengeAlgorithm: 'S256',
            addTokenTo: 'header',
          }),
        };
    }
  }

  private settings(request: TApiRequest, where: string): void {
    const { timeoutMs, retries } = request.settings;
    if (timeoutMs !== API_LIMITS.defaultTimeoutMs || retries.count > 0) {
      this.warnings.add(
        `${where}: Postman collections hold no timeout or retries; they were left out`,
      );
    }
  }
}

type SdkEvent = { id?: string; script?: { id?: string } };
type SdkItem = {
  id?: string;
  item?: SdkItem[];
  event?: SdkEvent[];
  request?: { url?: Record<string, unknown> };
};

/**
 * The SDK's `toJSON` drops `url.raw`, which Postman itself always writes and many tools read
 * first: put back the URL bar's text, item by item (the SDK keeps their order).
 */
function withRawUrls(items: readonly TCollectionItem[], exported: SdkItem[]): void {
  items.forEach((item, i) => {
    const out = exported[i];
    if (!out) return;
    if (item.kind === 'folder') withRawUrls(item.items, out.item ?? []);
    else if (out.request?.url) out.request.url = { raw: item.request.url, ...out.request.url };
  });
}

function withoutIds(node: { item?: SdkItem[]; event?: SdkEvent[] }): void {
  for (const event of node.event ?? []) {
    delete event.id;
    delete event.script?.id;
  }
  for (const item of node.item ?? []) {
    delete item.id;
    withoutIds(item);
  }
}

const disabled = (enabled: boolean) => (enabled ? {} : { disabled: true });

function keyValue(row: {
  key: string;
  value: string;
  enabled: boolean;
  description?: string | undefined;
}): PmKeyValue {
  return {
    key: row.key,
    value: row.value,
    ...disabled(row.enabled),
    ...(row.description !== undefined && { description: row.description }),
  };
}

function script(listen: 'prerequest' | 'test', source: string): PmEvent {
  return { listen, script: { type: 'text/javascript', exec: source.split('\n') } };
}

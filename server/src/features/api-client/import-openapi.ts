import { dereference, validate, type ParserOptions } from '@readme/openapi-parser';
import { sample } from 'openapi-sampler';
import { parse as parseYaml } from 'yaml';
import {
  CURRENT_COLLECTION_VERSION,
  type TApiRequest,
  type TCollectionDoc,
  type TCollectionItem,
  type TFolderItem,
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
  textOf,
  Warnings,
  type ImportOptions,
} from './import-common';
import { SecurityMapper } from './import-openapi-auth';
import {
  HTTP_OPERATIONS,
  type OaDocument,
  type OaMediaType,
  type OaOperation,
  type OaParameter,
  type OaSchema,
} from './import-openapi-types';

/** Never fetch or read what a `$ref` points outside the document (no files, no URLs). */
const PARSER_OPTIONS = {
  resolve: { external: false, file: false },
  dereference: { circular: 'ignore' },
  timeoutMs: 20_000,
  validate: {
    errors: { colorize: false },
    // Sloppiness that does not stop requests from being built is reported, not refused.
    rules: {
      openapi: {
        'array-without-items': 'warning',
        'duplicate-operation-id': 'warning',
        'non-optional-path-parameters': 'warning',
        'path-parameters-not-in-parameters': 'warning',
        'path-parameters-not-in-path': 'warning',
        'unknown-required-schema-property': 'warning',
      },
    },
  },
} satisfies ParserOptions;

/**
 * OpenAPI 3.0 / 3.1 (JSON or YAML) → a collection: each operation a request, in a folder per
 * (first) tag, the first server as `{{baseUrl}}`, path parameters as `{{name}}`, optional query
 * and header parameters disabled, JSON bodies from the examples or sampled from the schema,
 * and security schemes as auth. Validated and dereferenced by @readme/openapi-parser.
 */
export async function importOpenApi(
  text: string,
  options: ImportOptions = {},
): Promise<{ doc: TCollectionDoc; warnings: string[] }> {
  const source = readDocument(text);
  const warnings = new Warnings();
  const result = await validate(structuredClone(source) as never, PARSER_OPTIONS).catch(
    (error: Error) => {
      throw importInvalid('openapi', `it could not be read (${error.message})`);
    },
  );
  if (!result.valid) {
    const first = result.errors[0]?.message ?? 'invalid';
    const more = result.errors.length - 1 + result.additionalErrors;
    throw importInvalid(
      'openapi',
      `it is not a valid OpenAPI ${source.openapi} document: ${describeError(first)}${more > 0 ? ` (and ${more} more problems)` : ''}`,
    );
  }
  for (const w of result.warnings) warnings.add(`OpenAPI: ${describeError(w.message)}`);
  const api = (await dereference(structuredClone(source) as never, PARSER_OPTIONS).catch(
    (error: Error) => {
      throw importInvalid('openapi', `its references could not be resolved (${error.message})`);
    },
  )) as unknown as OaDocument;
  return {
    doc: new OpenApiMapper(api, source, warnings, options).build(),
    warnings: warnings.toArray(),
  };
}

function readDocument(text: string): OaDocument {
  let doc: unknown;
  try {
    // JSON is read as JSON (much faster); YAML's alias cap stops a "billion laughs" document.
    doc = /^\s*\{/.test(text)
      ? JSON.parse(text)
      : parseYaml(text, { maxAliasCount: 100, uniqueKeys: false });
  } catch (error) {
    throw importInvalid('openapi', `it is neither JSON nor YAML (${(error as Error).message})`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw importInvalid('openapi', 'expected an object with "openapi", "info" and "paths"');
  }
  const record = doc as Record<string, unknown>;
  if (typeof record.swagger === 'string') {
    throw importInvalid(
      'openapi',
      `this is Swagger ${record.swagger}; convert it to OpenAPI 3 first (for example with swagger2openapi)`,
    );
  }
  if (typeof record.openapi !== 'string' || !/^3\.[01]\./.test(record.openapi)) {
    throw importInvalid(
      'openapi',
      `"openapi" must name version 3.0 or 3.1 (found ${JSON.stringify(record.openapi ?? null)})`,
    );
  }
  return record as unknown as OaDocument;
}

/** The parser's message without its code frame, with the line it points at. */
function describeError(message: string): string {
  const [head = message, ...rest] = message.split('\n');
  const pointed = rest.find((l) => /^\s*>\s*\d+\s*\|/.test(l));
  const code = pointed?.replace(/^\s*>\s*\d+\s*\|\s*/, '').trim() ?? '';
  return code.length > 2 ? `${head.trim()} (at ${code.slice(0, 120)})` : head.trim();
}

const firstExample = (examples: Record<string, { value?: unknown }> | undefined) =>
  examples ? Object.values(examples).find((e) => e.value !== undefined)?.value : undefined;

class OpenApiMapper {
  private readonly security: SecurityMapper;
  private readonly newId: () => string;

  constructor(
    private readonly api: OaDocument,
    /** The document before dereferencing: what the sampler resolves a circular `$ref` in. */
    private readonly source: OaDocument,
    private readonly warnings: Warnings,
    options: ImportOptions,
  ) {
    this.security = new SecurityMapper(api, warnings);
    this.newId = options.newId ?? randomItemId;
  }

  build(): TCollectionDoc {
    const auth = this.security.collectionAuth();
    const folders = new Map<string, TFolderItem>();
    for (const tag of this.api.tags ?? [])
      folders.set(tag.name, this.folder(tag.name, tag.description));
    const topLevel: TCollectionItem[] = [];
    for (const [path, pathItem] of Object.entries(this.api.paths ?? {})) {
      for (const method of HTTP_OPERATIONS) {
        const operation = pathItem[method];
        if (!operation) continue;
        const item = this.operation(method, path, operation, pathItem.parameters ?? []);
        const tag = operation.tags?.[0];
        if (tag === undefined) {
          topLevel.push(item);
          continue;
        }
        const folder = folders.get(tag) ?? this.folder(tag, undefined);
        folders.set(tag, folder);
        folder.items.push(item);
      }
    }
    const items = [...[...folders.values()].filter((f) => f.items.length > 0), ...topLevel];
    return finishDoc(
      'openapi',
      {
        v: CURRENT_COLLECTION_VERSION,
        name: nameOf(this.api.info?.title, 'Imported API'),
        description: (this.api.info?.description ?? '').slice(0, 10_000),
        auth,
        variables: [row('baseUrl', this.baseUrl()), ...this.security.variables],
        items,
      },
      this.warnings,
    );
  }

  private folder(name: string, description: string | undefined): TFolderItem {
    return {
      id: this.newId(),
      kind: 'folder',
      name: nameOf(name, 'Untagged'),
      description: (description ?? '').slice(0, 10_000),
      auth: { type: 'inherit' },
      items: [],
    };
  }

  /** The first server's URL with its variables' defaults, without a trailing slash. */
  private baseUrl(): string {
    const server = this.api.servers?.[0];
    if (!server) {
      this.warnings.add('The document names no server: set the collection variable baseUrl');
      return '';
    }
    const url = server.url
      .replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole)
      .replace(/\/+$/, '');
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
      this.warnings.add(
        `The server URL ${url || '/'} is relative: set the collection variable baseUrl to the API's full address`,
      );
    }
    return url;
  }

  private operation(
    method: string,
    path: string,
    operation: OaOperation,
    pathParameters: OaParameter[],
  ): TCollectionItem {
    const name = nameOf(
      operation.summary ?? operation.operationId,
      `${method.toUpperCase()} ${path}`,
    );
    const where = `"${name}"`;
    if (operation.servers?.length) {
      this.warnings.add(`${where} names servers of its own; it uses {{baseUrl}} like the others`);
    }
    // An operation's parameter replaces the path item's of the same name and place.
    const byKey = new Map<string, OaParameter>();
    for (const p of [...pathParameters, ...(operation.parameters ?? [])])
      byKey.set(`${p.in} ${p.name}`, p);
    const parameters = [...byKey.values()];
    const params = clipRows(
      parameters.filter((p) => p.in === 'query').map((p) => this.parameterRow(p)),
      `${where} query parameters`,
      this.warnings,
    );
    const headers = parameters
      .filter((p) => p.in === 'header' && !/^(accept|content-type|authorization)$/i.test(p.name))
      .map((p) => this.parameterRow(p));
    const cookies = parameters.filter((p) => p.in === 'cookie');
    if (cookies.length > 0) {
      headers.push(
        row(
          'Cookie',
          cookies.map((p) => `${p.name}=${this.valueOf(p)}`).join('; '),
          cookies.some((p) => p.required === true),
        ),
      );
    }
    const base = `{{baseUrl}}${path.replace(/\{([^}]+)\}/g, '{{$1}}')}`;
    const request: TApiRequest = parseRequest('openapi', where, {
      method: method.toUpperCase(),
      url: urlWithParams(base, params),
      params,
      headers: clipRows(headers, `${where} headers`, this.warnings),
      body: this.body(operation, where),
      auth: this.security.operationAuth(operation.security, where),
    });
    return { id: this.newId(), kind: 'request', name, request };
  }

  /** Required parameters are on; optional ones are there to switch on. */
  private parameterRow(p: OaParameter): TKeyValue {
    return row(p.name, this.valueOf(p), p.required === true, p.description);
  }

  private valueOf(p: OaParameter): string {
    const value =
      p.example ??
      firstExample(p.examples) ??
      p.schema?.example ??
      p.schema?.default ??
      p.schema?.enum?.[0] ??
      '';
    return Array.isArray(value) ? value.map(textOf).join(',') : textOf(value);
  }

  private body(operation: OaOperation, where: string): TRequestBody {
    const content = operation.requestBody?.content;
    if (!content) return { mode: 'none' };
    const types = Object.keys(content);
    const pick = (test: (t: string) => boolean) => types.find((t) => test(t.toLowerCase()));
    const json = pick((t) => /^application\/([\w.-]+\+)?json\b/.test(t));
    if (json) {
      const example = this.example(content[json], where);
      return { mode: 'json', text: example === undefined ? '' : JSON.stringify(example, null, 2) };
    }
    const form = pick((t) => t.startsWith('application/x-www-form-urlencoded'));
    if (form) {
      return {
        mode: 'form',
        fields: clipRows(
          this.properties(content[form], where).map(([k, v]) => row(k, this.scalar(v))),
          `${where} form fields`,
          this.warnings,
        ),
      };
    }
    const multipart = pick((t) => t.startsWith('multipart/'));
    if (multipart) return { mode: 'multipart', parts: this.parts(content[multipart], where) };
    const textType = pick((t) => t.startsWith('text/') || /[/+]xml\b/.test(t));
    if (textType) {
      const example = content[textType]?.example ?? firstExample(content[textType]?.examples);
      return {
        mode: 'raw',
        text: typeof example === 'string' ? example : '',
        contentType: textType,
      };
    }
    this.warnings.add(
      `${where}: a ${types[0] ?? 'request'} body cannot be built here and was left out`,
    );
    return { mode: 'none' };
  }

  /** The media type's example, else one sampled from its schema (read-only fields left out). */
  private example(media: OaMediaType | undefined, where: string): unknown {
    if (!media) return undefined;
    const given = media.example ?? firstExample(media.examples);
    if (given !== undefined) return given;
    if (!media.schema) return undefined;
    try {
      return sample(
        media.schema as never,
        { skipReadOnly: true, quiet: true, maxSampleDepth: 8 },
        this.source,
      );
    } catch (error) {
      this.warnings.add(`${where}: no example body could be built (${(error as Error).message})`);
      return undefined;
    }
  }

  private properties(media: OaMediaType | undefined, where: string): [string, unknown][] {
    const value = this.example(media, where);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.entries(value)
      : [];
  }

  private scalar(value: unknown): string {
    return Array.isArray(value) ? value.map(textOf).join(',') : textOf(value);
  }

  private parts(media: OaMediaType | undefined, where: string): TMultipartPart[] {
    const schemaProps = media?.schema?.properties ?? {};
    const parts = this.properties(media, where).map(([key, value]): TMultipartPart => {
      const schema: OaSchema | undefined = schemaProps[key];
      const isFile =
        schema?.format === 'binary' ||
        schema?.format === 'base64' ||
        schema?.contentMediaType !== undefined ||
        (schema?.type === 'array' && schema.items?.format === 'binary');
      if (!isFile) return { kind: 'text', key, value: this.scalar(value), enabled: true };
      return {
        kind: 'file',
        key,
        fileName: key.slice(0, 255),
        contentType: schema.contentMediaType ?? 'application/octet-stream',
        dataBase64: '',
        enabled: true,
      };
    });
    if (parts.some((p) => p.kind === 'file')) {
      this.warnings.add(`${where}: choose the files of its multipart body before sending`);
    }
    return clipRows(parts, `${where} form parts`, this.warnings);
  }
}

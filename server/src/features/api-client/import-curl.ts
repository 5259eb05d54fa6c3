import { parse } from 'curlconverter/dist/src/parse.js';
import type { Request as CurlRequest } from 'curlconverter/dist/src/Request.js';
import type { Word } from 'curlconverter/dist/src/shell/Word.js';
import {
  API_LIMITS,
  type TApiRequest,
  type TAuth,
  type TKeyValue,
  type TMultipartPart,
  type TRequestBody,
} from '@stratum/core/api-client/model';
import { paramsFromUrl } from '@stratum/core/api-client/url';
import { clipRows, importInvalid, parseRequest, row, Warnings } from './import-common';

/** The curl options this mapping honours; curlconverter warns about any other one used. */
const HONOURED = new Set([
  'url',
  'request',
  'get',
  'head',
  'no-head',
  'header',
  'user-agent',
  'referer',
  'cookie',
  'oauth2-bearer',
  'user',
  'basic',
  'digest',
  'aws-sigv4',
  'data',
  'data-raw',
  'data-ascii',
  'data-binary',
  'data-urlencode',
  'json',
  'url-query',
  'form',
  'form-string',
  'max-time',
  'globoff',
  'compressed',
  'location',
]);

/**
 * The longest command curlconverter can read: the Bash grammar's native binding takes a string
 * in one 32 KiB buffer (longer input fails with "Invalid argument").
 */
export const CURL_MAX_CHARS = 32_767;

/**
 * A curl command (as pasted into the URL bar) → one request for the editor. curlconverter
 * reads it with a real Bash grammar (quotes, `$'…'`, line continuations); shell variables
 * become `{{variables}}`. Not stored.
 */
export function importCurl(text: string): { request: TApiRequest; warnings: string[] } {
  if (text.trim().length > CURL_MAX_CHARS) {
    throw importInvalid(
      'curl',
      `it is longer than ${CURL_MAX_CHARS} characters; paste a large body into the editor instead`,
    );
  }
  const warnings = new Warnings();
  const found: [string, string][] = [];
  let requests: CurlRequest[];
  try {
    requests = parse(text.trim(), HONOURED, found);
  } catch (error) {
    throw importInvalid('curl', (error as Error).message.split('\n')[0] ?? 'it could not be read');
  }
  const [request] = requests;
  const url = request?.urls[0];
  if (!request || !url) throw importInvalid('curl', 'no URL found');
  if (requests.length > 1 || request.urls.length > 1) {
    warnings.add('Only the first request of the command was imported');
  }
  for (const [kind, message] of found) {
    if (kind === 'expansion') continue; // said below, once per variable
    warnings.add(message.split('\n')[0] ?? message);
  }
  const words = new WordText(warnings);
  const fullUrl = words.of(url.url);
  if (fullUrl.length > API_LIMITS.urlChars) {
    throw importInvalid('curl', `its URL is longer than ${API_LIMITS.urlChars} characters`);
  }
  const headers = clipRows(
    request.headers.headers
      .filter((h): h is [Word, Word] => h[1] !== null)
      .map(([name, value]) => row(words.of(name), words.of(value))),
    'Headers',
    warnings,
  );
  const seconds = request.timeout ? Number(request.timeout.toString()) : Number.NaN;
  return {
    request: parseRequest('curl', 'The request', {
      method: words.of(url.method).toUpperCase() || 'GET',
      url: fullUrl,
      params: paramsFromUrl(fullUrl),
      headers,
      body: bodyOf(request, headers, words, warnings),
      auth: authOf(request, url.auth, words, warnings),
      ...(Number.isFinite(seconds) &&
        seconds > 0 && {
          settings: {
            timeoutMs: Math.min(Math.round(seconds * 1000), API_LIMITS.maxTimeoutMs),
          },
        }),
    }),
    warnings: warnings.toArray(),
  };
}

/** A shell word as text: `$NAME` becomes `{{NAME}}`; a `$(command)` is kept as written. */
class WordText {
  constructor(private readonly warnings: Warnings) {}

  of(word: Word | undefined): string {
    if (!word) return '';
    return word.tokens
      .map((token) => {
        if (typeof token === 'string') return token;
        if (token.type === 'variable') {
          this.warnings.add(`The shell variable $${token.value} became {{${token.value}}}`);
          return `{{${token.value}}}`;
        }
        this.warnings.add(`The command substitution ${token.text} was kept as written`);
        return token.text;
      })
      .join('');
  }
}

function authOf(
  request: CurlRequest,
  credentials: [Word, Word] | undefined,
  words: WordText,
  warnings: Warnings,
): TAuth {
  if (!credentials) return { type: 'none' };
  const [user, password] = credentials.map((w) => words.of(w)) as [string, string];
  switch (request.authType) {
    case 'basic':
      return { type: 'basic', username: user, password };
    case 'digest':
      return { type: 'digest', username: user, password };
    case 'aws-sigv4': {
      // --aws-sigv4 "aws:amz:<region>:<service>"
      const [, , region = '', service = ''] = words.of(request.awsSigV4).split(':');
      return {
        type: 'awsv4',
        accessKeyId: user,
        secretAccessKey: password,
        sessionToken: '',
        region,
        service,
      };
    }
    default:
      warnings.add(`${request.authType} authentication is not supported; the request has none`);
      return { type: 'none' };
  }
}

function bodyOf(
  request: CurlRequest,
  headers: TKeyValue[],
  words: WordText,
  warnings: Warnings,
): TRequestBody {
  if (request.multipartUploads) {
    const parts = request.multipartUploads.map((p): TMultipartPart => {
      const key = words.of(p.name);
      if ('content' in p) return { kind: 'text', key, value: words.of(p.content), enabled: true };
      const path = words.of(p.contentFile);
      if (p.filename === undefined) {
        warnings.add(`Form field ${key} is read from ${path}; paste its contents`);
        return { kind: 'text', key, value: '', enabled: true };
      }
      warnings.add(`Choose the file ${path} for form part ${key} again`);
      return {
        kind: 'file',
        key,
        fileName: (words.of(p.filename).split(/[\\/]/).pop() || key || 'file').slice(0, 255),
        contentType: words.of(p.contentType) || 'application/octet-stream',
        dataBase64: '',
        enabled: true,
      };
    });
    return { mode: 'multipart', parts: clipRows(parts, 'Form parts', warnings) };
  }
  if (!request.data) return { mode: 'none' };
  if (request.dataReadsFile !== undefined) {
    warnings.add(`The body is read from the file ${request.dataReadsFile}; paste its contents`);
  }
  const data = request.dataReadsFile !== undefined ? '' : words.of(request.data);
  const contentType =
    headers.find((h) => h.key.toLowerCase() === 'content-type')?.value.toLowerCase() ?? '';
  if (/^application\/([\w.-]+\+)?json\b/.test(contentType)) return { mode: 'json', text: data };
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    const fields = formFields(data);
    if (fields) return { mode: 'form', fields: clipRows(fields, 'Form fields', warnings) };
  }
  return { mode: 'raw', text: data, contentType: contentType || 'text/plain' };
}

/** `a=1&b=x%20y` as rows, or undefined when it is not urlencoded text. */
function formFields(data: string): TKeyValue[] | undefined {
  if (data === '' || !/^[^=&]+(=[^&]*)?(&[^=&]+(=[^&]*)?)*$/.test(data)) return undefined;
  try {
    return data.split('&').map((pair) => {
      const eq = pair.indexOf('=');
      const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
      return eq === -1
        ? row(decode(pair), '')
        : row(decode(pair.slice(0, eq)), decode(pair.slice(eq + 1)));
    });
  } catch {
    return undefined; // a stray % that is not an escape: keep the body as raw text
  }
}

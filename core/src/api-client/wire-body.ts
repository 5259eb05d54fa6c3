import type { TRequestBody } from './model';
import { concatBytes, fromBase64, toBase64, utf8Bytes, utf8Text } from './bytes';

/** A request body as sent: serialised in its mode, with its default content type. */

/** A random multipart boundary (Web Crypto exists in browsers and Node alike). */
export function randomBoundary(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `----StratumBoundary${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** HTML's multipart/form-data name escaping: `"` and line breaks percent-encoded. */
const quoted = (text: string) =>
  text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

type TBody = { body?: string; bodyEncoding?: 'utf8' | 'base64'; contentType?: string };

export function wireBody(
  body: TRequestBody,
  boundary: string,
): { ok: true; value: TBody } | { ok: false; message: string } {
  switch (body.mode) {
    case 'none':
      return { ok: true, value: {} };
    case 'json':
      return {
        ok: true,
        value: { body: body.text, bodyEncoding: 'utf8', contentType: 'application/json' },
      };
    case 'raw':
      return {
        ok: true,
        value: {
          body: body.text,
          bodyEncoding: 'utf8',
          ...(body.contentType.trim() !== '' && { contentType: body.contentType.trim() }),
        },
      };
    case 'form': {
      const form = new URLSearchParams();
      for (const f of body.fields) if (f.enabled && f.key !== '') form.append(f.key, f.value);
      return {
        ok: true,
        value: {
          body: form.toString(),
          bodyEncoding: 'utf8',
          contentType: 'application/x-www-form-urlencoded',
        },
      };
    }
    case 'multipart': {
      const chunks: Uint8Array[] = [];
      let hasFile = false;
      for (const part of body.parts) {
        if (!part.enabled) continue;
        let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(part.key)}"`;
        if (part.kind === 'text') {
          chunks.push(utf8Bytes(`${head}\r\n\r\n${part.value}\r\n`));
          continue;
        }
        hasFile = true;
        head += `; filename="${quoted(part.fileName)}"\r\nContent-Type: ${part.contentType}\r\n\r\n`;
        let data: Uint8Array;
        try {
          data = fromBase64(part.dataBase64);
        } catch {
          return { ok: false, message: `The file of form part “${part.key}” is not valid base64.` };
        }
        chunks.push(utf8Bytes(head), data, utf8Bytes('\r\n'));
      }
      chunks.push(utf8Bytes(`--${boundary}--\r\n`));
      const bytes = concatBytes(chunks);
      const contentType = `multipart/form-data; boundary=${boundary}`;
      return {
        ok: true,
        value: hasFile
          ? { body: toBase64(bytes), bodyEncoding: 'base64', contentType }
          : { body: utf8Text(bytes), bodyEncoding: 'utf8', contentType },
      };
    }
    case 'graphql': {
      let variables: unknown;
      if (body.variables.trim() !== '') {
        try {
          variables = JSON.parse(body.variables);
        } catch {
          return { ok: false, message: 'The GraphQL variables are not valid JSON.' };
        }
        if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) {
          return { ok: false, message: 'The GraphQL variables must be a JSON object.' };
        }
      }
      const payload = {
        query: body.query,
        ...(variables !== undefined && { variables }),
        ...(body.operationName && { operationName: body.operationName }),
      };
      return {
        ok: true,
        value: {
          body: JSON.stringify(payload),
          bodyEncoding: 'utf8',
          contentType: 'application/json',
        },
      };
    }
  }
}

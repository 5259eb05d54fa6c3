import { decodeBase64 } from '../base64/base64';
import { decodeUtf8 } from '../base64/utf8';

export type TJsonObject = Record<string, unknown>;

export type TJwtErrorCode =
  | 'jwt/empty'
  | 'jwt/parts'
  | 'jwt/encrypted'
  | 'jwt/base64url'
  | 'jwt/utf8'
  | 'jwt/json'
  | 'jwt/not_object';

export type TJwtPart = 'header' | 'payload' | 'signature';

export interface JwtError {
  code: TJwtErrorCode;
  message: string;
  part?: TJwtPart;
}

export interface DecodedJwt {
  /** The token as decoded: prefix, quotes and whitespace removed. */
  token: string;
  header: TJsonObject;
  payload: TJsonObject;
  signature: Uint8Array<ArrayBuffer>;
  /** `<header>.<payload>`, the bytes the signature covers. */
  signingInput: string;
  /** `header.alg` when it is a string. */
  alg: string | null;
}

export type TJwtDecoded =
  | { ok: true; jwt: DecodedJwt }
  /** What could be read is kept, so the header still shows when the payload is broken. */
  | { ok: false; token: string; errors: JwtError[]; header: TJsonObject | null };

/**
 * The token in what was pasted: an `Authorization:` header line, a `Bearer ` prefix, quotes
 * and line breaks (a token wrapped by a terminal or an e-mail) are all dropped.
 */
export function extractToken(input: string): string {
  return input
    .trim()
    .replace(/^authorization\s*:\s*/i, '')
    .replace(/^bearer\s+/i, '')
    .replace(/^(["'`])(.*)\1$/s, '$2')
    .replace(/\s+/g, '');
}

const PART_NAMES: Record<TJwtPart, string> = {
  header: 'Header',
  payload: 'Payload',
  signature: 'Signature',
};

function decodePart(
  text: string,
  part: TJwtPart,
): { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; error: JwtError } {
  const decoded = decodeBase64(text, { alphabet: 'url', allowWhitespace: false });
  if (decoded.ok) return { ok: true, bytes: decoded.bytes };
  return {
    ok: false,
    error: {
      code: 'jwt/base64url',
      part,
      message: `${PART_NAMES[part]} is not valid base64url: ${decoded.error.message}`,
    },
  };
}

function decodeJsonPart(
  text: string,
  part: 'header' | 'payload',
): { ok: true; value: TJsonObject } | { ok: false; error: JwtError } {
  const name = PART_NAMES[part];
  if (text === '') {
    return { ok: false, error: { code: 'jwt/json', part, message: `${name} is empty` } };
  }
  const bytes = decodePart(text, part);
  if (!bytes.ok) return bytes;
  const utf8 = decodeUtf8(bytes.bytes);
  if (!utf8.ok) {
    return {
      ok: false,
      error: { code: 'jwt/utf8', part, message: `${name} is not UTF-8 text: ${utf8.message}` },
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(utf8.text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: { code: 'jwt/json', part, message: `${name} is not JSON: ${reason}` },
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      error: {
        code: 'jwt/not_object',
        part,
        message: `${name} must be a JSON object, but it is ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}`,
      },
    };
  }
  return { ok: true, value: value as TJsonObject };
}

/** Decodes a JWS compact token (RFC 7515 §7.1) without trusting anything in it. */
export function decodeJwt(input: string): TJwtDecoded {
  const token = extractToken(input);
  const fail = (errors: JwtError[], header: TJsonObject | null = null): TJwtDecoded => ({
    ok: false,
    token,
    errors,
    header,
  });
  if (token === '') return fail([{ code: 'jwt/empty', message: 'Paste a token to decode it' }]);
  const parts = token.split('.');
  if (parts.length === 5) {
    const header = decodeJsonPart(parts[0]!, 'header');
    return fail(
      [
        {
          code: 'jwt/encrypted',
          message:
            'This is an encrypted token (JWE, five parts): only its header can be read; the claims need the recipient’s private key',
        },
      ],
      header.ok ? header.value : null,
    );
  }
  if (parts.length !== 3) {
    const hint =
      parts.length === 1
        ? ' (there is no dot at all: is this a whole token?)'
        : parts.length === 2
          ? ' (is the signature cut off?)'
          : '';
    return fail([
      {
        code: 'jwt/parts',
        message: `A JWT has three parts separated by dots; this has ${parts.length}${hint}`,
      },
    ]);
  }
  const [headerText, payloadText, signatureText] = parts as [string, string, string];
  const header = decodeJsonPart(headerText, 'header');
  const payload = decodeJsonPart(payloadText, 'payload');
  const signature = decodePart(signatureText, 'signature');
  const errors = [header, payload, signature].flatMap((p) => (p.ok ? [] : [p.error]));
  if (!header.ok || !payload.ok || !signature.ok) {
    return fail(errors, header.ok ? header.value : null);
  }
  return {
    ok: true,
    jwt: {
      token,
      header: header.value,
      payload: payload.value,
      signature: signature.bytes,
      signingInput: `${headerText}.${payloadText}`,
      alg: typeof header.value.alg === 'string' ? header.value.alg : null,
    },
  };
}

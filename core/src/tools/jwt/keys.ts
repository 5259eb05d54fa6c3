import { decodeBase64 } from '../base64/base64';

/** A JSON Web Key as pasted: only `kty` is required to tell what it is. */
export type TJwk = Record<string, unknown> & { kty: string; kid?: string };

export type TParsedKey =
  /** DER SubjectPublicKeyInfo, ready for `importKey('spki', …)`. */
  | { kind: 'spki'; der: Uint8Array<ArrayBuffer>; source: string }
  /** One key, or every key of a JWK Set. */
  | { kind: 'jwk'; keys: TJwk[]; hadPrivateParts: boolean }
  | { kind: 'error'; message: string };

const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'];

/** DER length bytes of a TLV. */
function derLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let n = length; n > 0; n >>>= 8) bytes.unshift(n & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

function tlv(tag: number, content: readonly number[] | Uint8Array): number[] {
  return [tag, ...derLength(content.length), ...content];
}

interface Tlv {
  tag: number;
  /** Offsets of the whole element and of its content. */
  start: number;
  contentStart: number;
  end: number;
}

function readTlv(der: Uint8Array, offset: number): Tlv {
  const tag = der[offset];
  let length = der[offset + 1];
  if (tag === undefined || length === undefined) throw new Error('truncated DER');
  let contentStart = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new Error('unsupported DER length');
    length = 0;
    for (let i = 0; i < count; i += 1) length = length * 256 + (der[contentStart + i] ?? 0);
    contentStart += count;
  }
  const end = contentStart + length;
  if (end > der.length) throw new Error('truncated DER');
  return { tag, start: offset, contentStart, end };
}

function children(der: Uint8Array, parent: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let at = parent.contentStart; at < parent.end; at = out.at(-1)!.end) {
    out.push(readTlv(der, at));
  }
  return out;
}

/** An RFC 8017 RSAPublicKey (PEM "RSA PUBLIC KEY") wrapped as SubjectPublicKeyInfo. */
export function rsaPublicKeyToSpki(pkcs1: Uint8Array): Uint8Array<ArrayBuffer> {
  // SEQUENCE { OID 1.2.840.113549.1.1.1 (rsaEncryption), NULL }
  const algorithm = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01];
  algorithm.push(0x05, 0x00);
  return new Uint8Array(tlv(0x30, [...algorithm, ...tlv(0x03, [0x00, ...pkcs1])]));
}

/** The SubjectPublicKeyInfo inside an X.509 certificate (RFC 5280 §4.1). */
export function certificateSpki(der: Uint8Array): Uint8Array<ArrayBuffer> {
  const certificate = readTlv(der, 0);
  const tbs = children(der, certificate)[0];
  if (!tbs || tbs.tag !== 0x30) throw new Error('not an X.509 certificate');
  const fields = children(der, tbs);
  // [0] version is optional; then serial, signature, issuer, validity, subject, SPKI.
  const spki = fields[fields[0]?.tag === 0xa0 ? 6 : 5];
  if (!spki || spki.tag !== 0x30) throw new Error('no public key in the certificate');
  return der.slice(spki.start, spki.end);
}

const PEM = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/;

/**
 * A public key from a PEM block (PUBLIC KEY, RSA PUBLIC KEY, CERTIFICATE), a JWK or a JWK
 * Set. Private keys are refused: a signature check never needs one.
 */
export function parsePublicKey(text: string): TParsedKey {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'error', message: 'Paste a public key' };
  if (trimmed.startsWith('{')) return parseJwk(trimmed);
  const pem = PEM.exec(trimmed);
  if (!pem) {
    return {
      kind: 'error',
      message: 'Not a PEM block (-----BEGIN PUBLIC KEY-----) or a JWK ({"kty": …})',
    };
  }
  const label = pem[1]!;
  if (label.includes('PRIVATE')) {
    return {
      kind: 'error',
      message: `That is a private key (${label}). Checking a signature needs only the public key; keep private keys out of web pages.`,
    };
  }
  const body = decodeBase64(pem[2]!, { alphabet: 'standard' });
  if (!body.ok) return { kind: 'error', message: `The PEM body is broken: ${body.error.message}` };
  try {
    if (label === 'PUBLIC KEY') return { kind: 'spki', der: body.bytes, source: label };
    if (label === 'RSA PUBLIC KEY') {
      return { kind: 'spki', der: rsaPublicKeyToSpki(body.bytes), source: label };
    }
    if (label === 'CERTIFICATE') {
      return { kind: 'spki', der: certificateSpki(body.bytes), source: label };
    }
  } catch (error) {
    return { kind: 'error', message: `The ${label} is malformed: ${(error as Error).message}` };
  }
  return { kind: 'error', message: `A PEM "${label}" holds no public key` };
}

function isJwk(value: unknown): value is TJwk {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { kty?: unknown }).kty === 'string'
  );
}

function parseJwk(text: string): TParsedKey {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'error', message: `The JWK is not JSON: ${(error as Error).message}` };
  }
  const candidates: unknown[] =
    typeof value === 'object' && value !== null && Array.isArray((value as { keys?: unknown }).keys)
      ? (value as { keys: unknown[] }).keys
      : [value];
  const keys = candidates.filter(isJwk);
  if (keys.length === 0) return { kind: 'error', message: 'No key with a "kty" member found' };
  let hadPrivateParts = false;
  const publicKeys = keys.map((key) => {
    const copy: TJwk = { ...key };
    for (const member of PRIVATE_JWK_MEMBERS) {
      if (member in copy && copy.kty !== 'oct') {
        hadPrivateParts = true;
        delete copy[member];
      }
    }
    // Web Crypto refuses a JWK whose key_ops or alg disagree with the use; they are advisory here.
    delete copy.key_ops;
    delete copy.use;
    return copy;
  });
  return { kind: 'jwk', keys: publicKeys, hadPrivateParts };
}

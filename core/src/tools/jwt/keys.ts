import { decodeBase64, encodeBase64 } from '../base64/base64';

/** A JSON Web Key as pasted: only `kty` is required to tell what it is. */
export type TJwk = Record<string, unknown> & { kty: string; kid?: string };

export type TParsedKey =
  /** A PEM public key or certificate, as `jose` imports it (`importSPKI`, `importX509`). */
  | { kind: 'spki'; pem: string; source: string }
  | { kind: 'x509'; pem: string; source: string }
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

/**
 * An RFC 8017 RSAPublicKey (PEM "RSA PUBLIC KEY") wrapped as SubjectPublicKeyInfo, which is
 * what `importSPKI` reads: SEQUENCE { SEQUENCE { rsaEncryption OID, NULL }, BIT STRING }.
 */
export function rsaPublicKeyToSpki(pkcs1: Uint8Array): Uint8Array<ArrayBuffer> {
  const algorithm = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01];
  algorithm.push(0x05, 0x00);
  return new Uint8Array(tlv(0x30, [...algorithm, ...tlv(0x03, [0x00, ...pkcs1])]));
}

function toPem(label: string, der: Uint8Array): string {
  const lines = encodeBase64(der).match(/.{1,64}/g) ?? [];
  return [`-----BEGIN ${label}-----`, ...lines, `-----END ${label}-----`].join('\n');
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
  if (label === 'PUBLIC KEY') return { kind: 'spki', pem: toPem(label, body.bytes), source: label };
  if (label === 'RSA PUBLIC KEY') {
    const spki = rsaPublicKeyToSpki(body.bytes);
    return { kind: 'spki', pem: toPem('PUBLIC KEY', spki), source: label };
  }
  if (label === 'CERTIFICATE')
    return { kind: 'x509', pem: toPem(label, body.bytes), source: label };
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
    // Web Crypto refuses a JWK whose key_ops disagree with the use; they are advisory here.
    delete copy.key_ops;
    delete copy.use;
    return copy;
  });
  return { kind: 'jwk', keys: publicKeys, hadPrivateParts };
}

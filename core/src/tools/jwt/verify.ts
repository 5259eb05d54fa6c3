import { compactVerify, errors, importJWK, importSPKI, importX509 } from 'jose';
import { decodeBase64, encodeBase64 } from '../base64/base64';
import { JWS_ALGORITHMS, type JwsAlgorithm } from './algorithms';
import type { DecodedJwt } from './decode';
import { parsePublicKey, type TJwk } from './keys';

export type TVerifyStatus = 'valid' | 'invalid' | 'not_checked' | 'error';

export interface VerifyResult {
  status: TVerifyStatus;
  message: string;
}

export type TVerifyKey =
  /** HS*: a shared secret as typed, or Base64 of its bytes, or a JWK with kty "oct". */
  | { kind: 'secret'; secret: string; isBase64: boolean }
  /** RS*, PS*, ES*, EdDSA: a PEM public key, certificate, JWK or JWK Set. */
  | { kind: 'public'; text: string };

/** The kind of key an algorithm needs, for labelling the key field. */
export function keyKindFor(alg: string | null): 'secret' | 'public' | null {
  const family = alg === null ? undefined : JWS_ALGORITHMS.get(alg)?.family;
  if (family === undefined || family === 'none') return null;
  return family === 'hmac' ? 'secret' : 'public';
}

const KTY: Record<string, string> = {
  hmac: 'oct',
  rsa: 'RSA',
  'rsa-pss': 'RSA',
  ecdsa: 'EC',
  eddsa: 'OKP',
};

function reason(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/**
 * Checks the token's signature with `jose` (Web Crypto underneath, in browsers and Node). The
 * algorithm comes from the header, but only a key of the matching kind is accepted, so a public
 * key is never used as an HMAC secret, and `jose` is told to allow that one algorithm only.
 */
export async function verifyJwtSignature(jwt: DecodedJwt, key: TVerifyKey): Promise<VerifyResult> {
  const alg = jwt.alg;
  const algorithm = alg === null ? undefined : JWS_ALGORITHMS.get(alg);
  if (!algorithm) {
    return {
      status: 'not_checked',
      message: `Signature not checked: ${alg === null ? 'the header names no algorithm' : `${alg} is not an algorithm this tool knows`}`,
    };
  }
  if (algorithm.family === 'none') {
    return jwt.signature.length === 0
      ? {
          status: 'not_checked',
          message: 'Unsigned token (alg "none"): anyone could have written it',
        }
      : { status: 'invalid', message: 'alg "none" must have an empty signature' };
  }
  const needed = algorithm.family === 'hmac' ? 'secret' : 'public';
  if (key.kind !== needed) {
    return {
      status: 'error',
      message:
        needed === 'secret'
          ? `${algorithm.alg} is checked with the shared secret, not a public key`
          : `${algorithm.alg} is checked with a public key, not a secret`,
    };
  }
  if (
    algorithm.signatureLength !== undefined &&
    jwt.signature.length !== algorithm.signatureLength
  ) {
    return {
      status: 'invalid',
      message: `${algorithm.alg} signatures are ${algorithm.signatureLength} bytes; this one is ${jwt.signature.length}`,
    };
  }

  const candidates =
    key.kind === 'secret' ? secretCandidates(key) : publicCandidates(key.text, jwt, algorithm);
  if ('message' in candidates) return candidates;
  const note = candidates.some((c) => c.hadPrivateParts)
    ? '. The JWK held private key parts; only its public part was used.'
    : '';
  const token = `${jwt.signingInput}.${encodeBase64(jwt.signature, { alphabet: 'url', hasPadding: false })}`;
  const failures: string[] = [];
  for (const candidate of candidates) {
    let isValid: boolean;
    try {
      const cryptoKey = await importCandidate(candidate, algorithm.alg);
      await compactVerify(token, cryptoKey, { algorithms: [algorithm.alg] });
      isValid = true;
    } catch (error) {
      if (!(error instanceof errors.JWSSignatureVerificationFailed)) {
        failures.push(`${candidate.label}: ${reason(error)}`);
        continue;
      }
      isValid = false;
    }
    if (isValid) {
      return {
        status: 'valid',
        message: `Signature verified (${algorithm.alg}${candidates.length > 1 ? `, ${candidate.label}` : ''})${note}`,
      };
    }
  }
  if (failures.length === candidates.length) {
    return {
      status: 'error',
      message: `The key cannot be used for ${algorithm.alg}: ${failures.join('; ')}`,
    };
  }
  return {
    status: 'invalid',
    message:
      key.kind === 'secret'
        ? 'Invalid signature: the token was not signed with this secret, or it was changed'
        : 'Invalid signature: the token was not signed with this key, or it was changed',
  };
}

type Candidate = (
  | { format: 'raw'; data: Uint8Array<ArrayBuffer> }
  | { format: 'spki' | 'x509'; data: string }
  | { format: 'jwk'; data: TJwk }
) & { label: string; hadPrivateParts?: boolean };

/** The key as `jose` wants it: bytes for HMAC, otherwise an imported public CryptoKey. */
async function importCandidate(candidate: Candidate, alg: string) {
  switch (candidate.format) {
    case 'raw':
      return candidate.data;
    case 'spki':
      return importSPKI(candidate.data, alg);
    case 'x509':
      return importX509(candidate.data, alg);
    default:
      return importJWK(candidate.data, alg);
  }
}

function secretCandidates(key: { secret: string; isBase64: boolean }): Candidate[] | VerifyResult {
  const trimmed = key.secret.trim();
  if (key.secret === '') {
    return { status: 'not_checked', message: 'Signature not checked: enter the secret' };
  }
  if (trimmed.startsWith('{')) {
    const parsed = parsePublicKey(trimmed);
    const oct = parsed.kind === 'jwk' ? parsed.keys.find((k) => k.kty === 'oct') : undefined;
    if (oct && typeof oct.k === 'string') {
      const bytes = decodeBase64(oct.k, { alphabet: 'url' });
      if (!bytes.ok)
        return { status: 'error', message: `The JWK "k" is broken: ${bytes.error.message}` };
      return [{ format: 'raw', data: bytes.bytes, label: 'JWK secret' }];
    }
  }
  if (trimmed.startsWith('-----BEGIN')) {
    return {
      status: 'error',
      message: 'That is a PEM key; HMAC tokens are checked with the shared secret',
    };
  }
  if (key.isBase64) {
    const bytes = decodeBase64(key.secret);
    if (!bytes.ok)
      return { status: 'error', message: `The secret is not Base64: ${bytes.error.message}` };
    return [{ format: 'raw', data: bytes.bytes, label: 'secret' }];
  }
  return [{ format: 'raw', data: new TextEncoder().encode(key.secret), label: 'secret' }];
}

function publicCandidates(
  text: string,
  jwt: DecodedJwt,
  algorithm: JwsAlgorithm,
): Candidate[] | VerifyResult {
  if (text.trim() === '') {
    return {
      status: 'not_checked',
      message: 'Signature not checked: paste the public key (PEM or JWK)',
    };
  }
  const parsed = parsePublicKey(text);
  if (parsed.kind === 'error') return { status: 'error', message: parsed.message };
  if (parsed.kind === 'spki' || parsed.kind === 'x509')
    return [{ format: parsed.kind, data: parsed.pem, label: parsed.source }];
  const kid = typeof jwt.header.kid === 'string' ? jwt.header.kid : undefined;
  const byKid = kid === undefined ? [] : parsed.keys.filter((k) => k.kid === kid);
  let keys: TJwk[] = byKid.length > 0 ? byKid : parsed.keys;
  if (parsed.keys.length > 1 && kid !== undefined && byKid.length === 0) {
    return { status: 'error', message: `No key in the set has kid "${kid}"` };
  }
  keys = keys.filter((k) => k.kty === KTY[algorithm.family]);
  if (keys.length === 0) {
    return {
      status: 'error',
      message: `${algorithm.alg} needs a key with kty "${KTY[algorithm.family]}"`,
    };
  }
  const mismatched = keys.find((k) => typeof k.alg === 'string' && k.alg !== algorithm.alg);
  if (mismatched && keys.length === 1) {
    return {
      status: 'error',
      message: `The key is for ${String(mismatched.alg)}, but the token says ${algorithm.alg}`,
    };
  }
  return keys.map((k, i) => ({
    format: 'jwk' as const,
    data: k,
    label: k.kid === undefined ? `key ${i + 1}` : `kid ${k.kid}`,
    hadPrivateParts: parsed.hadPrivateParts,
  }));
}

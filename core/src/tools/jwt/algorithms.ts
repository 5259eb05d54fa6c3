/** JWS algorithms (RFC 7518 §3, RFC 8037) and how Web Crypto checks each. */
export type TAlgorithmFamily = 'hmac' | 'rsa' | 'rsa-pss' | 'ecdsa' | 'eddsa' | 'none';

export interface JwsAlgorithm {
  alg: string;
  family: TAlgorithmFamily;
  description: string;
  hash?: 'SHA-256' | 'SHA-384' | 'SHA-512';
  /** ECDSA: the curve, and the length of the raw r‖s signature in bytes. */
  curve?: 'P-256' | 'P-384' | 'P-521';
  signatureLength?: number;
  /** RSA-PSS: salt length equals the hash length. */
  saltLength?: number;
}

const list: JwsAlgorithm[] = [
  ...(['256', '384', '512'] as const).flatMap((bits): JwsAlgorithm[] => {
    const hash = `SHA-${bits}` as const;
    return [
      { alg: `HS${bits}`, family: 'hmac', hash, description: `HMAC using ${hash}` },
      {
        alg: `RS${bits}`,
        family: 'rsa',
        hash,
        description: `RSASSA-PKCS1-v1_5 using ${hash}`,
      },
      {
        alg: `PS${bits}`,
        family: 'rsa-pss',
        hash,
        saltLength: Number(bits) / 8,
        description: `RSASSA-PSS using ${hash} and MGF1 with ${hash}`,
      },
    ];
  }),
  {
    alg: 'ES256',
    family: 'ecdsa',
    hash: 'SHA-256',
    curve: 'P-256',
    signatureLength: 64,
    description: 'ECDSA using P-256 and SHA-256',
  },
  {
    alg: 'ES384',
    family: 'ecdsa',
    hash: 'SHA-384',
    curve: 'P-384',
    signatureLength: 96,
    description: 'ECDSA using P-384 and SHA-384',
  },
  {
    alg: 'ES512',
    family: 'ecdsa',
    hash: 'SHA-512',
    curve: 'P-521',
    signatureLength: 132,
    description: 'ECDSA using P-521 and SHA-512',
  },
  { alg: 'EdDSA', family: 'eddsa', description: 'EdDSA signature (Ed25519)' },
  { alg: 'none', family: 'none', description: 'No signature: an unsecured token' },
];

export const JWS_ALGORITHMS: ReadonlyMap<string, JwsAlgorithm> = new Map(
  list.map((a) => [a.alg, a]),
);

export function describeAlgorithm(alg: string | null): string {
  if (alg === null) return 'No alg in the header';
  return JWS_ALGORITHMS.get(alg)?.description ?? `Unknown algorithm ${alg}`;
}

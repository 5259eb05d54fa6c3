import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Keys {
  /** Signs session tokens (HS256). */
  jwt: Uint8Array;
  /** Keys the HMAC under which emailed codes and reset tokens are stored. */
  tokenHmac: Buffer;
  /** AES-256-GCM key for secrets at rest. */
  encryption: Buffer;
}

/** SECRET_KEY when set; otherwise a random key generated once into `$DATA_DIR/secret.key`. */
export async function loadKeys(secretKey: string | undefined, dataDir: string): Promise<Keys> {
  let master = secretKey;
  if (!master) {
    const file = path.join(dataDir, 'secret.key');
    if (existsSync(file)) {
      master = (await readFile(file, 'utf8')).trim();
    } else {
      await mkdir(dataDir, { recursive: true });
      master = randomBytes(48).toString('base64url');
      await writeFile(file, `${master}\n`, { mode: 0o600, flag: 'wx' }).catch(async () => {
        master = (await readFile(file, 'utf8')).trim(); // another process won the race
      });
    }
  }
  return deriveKeys(master);
}

export function deriveKeys(master: string): Keys {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', master, 'stratum', purpose, 32));
  return {
    jwt: new Uint8Array(derive('jwt')),
    tokenHmac: derive('token-hmac'),
    encryption: derive('encryption'),
  };
}

export function hmacToken(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

const SECRET_VERSION = 'v1';

/**
 * AES-256-GCM with a fresh 96-bit IV: `v1.<iv>.<tag>.<ciphertext>` in base64url. The key is
 * `keys.encryption` (derived from SECRET_KEY); a changed key makes old secrets unreadable.
 */
export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [SECRET_VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Throws when the text was not made by `encryptSecret` with this key, or was changed. */
export function decryptSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== SECRET_VERSION || !iv || !tag || body === undefined) {
    throw new Error('Unknown secret format');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

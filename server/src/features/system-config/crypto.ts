// The AES-256-GCM helpers moved to lib/secrets, where every feature can use them.
export { decryptSecret, encryptSecret } from '../../lib/secrets';

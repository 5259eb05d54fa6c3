import { fileURLToPath } from 'node:url';

/** The built web app. This file sits one level under server/ both as source and bundled. */
export const WEB_ROOT = fileURLToPath(new URL('../../web/dist/', import.meta.url));

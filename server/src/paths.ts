import { fileURLToPath } from 'node:url';

/** The built web app. This file sits one level under server/ both as source and bundled. */
export const WEB_ROOT = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** The committed schema data of the generic resource component (scripts/build-schema-data.mjs). */
export const SCHEMA_DATA_DIR = new URL('../../schema-data/', import.meta.url);

/** The seed price book of the costing area (scripts/build-price-book.mjs). */
export const PRICE_BOOK_FILE = new URL('../../pricing-data/price-book.json', import.meta.url);

import { z } from 'zod';
import { ZApiRequest } from '../../api-client/model';
import { zString } from '../common';
import { defineEndpoint } from '../endpoint';
import { API_STORE_LIMITS, ZCollection, ZCollectionParams } from './collections';

export const IMPORT_FORMATS = ['postman', 'openapi', 'curl'] as const;
export type TImportFormat = (typeof IMPORT_FORMATS)[number];

export const ZImportInput = z.object({
  /**
   * `postman`: a Postman collection v2.1 or v2.0 (JSON). `openapi`: an OpenAPI 3.0 or 3.1
   * document (JSON or YAML). `curl`: one curl command as pasted into the URL bar.
   */
  format: z.enum(IMPORT_FORMATS),
  text: zString(API_STORE_LIMITS.importBytes).pipe(
    z.string().trim().min(1, 'Paste or choose something to import'),
  ),
});
export type TImportInput = z.input<typeof ZImportInput>;

export const ZImportResult = z.discriminatedUnion('kind', [
  /** Postman and OpenAPI: a new collection, stored. */
  z.object({
    kind: z.literal('collection'),
    collection: ZCollection,
    warnings: z.array(z.string()),
  }),
  /** cURL: one request for the editor, not stored. */
  z.object({ kind: z.literal('request'), request: ZApiRequest, warnings: z.array(z.string()) }),
]);
export type TImportResult = z.infer<typeof ZImportResult>;

/**
 * Reads another tool's format. What could not be mapped is listed in `warnings`; a document
 * that cannot be read answers 400 `api/import_invalid` naming the format and the problem, and
 * nothing is stored. A new collection counts against the collection limit.
 */
export const importApiDocument = defineEndpoint({
  method: 'POST',
  path: '/api/api-client/import',
  summary: 'Import a Postman collection, an OpenAPI document or a curl command',
  auth: true,
  body: ZImportInput,
  response: z.object({ success: z.literal(true), data: ZImportResult }),
  audit: { action: 'apiClient.collections.import', target: 'api_collection' },
});

/** A Postman collection v2.1 document (https://schema.getpostman.com/json/collection/v2.1.0/). */
export const ZPostmanCollectionJson = z.record(z.string(), z.unknown());

export const exportCollection = defineEndpoint({
  method: 'GET',
  path: '/api/api-client/collections/:id/export',
  summary: 'Export a collection as a Postman collection v2.1',
  auth: true,
  params: ZCollectionParams,
  response: z.object({
    success: z.literal(true),
    data: z.object({
      /** A file name for the download, e.g. `Shop.postman_collection.json`. */
      fileName: z.string(),
      collection: ZPostmanCollectionJson,
      /** What Postman cannot hold (file contents, retries, timeouts…). */
      warnings: z.array(z.string()),
    }),
  }),
});

import { z } from 'zod';
import { API_LIMITS, ZApiRequest, ZCollectionDoc, ZCollectionItem } from '../../api-client/model';
import { ZOk, zInt32, zString } from '../common';
import { defineEndpoint } from '../endpoint';

/** Limits of the stored documents beyond the model's own (the server enforces them). */
export const API_STORE_LIMITS = {
  /** A collection document sent whole (create, save): files of multipart bodies live in it. */
  collectionBodyBytes: 16 * 1024 * 1024,
  /** A Postman collection, OpenAPI document or cURL command to import. */
  importBytes: 5 * 1024 * 1024,
} as const;

// Named, these are OpenAPI components: items are recursive (folders hold items), and the
// request document recurs in many answers.
for (const [schema, id, description] of [
  [ZCollectionItem, 'ApiCollectionItem', 'A folder (with items) or a request of an API collection'],
  [ZApiRequest, 'ApiRequest', 'A request as the API client editor holds it'],
  [ZCollectionDoc, 'ApiCollectionDoc', 'An API collection document (version 1)'],
] as const) {
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id, description });
}

/** A collection as the sidebar lists it: everything but the document. */
export const ZCollectionSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Requests in every folder. */
  requestCount: z.number().int(),
  /** Optimistic concurrency: every saved change adds one. */
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCollectionSummary = z.infer<typeof ZCollectionSummary>;

/** A collection with its document (the current version, upgraded when read). */
export const ZCollection = ZCollectionSummary.extend({ doc: ZCollectionDoc });
export type TCollection = z.infer<typeof ZCollection>;

/** `:id` of a collection; any string, so an unknown or malformed id answers 404. */
export const ZCollectionParams = z.object({ id: zString(100).min(1) });

const ZCollectionResponse = z.object({
  success: z.literal(true),
  data: z.object({ collection: ZCollection }),
});
export type TCollectionResponse = z.infer<typeof ZCollectionResponse>;

export const ZListCollectionsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    collections: z.array(ZCollectionSummary),
    /** How many collections one user may keep. */
    limit: z.number().int(),
  }),
});
export type TListCollectionsResponse = z.infer<typeof ZListCollectionsResponse>;

/** The signed-in user's collections, most recently changed first. */
export const listCollections = defineEndpoint({
  method: 'GET',
  path: '/api/api-client/collections',
  summary: 'Your API collections, most recently changed first',
  auth: true,
  response: ZListCollectionsResponse,
});

export const ZCreateCollectionInput = z
  .object({
    /** An empty collection of this name… */
    name: zString(API_LIMITS.nameChars).pipe(z.string().trim().min(1)).optional(),
    /** …or this document (its own name, unless `name` is given too). */
    doc: ZCollectionDoc.optional(),
  })
  .refine((input) => input.name !== undefined || input.doc !== undefined, {
    message: 'Give a name or a document',
    path: ['name'],
  });
export type TCreateCollectionInput = z.input<typeof ZCreateCollectionInput>;

/** Over `API_LIMITS.collectionsPerUser` answers 409 `api/limit_reached`. */
export const createCollection = defineEndpoint({
  method: 'POST',
  path: '/api/api-client/collections',
  summary: 'Create a collection, empty or from a document',
  auth: true,
  body: ZCreateCollectionInput,
  response: ZCollectionResponse,
  audit: { action: 'apiClient.collections.create', target: 'api_collection' },
});

export const getCollection = defineEndpoint({
  method: 'GET',
  path: '/api/api-client/collections/:id',
  summary: 'One collection with its document',
  auth: true,
  params: ZCollectionParams,
  response: ZCollectionResponse,
});

export const ZSaveCollectionInput = z.object({
  /** The revision the client last read or saved. */
  revision: zInt32().min(0),
  /** The whole document: folders, order, names and requests are edited by the client. */
  doc: ZCollectionDoc,
});
export type TSaveCollectionInput = z.input<typeof ZSaveCollectionInput>;

/**
 * Stores the document only if `revision` is the stored one, then adds one to it. Otherwise 409
 * `api/revision_conflict` with `currentRevision`; nothing is overwritten.
 */
export const saveCollection = defineEndpoint({
  method: 'PUT',
  path: '/api/api-client/collections/:id',
  summary: 'Save a collection document if the revision is still the stored one',
  auth: true,
  params: ZCollectionParams,
  body: ZSaveCollectionInput,
  response: z.object({
    success: z.literal(true),
    data: z.object({ collection: ZCollectionSummary }),
  }),
  audit: { action: 'apiClient.collections.save', target: 'api_collection' },
});

export const ZDuplicateCollectionInput = z.object({
  /** Defaults to '<name> copy'. */
  name: zString(API_LIMITS.nameChars).pipe(z.string().trim().min(1)).optional(),
});

/** A new collection with the same document (revision 0); counts against the limit. */
export const duplicateCollection = defineEndpoint({
  method: 'POST',
  path: '/api/api-client/collections/:id/duplicate',
  summary: 'Duplicate a collection',
  auth: true,
  params: ZCollectionParams,
  body: ZDuplicateCollectionInput,
  response: ZCollectionResponse,
  audit: { action: 'apiClient.collections.duplicate', target: 'api_collection' },
});

export const deleteCollection = defineEndpoint({
  method: 'DELETE',
  path: '/api/api-client/collections/:id',
  summary: 'Delete a collection',
  auth: true,
  params: ZCollectionParams,
  response: ZOk,
  audit: { action: 'apiClient.collections.delete', target: 'api_collection' },
});

import { z } from 'zod';
import { ZOk } from '../common';
import { ZIdParams } from '../admin/paging';
import { defineEndpoint } from '../endpoint';
import { ZTagKey, ZTagKeyInput } from './model';

const ZKeyResponse = z.object({ success: z.literal(true), data: ZTagKey });

export const listTagKeys = defineEndpoint({
  method: 'GET',
  path: '/api/tags/keys',
  summary: "The caller's tag keys and the organisation's, with their values",
  auth: true,
  response: z.object({ success: z.literal(true), data: z.object({ items: z.array(ZTagKey) }) }),
});

export const createTagKey = defineEndpoint({
  method: 'POST',
  path: '/api/tags/keys',
  summary: 'Add one of your own tag keys with its values',
  auth: true,
  body: ZTagKeyInput,
  response: ZKeyResponse,
  audit: { action: 'tags.key_create', target: 'tag_key' },
});

export const updateTagKey = defineEndpoint({
  method: 'PUT',
  path: '/api/tags/keys/:id',
  summary: 'Change one of your own tag keys',
  auth: true,
  params: ZIdParams,
  body: ZTagKeyInput,
  response: ZKeyResponse,
  audit: { action: 'tags.key_update', target: 'tag_key' },
});

export const deleteTagKey = defineEndpoint({
  method: 'DELETE',
  path: '/api/tags/keys/:id',
  summary: 'Delete one of your own tag keys',
  auth: true,
  params: ZIdParams,
  response: ZOk,
  audit: { action: 'tags.key_delete', target: 'tag_key' },
});

export const createOrgTagKey = defineEndpoint({
  method: 'POST',
  path: '/api/admin/tags/keys',
  summary: 'Add an organisation-wide tag key (admins)',
  auth: true,
  body: ZTagKeyInput,
  response: ZKeyResponse,
  audit: { action: 'tags.org_key_create', target: 'tag_key' },
});

export const updateOrgTagKey = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/tags/keys/:id',
  summary: 'Change an organisation-wide tag key (admins)',
  auth: true,
  params: ZIdParams,
  body: ZTagKeyInput,
  response: ZKeyResponse,
  audit: { action: 'tags.org_key_update', target: 'tag_key' },
});

export const deleteOrgTagKey = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/tags/keys/:id',
  summary: 'Delete an organisation-wide tag key (admins)',
  auth: true,
  params: ZIdParams,
  response: ZOk,
  audit: { action: 'tags.org_key_delete', target: 'tag_key' },
});

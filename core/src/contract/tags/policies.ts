import { z } from 'zod';
import { ZOk } from '../common';
import { ZIdParams } from '../admin/paging';
import { defineEndpoint } from '../endpoint';
import { ZTagPolicyRecord, ZTagPolicyInput } from './model';

const ZPolicyResponse = z.object({ success: z.literal(true), data: ZTagPolicyRecord });

export const listTagPolicies = defineEndpoint({
  method: 'GET',
  path: '/api/tags/policies',
  summary: "The caller's tag policies and the organisation's",
  auth: true,
  response: z.object({
    success: z.literal(true),
    data: z.object({ items: z.array(ZTagPolicyRecord) }),
  }),
});

export const createTagPolicy = defineEndpoint({
  method: 'POST',
  path: '/api/tags/policies',
  summary: 'Add a tag policy of your own',
  auth: true,
  body: ZTagPolicyInput,
  response: ZPolicyResponse,
  audit: { action: 'tags.policy_create', target: 'tag_policy' },
});

export const updateTagPolicy = defineEndpoint({
  method: 'PUT',
  path: '/api/tags/policies/:id',
  summary: 'Change one of your own tag policies',
  auth: true,
  params: ZIdParams,
  body: ZTagPolicyInput,
  response: ZPolicyResponse,
  audit: { action: 'tags.policy_update', target: 'tag_policy' },
});

export const deleteTagPolicy = defineEndpoint({
  method: 'DELETE',
  path: '/api/tags/policies/:id',
  summary: 'Delete one of your own tag policies',
  auth: true,
  params: ZIdParams,
  response: ZOk,
  audit: { action: 'tags.policy_delete', target: 'tag_policy' },
});

export const createOrgTagPolicy = defineEndpoint({
  method: 'POST',
  path: '/api/admin/tags/policies',
  summary: 'Add an organisation-wide tag policy (admins)',
  auth: true,
  body: ZTagPolicyInput,
  response: ZPolicyResponse,
  audit: { action: 'tags.org_policy_create', target: 'tag_policy' },
});

export const updateOrgTagPolicy = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/tags/policies/:id',
  summary: 'Change an organisation-wide tag policy (admins)',
  auth: true,
  params: ZIdParams,
  body: ZTagPolicyInput,
  response: ZPolicyResponse,
  audit: { action: 'tags.org_policy_update', target: 'tag_policy' },
});

export const deleteOrgTagPolicy = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/tags/policies/:id',
  summary: 'Delete an organisation-wide tag policy (admins)',
  auth: true,
  params: ZIdParams,
  response: ZOk,
  audit: { action: 'tags.org_policy_delete', target: 'tag_policy' },
});

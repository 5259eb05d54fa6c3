import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZApiRequest, ZCollectionDoc } from './model';

// Answers are encoded through their schema (fastify-type-provider-zod's serializer uses
// z.encode), which fails on a one-way transform anywhere in it.
describe('documents in answers', () => {
  it('encode back through their schemas', () => {
    const request = ZApiRequest.parse({ method: 'post', url: 'https://x.test' });
    expect(request.method).toBe('POST');
    expect(z.encode(ZApiRequest, request)).toEqual(request);
    const doc = ZCollectionDoc.parse({
      v: 1,
      name: 'Shop',
      items: [
        {
          id: 'f',
          kind: 'folder',
          name: 'F',
          items: [{ id: 'r', kind: 'request', name: 'R', request: { method: 'get' } }],
        },
      ],
    });
    expect(z.encode(ZCollectionDoc, doc)).toEqual(doc);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@stratum/core/contract/endpoint';
import { answerWithJson } from './route';

const ZFile = z.object({ path: z.string(), content: z.string() });
const endpoint = defineEndpoint({
  method: 'GET',
  path: '/api/test',
  summary: 'test',
  auth: false,
  response: z.object({
    success: z.literal(true),
    data: z.object({ name: z.string(), files: z.array(ZFile), after: z.number() }),
  }),
});

describe('answerWithJson', () => {
  it('writes the JSON text where the slot stands, the rest serialised as usual', () => {
    // Replacement patterns ($&, $') in the text and quotes in the rest stay as they are.
    const files = [{ path: 'main.tf', content: 'x = "$&$\'${var.a}"\n' }];
    const answer = answerWithJson(endpoint, JSON.stringify(files), (slot: typeof files) => ({
      data: { name: 'a "b"', files: slot, after: 1 },
    }));
    expect(JSON.parse(answer.text)).toEqual({
      success: true,
      data: { name: 'a "b"', files, after: 1 },
    });
  });
});

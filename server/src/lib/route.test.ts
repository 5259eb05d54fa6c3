import { describe, expect, it } from 'vitest';
import { answerWithJson } from './route';

describe('answerWithJson', () => {
  it('writes the JSON text where the slot stands, the rest serialised as usual', () => {
    // Replacement patterns ($&, $') in the text and quotes in the rest stay as they are.
    const files = [{ path: 'main.tf', content: 'x = "$&$\'${var.a}"\n' }];
    const answer = answerWithJson<typeof files>(JSON.stringify(files), (slot) => ({
      data: { name: 'a "b"', files: slot, after: 1 },
    }));
    expect(JSON.parse(answer.text)).toEqual({
      success: true,
      data: { name: 'a "b"', files, after: 1 },
    });
  });
});

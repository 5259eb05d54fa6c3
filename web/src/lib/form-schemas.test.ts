import { describe, expect, it } from 'vitest';
import { zOptionalWholeText, zWholeText } from './form-schemas';

describe('number fields', () => {
  it('reads a whole number within bounds and names the rule otherwise', () => {
    const field = zWholeText(1, 10_000);
    expect(field.parse(' 42 ')).toBe(42);
    for (const bad of ['', '4.5', 'abc', '0', '10001']) {
      expect(field.safeParse(bad).error?.issues[0]?.message).toBe(
        'Enter a whole number from 1 to 10,000',
      );
    }
  });

  it('reads an empty optional field as not given, and any other text by the same rule', () => {
    const field = zOptionalWholeText(0, 1_000_000);
    expect(field.parse('   ')).toBeUndefined();
    expect(field.parse('500')).toBe(500);
    expect(field.safeParse('12.5').error?.issues[0]?.message).toBe(
      'Enter a whole number from 0 to 1,000,000',
    );
  });
});

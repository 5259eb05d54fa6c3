import { describe, expect, it } from 'vitest';
import { scorePassword } from './password-strength';

describe('scorePassword', () => {
  it.each([
    ['', 0, 'Very Weak'],
    ['abc', 1, 'Very Weak'],
    ['abcdefgh', 2, 'Weak'],
    ['abcdefG1', 4, 'Strong'],
    ['Abcdefg1!', 5, 'Very Strong'],
    ['ABCDEFGH1', 3, 'Fair'],
    ['a1!', 3, 'Fair'],
  ])('scores %j as %i (%s)', (password, score, label) => {
    const result = scorePassword(password);
    expect(result.score).toBe(score);
    expect(result.label).toBe(label);
    expect(result.isAcceptable).toBe(score >= 3);
  });

  it('counts any non-alphanumeric character as special, including spaces and unicode', () => {
    expect(scorePassword('aaaa aaaa').score).toBe(3);
    expect(scorePassword('ééééééééé').score).toBe(2);
  });
});

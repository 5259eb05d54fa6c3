import { describe, expect, it } from 'vitest';
import { textBuffer, textOf, write, writeLineStart, writeSpaces } from './text-buffer';

describe('text buffer', () => {
  it('reads back what was written, across growth of the buffer', () => {
    const b = textBuffer(4);
    const words = Array.from({ length: 500 }, (_, i) => `word${i}`);
    for (const w of words) {
      writeLineStart(b, 1);
      write(b, w);
      writeSpaces(b, 3);
    }
    expect(textOf(b, 1)).toBe(words.map((w) => `  ${w}   `).join('\n'));
  });

  it('grows from an empty buffer', () => {
    const b = textBuffer(0);
    write(b, 'x'.repeat(100));
    expect(textOf(b)).toBe('x'.repeat(100));
  });

  it('keeps characters beyond ASCII, surrogate pairs included', () => {
    const b = textBuffer(2);
    write(b, 'caf\u00e9 \u2014 na\u00efve \u{1f680} end');
    expect(textOf(b)).toBe('caf\u00e9 \u2014 na\u00efve \u{1f680} end');
  });

  it('writes a lone surrogate as U+FFFD, as saving the text as UTF-8 would', () => {
    const b = textBuffer();
    write(b, 'a\ud800b');
    expect(textOf(b)).toBe('a\ufffdb');
  });
});

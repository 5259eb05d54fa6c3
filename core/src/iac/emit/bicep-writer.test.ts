import { describe, expect, it } from 'vitest';
import { param } from '../ir/arm-ir';
import { bicepString, bicepValue } from './bicep-writer';

describe('Bicep values', () => {
  it('escape strings inside objects as bicepString does, characters beyond ASCII kept', () => {
    const text = "it's ${x}\n\t\\ \u2014 \u00fc";
    expect(bicepValue({ note: text }, '')).toBe(`{\n  note: ${bicepString(text)}\n}`);
    expect(bicepString(text)).toBe("'it\\'s \\${x}\\n\\t\\\\ \u2014 \u00fc'");
  });

  it('write one item or property per line, indented from where the value starts', () => {
    expect(
      bicepValue({ tags: { env: param('environment') }, ports: [80, 443], none: {} }, '  '),
    ).toBe(
      [
        '{',
        '    tags: {',
        '      env: environment',
        '    }',
        '    ports: [',
        '      80',
        '      443',
        '    ]',
        '    none: {}',
        '  }',
      ].join('\n'),
    );
  });
});

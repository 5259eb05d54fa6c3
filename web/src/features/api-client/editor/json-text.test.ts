import { describe, expect, it } from 'vitest';
import { formatJson, jsonProblem } from './json-text';

describe('JSON request bodies', () => {
  it('accepts JSON with {{variables}} where values go', () => {
    expect(jsonProblem('{"id": {{id}}, "name": "{{name}}"}')).toBeNull();
    expect(jsonProblem('')).toBeNull();
  });

  it('says what is wrong and where', () => {
    const problem = jsonProblem('{\n  "a": 1,\n  "b": \n}');
    expect(problem).toMatch(/line 4, column 1/);
  });

  it('formats without touching strings, numbers or variables', () => {
    const text = '{"a":[1,2.50,{}],"s":"x, y: {z}","v":{{ v }},"e":[ ]}';
    expect(formatJson(text)).toBe(
      [
        '{',
        '  "a": [',
        '    1,',
        '    2.50,',
        '    {}',
        '  ],',
        '  "s": "x, y: {z}",',
        '  "v": {{ v }},',
        '  "e": []',
        '}',
      ].join('\n'),
    );
  });

  it('keeps escaped quotes inside strings', () => {
    expect(formatJson('{"q":"say \\"hi\\", ok"}')).toBe('{\n  "q": "say \\"hi\\", ok"\n}');
  });
});

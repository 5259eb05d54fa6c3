import { describe, expect, it } from 'vitest';
import type { TUnconverted } from '@stratum/core/convert/types';
import { PROMPT_MAX, restPrompt } from './assistant-prompt';

const piece = (name: string, text: string): TUnconverted => ({
  file: 'main.tf',
  line: 12,
  kind: 'data',
  name,
  reason: 'data sources have no component',
  text,
});

describe('restPrompt', () => {
  it('carries only the pieces left out, each with its file, line and reason', () => {
    const { prompt, included } = restPrompt(
      [piece('data.aws_ami.ubuntu', 'data "aws_ami" "ubuntu" {\n  most_recent = true\n}')],
      'terraform',
      'bicep',
    );
    expect(included).toBe(1);
    expect(prompt).toContain('to Bicep (.bicep files)');
    expect(prompt).toContain(
      '--- main.tf:12 (data data.aws_ami.ubuntu; data sources have no component)',
    );
    expect(prompt).toContain('most_recent = true');
  });

  it('stops at the limit of §7 generate with whole pieces', () => {
    const big = Array.from({ length: 10 }, (_, i) => piece(`p${i}`, 'x'.repeat(1500)));
    const { prompt, included } = restPrompt(big, 'arm', 'bicep');
    expect(prompt.length).toBeLessThanOrEqual(PROMPT_MAX);
    expect(included).toBe(4);
  });
});

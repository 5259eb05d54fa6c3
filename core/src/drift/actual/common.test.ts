import { describe, expect, it } from 'vitest';
import { identifierFromId, suggestedAddress } from './common';

describe('suggested addresses for unmanaged resources', () => {
  it('are valid Terraform identifiers built from the id', () => {
    expect(suggestedAddress('aws_instance', 'i-010376047a71419f1')).toBe(
      'aws_instance.i_010376047a71419f1',
    );
    expect(identifierFromId('arn:aws:iam::111122223333:role/app/worker')).toBe('worker');
    expect(identifierFromId('https://sqs.eu-west-3.amazonaws.com/047081014315/bar.fifo')).toBe(
      'bar_fifo',
    );
    expect(identifierFromId('Z1035360GLIB82T1EH2G_*.test4._A')).toBe(
      'Z1035360GLIB82T1EH2G_test4_A',
    );
    expect(identifierFromId('2024-backup')).toBe('r_2024_backup');
    expect(identifierFromId('***')).toBe('resource');
    expect(identifierFromId('x'.repeat(100))).toHaveLength(64);
  });
});

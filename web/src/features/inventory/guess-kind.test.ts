import { describe, expect, it } from 'vitest';
import { guessSourceKind, nameFromFile } from './guess-kind';

describe('guessing what an inventory file is', () => {
  it('tells a raw state from terraform show -json output', () => {
    const state =
      '{\n  "version": 4,\n  "terraform_version": "1.9.5",\n  "serial": 3,\n  "lineage": "b4b2"';
    expect(guessSourceKind('terraform.tfstate', state)).toBe('tfstate');
    expect(guessSourceKind('x.json', state)).toBe('tfstate');
    const plan = '{"format_version":"1.2","terraform_version":"1.9.5","resource_changes":[';
    expect(guessSourceKind('tfplan.json', plan)).toBe('plan');
  });

  it('knows a what-if, as the CLI prints it and as the REST envelope', () => {
    expect(
      guessSourceKind('out.json', '{ "changes": [ { "after": {} } ], "status": "Succeeded"'),
    ).toBe('whatif');
    expect(
      guessSourceKind(
        'out.json',
        '{"status":"Succeeded","properties":{"changes":[{"changeType":"Create"',
      ),
    ).toBe('whatif');
  });

  it('knows a driftctl report and a CSV', () => {
    expect(
      guessSourceKind('scan.json', '{ "summary": { "total_resources": 12, "total_unmanaged": 11'),
    ).toBe('driftctl');
    expect(guessSourceKind('assets.csv', 'address,type\n')).toBe('csv');
    expect(
      guessSourceKind('assets.txt', 'address,type,region\naws_s3_bucket.a,aws_s3_bucket,'),
    ).toBe('csv');
  });

  it('names a source after its file', () => {
    expect(nameFromFile('prod.tfstate')).toBe('prod');
    expect(nameFromFile('network.tfstate.json')).toBe('network');
    expect(nameFromFile('plan.json')).toBe('plan');
  });
});

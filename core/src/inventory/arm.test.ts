import { describe, expect, it } from 'vitest';
import { armParentId, armTypeOf } from './arm';
import { readCsv } from './csv';
import { parseTags } from './parse-csv';

const S = '/subscriptions/1111';

describe('Azure resource ids', () => {
  it.each([
    [`${S}/resourceGroups/rg`, 'Microsoft.Resources/resourceGroups', S],
    [
      `${S}/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/v`,
      'Microsoft.Network/virtualNetworks',
      `${S}/resourceGroups/rg`,
    ],
    [
      `${S}/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/v/subnets/s`,
      'Microsoft.Network/virtualNetworks/subnets',
      `${S}/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/v`,
    ],
    // An extension resource: its type is the last provider's; it belongs to the resource it extends.
    [
      `${S}/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/vm/providers/Microsoft.Authorization/roleAssignments/ra`,
      'Microsoft.Authorization/roleAssignments',
      `${S}/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/vm`,
    ],
    [S, 'Microsoft.Resources/subscriptions', null],
    ["[format('/subscriptions/{0}/x', parameters('s'))]", null, null],
  ])('%s is a %s under %s', (id, type, parent) => {
    expect(armTypeOf(id)).toBe(type);
    expect(armParentId(id)).toBe(parent);
  });
});

describe('CSV reading', () => {
  it('reads semicolon- and tab-separated files with a BOM and CRLF, quoted line breaks kept', () => {
    expect(readCsv('\uFEFFtype;name\r\naws_s3_bucket;"a;b"\r\n')).toEqual({
      ok: true,
      rows: [
        ['type', 'name'],
        ['aws_s3_bucket', 'a;b'],
      ],
    });
    expect(readCsv('type\tname\naws_vpc\t"two\nlines"')).toEqual({
      ok: true,
      rows: [
        ['type', 'name'],
        ['aws_vpc', 'two\nlines'],
      ],
    });
  });

  it('reads tags as k=v pairs or JSON and refuses anything else', () => {
    expect(parseTags('env=prod; team=data;')).toEqual({ env: 'prod', team: 'data' });
    expect(parseTags('{"team ":"x","n":1}')).toEqual({ 'team ': 'x', n: '1' });
    expect(parseTags('just words')).toBeNull();
    expect(parseTags('')).toEqual({});
  });
});

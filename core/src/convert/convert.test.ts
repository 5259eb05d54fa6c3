import { describe, expect, it } from 'vitest';
import { prepareDesign } from '../iac/generate';
import { convertFiles } from './convert';
import { CONVERT_PAIRS, CONVERT_SOURCES, CONVERT_TARGETS, ConvertError } from './types';

const TF = `resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
}
`;
const BICEP = `param location string = resourceGroup().location

resource storage 'Microsoft.Storage/storageAccounts@2023-01-01' = {
  name: 'st\${uniqueString(resourceGroup().id)}'
  location: location
  sku: {
    name: 'Standard_LRS'
  }
  kind: 'StorageV2'
}
`;
const INPUT = { terraform: ['main.tf', TF], bicep: ['main.bicep', BICEP] } as const;

describe('convertFiles', () => {
  it('answers every pair it offers, and refuses the others naming what the source converts to', () => {
    for (const from of CONVERT_SOURCES) {
      for (const to of CONVERT_TARGETS) {
        const files =
          from === 'arm'
            ? convertFiles({
                from: 'bicep',
                to: 'arm',
                files: [{ path: 'main.bicep', content: BICEP }],
              }).files
            : [{ path: INPUT[from][0], content: INPUT[from][1] }];
        const run = () => convertFiles({ from, to, files });
        if (CONVERT_PAIRS[from].includes(to)) expect(run, `${from} → ${to}`).not.toThrow();
        else
          expect(run, `${from} → ${to}`).toThrow(
            /cannot be converted to .*; from .* the converter writes/,
          );
      }
    }
  });

  it('Terraform → design answers a design that validates, and its document as design.json', () => {
    const out = convertFiles({
      from: 'terraform',
      to: 'design',
      files: [{ path: 'main.tf', content: TF }],
    });
    expect(out.design?.provider).toBe('aws');
    expect(prepareDesign(out.design).ok).toBe(true);
    expect(out.files.map((f) => f.path)).toEqual(['design.json']);
    expect(JSON.parse(out.files[0]!.content)).toEqual(JSON.parse(JSON.stringify(out.design)));
  });

  it('Terraform on AWS → Bicep re-targets the design to Azure, with the mapping table', () => {
    const out = convertFiles({
      from: 'terraform',
      to: 'bicep',
      files: [{ path: 'main.tf', content: TF }],
    });
    expect(out.retarget).toEqual({
      from: 'aws',
      to: 'azure',
      rows: [{ id: 'main', from: 'aws.vpc', to: 'azure.virtual-network' }],
    });
    expect(
      out.files.some(
        (f) => f.path.endsWith('.bicep') && f.content.includes('Microsoft.Network/virtualNetworks'),
      ),
    ).toBe(true);
  });

  it('refuses Bicep for another cloud, and an empty upload, with a ConvertError', () => {
    expect(() =>
      convertFiles({
        from: 'terraform',
        to: 'bicep',
        provider: 'gcp',
        files: [{ path: 'main.tf', content: TF }],
      }),
    ).toThrow('Bicep is for Azure');
    expect(() => convertFiles({ from: 'bicep', to: 'arm', files: [] })).toThrow(ConvertError);
  });

  it('Terraform → Bicep leaves out a Terraform-only resource, listed at its line, and writes the rest', () => {
    const tf = `provider "azurerm" {
  features {}
}

resource "azurerm_virtual_network" "main" {
  name                = "vnet-main"
  location            = "westeurope"
  resource_group_name = "rg-main"
  address_space       = ["10.0.0.0/16"]
}

resource "azurerm_monitor_action_group" "on_call" {
  name                = "on-call"
  resource_group_name = "rg-main"
  short_name          = "oncall"
}
`;
    const out = convertFiles({
      from: 'terraform',
      to: 'bicep',
      files: [{ path: 'main.tf', content: tf }],
    });
    expect(out.unconverted).toContainEqual(
      expect.objectContaining({ file: 'main.tf', line: 12, kind: 'resource' }),
    );
    expect(out.files.some((f) => f.content.includes('Microsoft.Network/virtualNetworks'))).toBe(
      true,
    );
    expect(out.files.some((f) => f.content.includes('monitor_action_group'))).toBe(false);
  });
});

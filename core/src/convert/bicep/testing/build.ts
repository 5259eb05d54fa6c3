import { checkArm } from '@stratum/cli/checks/arm-check';
import type { TConvertFile } from '../../types';
import { bicepToArm } from '../to-arm';

/** What the Bicep → ARM tests read of a template. */
export type TTemplate = {
  $schema: string;
  functions?: { namespace: string; members: Record<string, Record<string, unknown>> }[];
  parameters?: Record<string, Record<string, unknown>>;
  variables?: Record<string, unknown>;
  resources: Record<string, unknown>[];
  outputs?: Record<string, Record<string, unknown>>;
  metadata?: Record<string, unknown>;
};

/** `main.bicep` (and more files) built to ARM: the template parsed and what checkArm finds in it. */
export function build(bicep: string, more: TConvertFile[] = []) {
  const r = bicepToArm([{ path: 'main.bicep', content: bicep }, ...more], 'main.bicep');
  const file = r.files[0]!;
  return {
    ...r,
    t: JSON.parse(file.content) as TTemplate,
    problems: checkArm(file.path, file.content),
  };
}

/** A storage account every test can put beside what it tests. */
export const storage = `resource sa 'Microsoft.Storage/storageAccounts@2023-01-01' = {
  name: 'st\${uniqueString(resourceGroup().id)}'
  location: resourceGroup().location
  kind: 'StorageV2'
  sku: { name: 'Standard_LRS' }
}
`;

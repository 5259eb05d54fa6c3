import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createAccount, useStoredSession } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { unzipDownload } from '../support/planner';
import { captureWidths } from '../support/screens';

/**
 * Issue 15's converter journey: a Bicep file (a storage account with a parameter loop over
 * containers, written the way the quickstarts do) dropped on the page, converted to an ARM
 * template, compared side by side, and downloaded as a zip whose template says what the Bicep did.
 */
const BICEP = `@description('Name of the storage account')
@minLength(3)
@maxLength(24)
param storageName string = 'st\${uniqueString(resourceGroup().id)}'

@allowed([
  'Standard_LRS'
  'Standard_GRS'
])
param sku string = 'Standard_LRS'

param location string = resourceGroup().location
param containerNames array = [
  'logs'
  'images'
]

resource storage 'Microsoft.Storage/storageAccounts@2023-01-01' = {
  name: storageName
  location: location
  sku: {
    name: sku
  }
  kind: 'StorageV2'
  properties: {
    minimumTlsVersion: 'TLS1_2'
  }
}

resource blobService 'Microsoft.Storage/storageAccounts/blobServices@2023-01-01' = {
  parent: storage
  name: 'default'
}

resource containers 'Microsoft.Storage/storageAccounts/blobServices/containers@2023-01-01' = [for name in containerNames: {
  parent: blobService
  name: name
}]

output storageId string = storage.id
`;

test('a Bicep file becomes an ARM template, shown beside it and downloaded as a zip', async ({
  page,
  request,
}) => {
  const { token } = await createAccount(request);
  await useStoredSession(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/converter');
  await expect(page.getByRole('heading', { name: 'IaC converter', level: 1 })).toBeVisible();
  await expect(page.getByText('Tip: Convert infrastructure code')).toBeVisible();

  await page.getByLabel('Files to convert').setInputFiles({
    name: 'main.bicep',
    mimeType: 'text/plain',
    buffer: Buffer.from(BICEP),
  });
  // The format is recognised from the file, and Bicep converts to ARM first.
  await expect(page.getByLabel('Convert from')).toHaveValue('bicep');
  await expect(page.getByLabel('Convert to')).toHaveValue('arm');
  await page.getByRole('button', { name: 'Convert', exact: true }).click();

  await expect(page.getByRole('status').filter({ hasText: 'validated' })).toHaveText(
    /1 file, validated/,
  );
  const merge = page.getByTestId('converter-merge');
  await expect(merge.getByRole('textbox', { name: 'Input: main.bicep' })).toContainText(
    "resource storage 'Microsoft.Storage/storageAccounts@2023-01-01'",
  );
  const output = merge.getByRole('textbox', { name: /^Output: .*\.json$/ });
  await expect(output).toContainText('deploymentTemplate.json#');
  // CodeMirror draws the lines in view only: the rest of the template is checked in the download.
  await expect(output).toContainText('"allowedValues"');
  await expectNoSeriousA11yViolations(page, 'the converter with a result');
  await captureWidths(page, 'converter-bicep-to-arm');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as zip' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('converted-arm.zip');
  const { dir, files } = await unzipDownload(download);
  expect(files).toHaveLength(1);
  const template = JSON.parse(await readFile(path.join(dir, files[0]!), 'utf8')) as {
    $schema: string;
    parameters: Record<string, { allowedValues?: string[]; minLength?: number }>;
    resources: { type: string; copy?: { count: string } }[];
    outputs: Record<string, { value: string }>;
  };
  expect(template.$schema).toBe(
    'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
  );
  expect(template.parameters['sku']?.allowedValues).toEqual(['Standard_LRS', 'Standard_GRS']);
  expect(template.parameters['storageName']?.minLength).toBe(3);
  expect(template.resources.map((r) => r.type)).toEqual([
    'Microsoft.Storage/storageAccounts',
    'Microsoft.Storage/storageAccounts/blobServices',
    'Microsoft.Storage/storageAccounts/blobServices/containers',
  ]);
  // The loop over the containers is an ARM copy over the parameter.
  expect(template.resources[2]?.copy?.count).toBe("[length(parameters('containerNames'))]");
  expect(template.outputs['storageId']?.value).toContain('resourceId(');
});

const TERRAFORM = `provider "aws" {
  region = "eu-west-1"
}

resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
}

data "aws_ami" "ubuntu" {
  most_recent = true
  owners      = ["099720109477"]
}
`;

test('Terraform becomes a design: what was left out opens its line, and the design opens on the board', async ({
  page,
  request,
}) => {
  const { token } = await createAccount(request);
  await useStoredSession(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/converter');
  await page.getByLabel('Files to convert').setInputFiles({
    name: 'main.tf',
    mimeType: 'text/plain',
    buffer: Buffer.from(TERRAFORM),
  });
  await expect(page.getByLabel('Convert to')).toHaveValue('design');
  await page.getByRole('button', { name: 'Convert', exact: true }).click();

  const leftOut = page.getByRole('region', { name: /^Not converted/ });
  await expect(leftOut).toContainText('data.aws_ami.ubuntu');
  await leftOut.getByRole('button', { name: 'Show main.tf line 9 (input)' }).click();
  // The input editor marks the line the piece came from.
  await expect(page.getByTestId('converter-merge').locator('.cm-converter-mark')).toContainText(
    'data "aws_ami" "ubuntu"',
  );

  await page.getByRole('button', { name: 'Open as a project' }).click();
  await expect(page).toHaveURL(/\/planner\?project=/);
  await expect(
    page
      .getByRole('region', { name: 'Architecture board' })
      .locator('.react-flow__node[data-id="main"]'),
  ).toBeVisible();
});

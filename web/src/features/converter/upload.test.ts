import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectSource, entryFile, readUpload, toBase64, UploadError } from './upload';

const file = (name: string, content: string | Uint8Array) =>
  new File([typeof content === 'string' ? content : (content as BlobPart)], name);

describe('readUpload', () => {
  it('sends text files as they are, keyed by name', async () => {
    const u = await readUpload([file('main.bicep', 'param a string\n')]);
    expect(u.body).toEqual({ 'main.bicep': 'param a string\n' });
    expect(u.files).toEqual([{ path: 'main.bicep', content: 'param a string\n' }]);
  });

  it('shows a zip’s text files and sends the zip itself as base64', async () => {
    const bytes = zipSync({
      'infra/main.tf': strToU8('resource "aws_vpc" "a" {}\n'),
      'infra/logo.png': new Uint8Array([0, 159, 146, 150]),
    });
    const u = await readUpload([file('infra.zip', bytes)]);
    expect(u.files.map((f) => f.path)).toEqual(['infra/main.tf']);
    expect(u.body).toEqual({ 'infra.zip': toBase64(bytes) });
    expect(atob(u.body['infra.zip']!).length).toBe(bytes.length);
  });

  it('refuses binary files, a zip among other files and a zip bomb', async () => {
    await expect(readUpload([file('a.bin', new Uint8Array([0, 255]))])).rejects.toThrow(
      'a.bin is not a text file.',
    );
    await expect(
      readUpload([file('a.zip', zipSync({ 'a.tf': strToU8('#') })), file('b.tf', '#')]),
    ).rejects.toThrow(UploadError);
    const bomb = zipSync({ 'a.tf': new Uint8Array(6 * 1024 * 1024).fill(35) });
    await expect(readUpload([file('bomb.zip', bomb)])).rejects.toThrow('more than 5 MB');
  });
});

describe('detectSource and entryFile', () => {
  it('knows Terraform, Bicep and ARM templates by their files', () => {
    expect(detectSource([{ path: 'x/main.tf', content: '' }])).toBe('terraform');
    expect(detectSource([{ path: 'main.bicep', content: '' }])).toBe('bicep');
    expect(detectSource([{ path: 'cdk.tf.json', content: '{}' }])).toBe('terraform');
    const arm = {
      path: 'azuredeploy.json',
      content:
        '{"$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#"}',
    };
    expect(detectSource([arm])).toBe('arm');
    expect(detectSource([{ path: 'package.json', content: '{}' }])).toBeUndefined();
  });

  it('opens the entry point first', () => {
    const files = [
      { path: 'modules/net.bicep', content: '' },
      { path: 'main.bicep', content: '' },
    ];
    expect(entryFile(files, 'bicep')).toBe('main.bicep');
    expect(entryFile([{ path: 'net.tf', content: '' }], 'terraform')).toBe('net.tf');
    const cdktf = [
      { path: 'stacks/app/cdk.tf.json', content: '{}' },
      { path: 'b.tf', content: '' },
    ];
    expect(entryFile(cdktf, 'terraform')).toBe('stacks/app/cdk.tf.json');
  });
});

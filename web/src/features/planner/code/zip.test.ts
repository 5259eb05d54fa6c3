import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { slug, zipFiles } from './zip';

describe('zip download', () => {
  it('puts every file under the project folder, byte for byte', () => {
    const bytes = zipFiles('shop', [
      { path: 'main.tf', content: 'resource "x" "y" {}\n' },
      { path: 'modules/vm/main.tf', content: 'é\n' },
    ]);
    const entries = unzipSync(bytes);
    expect(Object.keys(entries).sort()).toEqual(['shop/main.tf', 'shop/modules/vm/main.tf']);
    expect(strFromU8(entries['shop/modules/vm/main.tf']!)).toBe('é\n');
  });

  it('names the folder safely', () => {
    expect(slug('My Shop / Prod!')).toBe('my-shop-prod');
    expect(slug('***')).toBe('stratum-project');
  });
});

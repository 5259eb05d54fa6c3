import { describe, expect, it } from 'vitest';
import { buildFileTree, treeFiles } from './file-tree';

describe('file tree', () => {
  it('puts folders before files, both sorted, with full paths', () => {
    const tree = buildFileTree([
      'main.tf',
      'modules/vm/main.tf',
      'README.md',
      '.github/workflows/ci.yml',
      'modules/db/main.tf',
    ]);
    expect(tree.map((n) => `${n.kind}:${n.path}`)).toEqual([
      'folder:.github',
      'folder:modules',
      'file:main.tf',
      'file:README.md',
    ]);
    expect(treeFiles(tree)).toEqual([
      '.github/workflows/ci.yml',
      'modules/db/main.tf',
      'modules/vm/main.tf',
      'main.tf',
      'README.md',
    ]);
  });
});

/** A folder tree built from generated file paths: folders first, then files, each sorted. */
export interface TTreeFolder {
  readonly kind: 'folder';
  readonly name: string;
  readonly path: string;
  readonly children: readonly TTreeNode[];
}
export interface TTreeFile {
  readonly kind: 'file';
  readonly name: string;
  readonly path: string;
}
export type TTreeNode = TTreeFolder | TTreeFile;

interface TMutableFolder {
  name: string;
  path: string;
  folders: Map<string, TMutableFolder>;
  files: string[];
}

export function buildFileTree(paths: readonly string[]): TTreeNode[] {
  const root: TMutableFolder = { name: '', path: '', folders: new Map(), files: [] };
  for (const path of paths) {
    const parts = path.split('/');
    const file = parts.pop() ?? path;
    let folder = root;
    for (const part of parts) {
      let next = folder.folders.get(part);
      if (!next) {
        next = {
          name: part,
          path: folder.path ? `${folder.path}/${part}` : part,
          folders: new Map(),
          files: [],
        };
        folder.folders.set(part, next);
      }
      folder = next;
    }
    folder.files.push(file);
  }
  const freeze = (folder: TMutableFolder): TTreeNode[] => [
    ...[...folder.folders.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((f) => ({ kind: 'folder' as const, name: f.name, path: f.path, children: freeze(f) })),
    ...[...folder.files]
      .sort((a, b) => a.localeCompare(b))
      .map((name) => ({
        kind: 'file' as const,
        name,
        path: folder.path ? `${folder.path}/${name}` : name,
      })),
  ];
  return freeze(root);
}

/** Files in tree order (what the viewer opens first, and arrow keys walk). */
export function treeFiles(nodes: readonly TTreeNode[]): string[] {
  return nodes.flatMap((n) => (n.kind === 'file' ? [n.path] : treeFiles(n.children)));
}

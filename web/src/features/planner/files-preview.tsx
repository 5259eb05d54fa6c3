import { useMemo } from 'react';
import type { TGenerateResult } from '@stratum/core/iac/generate';
import { buildFileTree } from './code/file-tree';
import { FileTreeView } from './code/file-tree-view';
import { DesignIssueList } from './design-issue-list';

export interface FilesPreviewProps {
  /** The engine run in the browser on the plan (`generatePlan`). */
  result: TGenerateResult;
}

/** Step 4's side panel: exactly the files generation will write, or what stops it. */
export function FilesPreview({ result }: FilesPreviewProps) {
  const tree = useMemo(
    () => (result.ok ? buildFileTree(result.files.map((f) => f.path)) : []),
    [result],
  );
  const sizes = useMemo(
    () =>
      new Map(
        result.ok
          ? result.files.map((f) => [f.path, new TextEncoder().encode(f.content).length])
          : [],
      ),
    [result],
  );
  return (
    <section
      aria-labelledby="tree-title"
      className="rounded-lg border border-slate-200 bg-white p-3"
    >
      <h3 id="tree-title" className="mb-2 px-1 text-sm font-semibold text-slate-900">
        {result.ok ? `${result.files.length} files will be generated` : 'Files'}
      </h3>
      {result.ok ? (
        <FileTreeView nodes={tree} label="Files that will be generated" sizes={sizes} />
      ) : (
        <DesignIssueList
          title="Fix these on the board before the files can be listed"
          issues={result.issues}
          limit={8}
        />
      )}
    </section>
  );
}

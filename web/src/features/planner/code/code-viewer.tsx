import clsx from 'clsx';
import { Bot, Check, Copy, Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { TGeneration } from '@stratum/core/contract/planner/generation';
import { Button } from '../../../components/button';
import { CodeEditor } from './code-editor';
import { buildFileTree, treeFiles } from './file-tree';
import { FileTreeView } from './file-tree-view';
import { GenerationReport } from './generation-report';
import { assistantBridge } from '../../../lib/assistant-bridge';
import { languageName } from '../../../lib/code-languages';
import { download, slug, zipFiles } from './zip';

export interface CodeViewerProps {
  generation: TGeneration;
  projectName: string;
}

/** The generated files: a tree, the highlighted file, copy, .zip download, and the report. */
export function CodeViewer({ generation, projectName }: CodeViewerProps) {
  const tree = useMemo(() => buildFileTree(generation.files.map((f) => f.path)), [generation]);
  const ordered = useMemo(() => treeFiles(tree), [tree]);
  const [selected, setSelected] = useState<string>(
    ordered.find((p) => /(^|\/)main\.(tf|bicep)$|azuredeploy\.json$/.test(p)) ?? ordered[0] ?? '',
  );
  const [tab, setTab] = useState<'code' | 'report'>('code');
  const [copied, setCopied] = useState<string | null>(null);
  const file = generation.files.find((f) => f.path === selected);
  const warnings =
    generation.report.warnings.length +
    generation.report.naming.length +
    generation.report.policy.filter((f) => f.exempted === undefined).length;

  const copy = async () => {
    if (!file) return;
    try {
      await navigator.clipboard.writeText(file.content);
      setCopied(file.path);
      setTimeout(() => setCopied(null), 1500);
    } catch {
      toast.error('The browser did not allow copying; select the text instead.');
    }
  };
  const name = `${slug(projectName)}-${generation.format}`;
  // The assistant reads this stored generation's file itself (the server loads it by id).
  const explain = () =>
    assistantBridge.ask({
      prompt: `Explain what ${selected} does, resource by resource, and anything I should change before applying it.`,
      code: { path: selected, generationId: generation.id, projectId: generation.projectId },
    });

  return (
    <section
      aria-label="Generated code"
      className="overflow-hidden rounded-lg border border-slate-200 bg-white"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2">
        <div role="tablist" aria-label="Generated code" className="flex gap-1">
          {(['code', 'report'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              onClick={() => setTab(t)}
              className={clsx(
                'rounded-md px-3 py-1.5 text-sm font-medium',
                tab === t ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {t === 'code'
                ? `Files (${generation.files.length})`
                : `Validation report${warnings > 0 ? ` (${warnings})` : ''}`}
            </button>
          ))}
        </div>
        <span className="ml-auto text-xs text-slate-600">
          Generated {new Date(generation.createdAt).toLocaleString()} · revision{' '}
          {generation.revision}
        </span>
        <Button size="sm" onClick={() => download(`${name}.zip`, zipFiles(name, generation.files))}>
          <Download className="size-4" aria-hidden="true" /> Download .zip
        </Button>
      </div>
      {tab === 'report' ? (
        <div className="p-4">
          <GenerationReport report={generation.report} />
        </div>
      ) : (
        <div className="grid md:h-[32rem] md:grid-cols-[16rem_minmax(0,1fr)]">
          <div className="max-h-56 overflow-y-auto border-b border-slate-200 p-2 md:max-h-none md:border-r md:border-b-0">
            <FileTreeView
              nodes={tree}
              selected={selected}
              onSelect={setSelected}
              label="Generated files"
            />
          </div>
          <div className="flex min-h-0 min-w-0 flex-col">
            <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-1.5">
              <code className="min-w-0 flex-1 truncate font-mono text-xs text-slate-800">
                {selected}
              </code>
              <span className="text-xs text-slate-600">{languageName(selected)}</span>
              <Button
                variant="ghost"
                size="sm"
                onClick={explain}
                disabled={!file}
                aria-label={`Explain ${selected} with the assistant`}
              >
                <Bot className="size-4" aria-hidden="true" /> Explain
                <span className="hidden lg:inline">with the assistant</span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void copy()}
                aria-label={`Copy ${selected}`}
              >
                {copied === selected ? (
                  <Check className="size-4 text-emerald-600" aria-hidden="true" />
                ) : (
                  <Copy className="size-4" aria-hidden="true" />
                )}
                {copied === selected ? 'Copied' : 'Copy'}
              </Button>
            </div>
            <div className="h-[26rem] min-h-0 md:h-auto md:flex-1">
              <CodeEditor
                path={selected}
                content={file?.content ?? ''}
                label={`Contents of ${selected}`}
              />
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

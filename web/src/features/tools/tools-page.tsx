import { Binary, ChevronRight, FileDiff, KeyRound, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, type ComponentType } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../components/spinner';
import { TOOLS, type TToolSlug } from '../../lib/pages';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LocalOnlyNote } from './local-only-note';

/** Each tool is its own chunk: opening one downloads neither of the others. */
const TOOL_COMPONENTS: Record<TToolSlug, ComponentType> = {
  diff: lazy(() => import('./diff-tool').then((m) => ({ default: m.DiffTool }))),
  jwt: lazy(() => import('./jwt-tool').then((m) => ({ default: m.JwtTool }))),
  base64: lazy(() => import('./base64-tool').then((m) => ({ default: m.Base64Tool }))),
};

const ICONS: Record<TToolSlug, LucideIcon> = { diff: FileDiff, jwt: KeyRound, base64: Binary };

const PRIVACY: Record<TToolSlug, string> = {
  diff: 'Files you open are read by this page only.',
  jwt: 'Tokens, secrets and keys never leave this page; signatures are checked with the browser’s Web Crypto.',
  base64: 'Files you open are read by this page only.',
};

export interface ToolsPageProps {
  tool: TToolSlug | null;
}

/** /tools lists the tools; /tools/<tool> opens one. */
export function ToolsPage({ tool }: ToolsPageProps) {
  const current = TOOLS.find((t) => t.slug === tool);
  useDocumentTitle(current?.label ?? 'Tools');
  if (current) {
    const Tool = TOOL_COMPONENTS[current.slug];
    return (
      <div className="space-y-5">
        <div className="space-y-3">
          <nav aria-label="Breadcrumb" className="text-sm">
            <ol className="flex items-center gap-1 text-slate-600">
              <li>
                <Link to="/tools" className="font-medium text-brand-700 hover:underline">
                  Tools
                </Link>
              </li>
              <li aria-hidden="true">
                <ChevronRight className="size-4" />
              </li>
              <li aria-current="page">{current.label}</li>
            </ol>
          </nav>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{current.label}</h1>
          <LocalOnlyNote>{PRIVACY[current.slug]}</LocalOnlyNote>
        </div>
        <Suspense
          fallback={
            <div role="status" className="flex justify-center py-16 text-brand-600">
              <Spinner />
              <span className="sr-only">Loading the tool</span>
            </div>
          }
        >
          <Tool />
        </Suspense>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Tools</h1>
        <LocalOnlyNote />
      </div>
      <ul className="grid gap-4 sm:grid-cols-3">
        {TOOLS.map((t) => {
          const Icon = ICONS[t.slug];
          return (
            <li key={t.slug}>
              <Link
                to={`/tools/${t.slug}`}
                className="block h-full rounded-lg border border-slate-200 bg-white p-5 shadow-xs hover:border-brand-600"
              >
                <Icon className="size-6 text-brand-600" aria-hidden="true" />
                <span className="mt-3 block font-semibold text-slate-900">{t.label}</span>
                <span className="mt-1 block text-sm text-slate-700">{t.description}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

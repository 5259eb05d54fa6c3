import { Link } from 'react-router';
import { NotAvailablePanel } from '../../components/not-available-panel';
import { TOOLS, type TToolSlug } from '../../lib/pages';
import { useDocumentTitle } from '../../lib/use-document-title';

export interface ToolsPageProps {
  tool: TToolSlug | null;
}

/** /tools lists the tools; /tools/<tool> opens one. */
export function ToolsPage({ tool }: ToolsPageProps) {
  const current = TOOLS.find((t) => t.slug === tool);
  useDocumentTitle(current?.label ?? 'Tools');
  if (current) {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{current.label}</h1>
        <NotAvailablePanel area={`The ${current.label}`} description={current.description} />
        <Link to="/tools" className="text-sm font-medium text-brand-700 hover:underline">
          All tools
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Tools</h1>
      <ul className="grid gap-4 sm:grid-cols-3">
        {TOOLS.map((t) => (
          <li key={t.slug}>
            <Link
              to={`/tools/${t.slug}`}
              className="block h-full rounded-lg border border-slate-200 bg-white p-5 hover:border-brand-600"
            >
              <span className="font-semibold text-slate-900">{t.label}</span>
              <span className="mt-1 block text-sm text-slate-700">{t.description}</span>
              <span className="mt-3 block text-xs font-medium text-amber-800">
                Not available yet
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

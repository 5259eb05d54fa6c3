import type { TTagUsage } from '@stratum/core/contract/tags/insights';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Where a key is used: components of which projects, inventory assets, and its values. */
export function UsageLine({ usage }: { usage: TTagUsage | undefined }) {
  if (!usage || usage.components + usage.assets + usage.projects.length === 0)
    return <p className="text-xs text-slate-600">Not used yet.</p>;
  const projects = usage.projects.map((p) => `${p.name}${p.isDefault ? ' (default)' : ''}`);
  return (
    <p className="text-xs break-words text-slate-700">
      Used on {plural(usage.components, 'component')}
      {projects.length > 0 && ` in ${projects.join(', ')}`} and{' '}
      {plural(usage.assets, 'inventory asset')}
      {usage.values.length > 0 &&
        ` · ${usage.values.map((v) => `${v.value || '(empty)'} ×${v.components + v.assets}`).join(', ')}`}
    </p>
  );
}

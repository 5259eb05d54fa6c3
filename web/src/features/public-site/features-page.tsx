import { AREA_GROUP_TITLES, AREA_GROUPS, AREAS, areasInGroup } from '@stratum/core/areas';
import { Badge } from '../../components/badge';
import { useDocumentTitle } from '../../lib/use-document-title';

const builtCount = AREAS.filter((area) => area.state === 'built').length;

/** Every product area from the registry, each with its state: available now, or coming. */
export function FeaturesPage() {
  useDocumentTitle('Features');
  return (
    <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Features</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">
        Stratum aims to cover the life of cloud infrastructure from the first plan to daily
        operations. This version has {builtCount} of the {AREAS.length} areas below; the ones marked{' '}
        <strong>Coming</strong> are not built yet, and the changelog records each area as it
        arrives.
      </p>
      {AREA_GROUPS.map((group) => (
        <section key={group} aria-labelledby={`area-group-${group}`} className="mt-12">
          <h2 id={`area-group-${group}`} className="text-xl font-semibold text-slate-900">
            {AREA_GROUP_TITLES[group]}
          </h2>
          <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {areasInGroup(group).map((area) => (
              <li
                key={area.id}
                className={
                  area.state === 'built'
                    ? 'rounded-lg border border-slate-200 bg-white p-5'
                    : 'rounded-lg border border-dashed border-slate-300 bg-slate-50 p-5'
                }
              >
                <div className="flex items-start justify-between gap-3">
                  <h3 className="font-semibold text-slate-900">{area.label}</h3>
                  {area.state === 'built' ? (
                    <Badge tone="success" className="shrink-0">
                      Available
                    </Badge>
                  ) : (
                    <Badge tone="neutral" className="shrink-0">
                      Coming
                    </Badge>
                  )}
                </div>
                <p className="mt-2 text-sm leading-6 text-slate-700">{area.description}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

import { Badge } from '../../components/badge';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PRODUCT_AREAS } from './product-areas';

export function FeaturesPage() {
  useDocumentTitle('Features');
  return (
    <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Features</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">
        Stratum covers the life of cloud infrastructure from the first plan to daily operations.
        Each area below says whether this version already has it; the rest is being built, in the
        order the changelog records.
      </p>
      {PRODUCT_AREAS.map((group, index) => (
        <section key={group.title} aria-labelledby={`area-group-${index}`} className="mt-12">
          <h2 id={`area-group-${index}`} className="text-xl font-semibold text-slate-900">
            {group.title}
          </h2>
          <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {group.areas.map((area) => (
              <li key={area.name} className="rounded-lg border border-slate-200 bg-white p-5">
                <div className="flex items-start justify-between gap-3">
                  <h3 className="font-semibold text-slate-900">{area.name}</h3>
                  {area.isAvailable ? (
                    <Badge tone="success">Available</Badge>
                  ) : (
                    <Badge tone="neutral" className="shrink-0">
                      In development
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

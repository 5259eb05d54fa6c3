import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';

export interface NotAvailablePanelProps {
  /** The area's name, e.g. "Costing". */
  area: string;
  description?: string;
  children?: ReactNode;
}

/** An honest panel for an area that is not built yet: it names the area and shows no data. */
export function NotAvailablePanel({ area, description, children }: NotAvailablePanelProps) {
  return (
    <section
      aria-labelledby="not-available-title"
      className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center"
    >
      <Construction className="mx-auto size-8 text-amber-600" aria-hidden="true" />
      <h2 id="not-available-title" className="mt-3 text-lg font-semibold text-slate-900">
        {area} is not available yet
      </h2>
      <p className="mx-auto mt-2 max-w-lg text-sm text-slate-700">
        {description ?? `This version of Stratum does not include ${area} yet.`} It will appear here
        when it is built; the changelog records each area as it arrives.
      </p>
      {children}
    </section>
  );
}

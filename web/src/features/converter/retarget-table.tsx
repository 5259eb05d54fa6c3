import type { TConvertData } from '@stratum/core/contract/converter/convert';

const CLOUD_NAMES: Record<string, string> = {
  aws: 'AWS',
  azure: 'Azure',
  gcp: 'Google Cloud',
  oci: 'Oracle Cloud',
};

/** The mapping table of a design re-targeted to another cloud: each node, before and after. */
export function RetargetTable({ retarget }: { retarget: NonNullable<TConvertData['retarget']> }) {
  return (
    <section
      aria-labelledby="converter-retarget"
      className="rounded-md border border-slate-200 p-3"
    >
      <h3 id="converter-retarget" className="text-sm font-semibold text-slate-900">
        Re-targeted from {CLOUD_NAMES[retarget.from]} to {CLOUD_NAMES[retarget.to]}
      </h3>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Node
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {CLOUD_NAMES[retarget.from]}
              </th>
              <th scope="col" className="py-1 font-medium">
                {CLOUD_NAMES[retarget.to]}
              </th>
            </tr>
          </thead>
          <tbody className="font-mono text-xs text-slate-800">
            {retarget.rows.map((r) => (
              <tr key={r.id} className="border-t border-slate-100">
                <td className="py-1 pr-3">{r.id}</td>
                <td className="py-1 pr-3">{r.from}</td>
                <td className="py-1">
                  {r.to ?? (
                    <span className="font-sans text-red-700">not converted: {r.reason}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

import { displayKey, STORED_KEYS } from '../../lib/storage-keys';

/** The privacy page's list of browser-storage keys, made from the one list the code uses. */
export function StoredKeysTable() {
  return (
    <div
      role="region"
      aria-label="Keys kept in your browser"
      tabIndex={0}
      className="overflow-x-auto"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">Every key Stratum keeps in your browser</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th scope="col" className="py-2 pr-3 font-medium">
              Key
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              What it holds
            </th>
            <th scope="col" className="py-2 font-medium">
              Kept until
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {STORED_KEYS.map((entry) => (
            <tr key={entry.key}>
              <th scope="row" className="py-2 pr-3 text-left font-normal">
                <code className="break-all">{displayKey(entry)}</code>
                {entry.store === 'sessionStorage' && (
                  <span className="block text-xs text-slate-600">this tab only</span>
                )}
              </th>
              <td className="py-2 pr-3 text-slate-700">{entry.holds}</td>
              <td className="py-2 text-slate-700">{entry.keptUntil}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

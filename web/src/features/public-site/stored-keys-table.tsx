import { displayKey, STORED_KEYS } from '../../lib/storage-keys';

/**
 * The privacy page's list of browser-storage keys, made from the one list the code uses: key on
 * the left (above on a phone), what it holds and until when beside it.
 */
export function StoredKeysTable() {
  return (
    <dl className="divide-y divide-slate-200 border-y border-slate-200 text-sm">
      {STORED_KEYS.map((entry) => (
        <div key={entry.key} className="grid gap-1 py-3 sm:grid-cols-[15rem_1fr] sm:gap-4">
          <dt>
            <code className="break-all">{displayKey(entry)}</code>
            {entry.store === 'sessionStorage' && (
              <span className="block text-xs text-slate-600">this tab only</span>
            )}
          </dt>
          <dd className="text-slate-700">
            {entry.holds}.{' '}
            <span className="text-slate-600">Kept until: {entry.keptUntil.toLowerCase()}.</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

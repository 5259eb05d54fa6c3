import type { TPriceImport } from '@stratum/core/contract/admin/price-imports';
import { FormMessage } from '../../../components/form-message';

export interface ImportSummaryProps {
  item: TPriceImport;
}

/** What an import did: rows added, changed, unchanged, removed, skipped (and why). */
export function ImportSummary({ item }: ImportSummaryProps) {
  const s = item.summary;
  return (
    <FormMessage tone="info">
      <p className="font-medium">
        {item.fileName}: {s.added} added, {s.changed} changed, {s.unchanged} unchanged, {s.removed}{' '}
        removed, {s.skipped} skipped{item.isApplied ? '' : ' — nothing changed in the book'}.
      </p>
      {item.skippedReasons.length > 0 && (
        <p className="mt-1 text-xs">
          Skipped:{' '}
          {item.skippedReasons
            .slice(0, 5)
            .map((r) => `${r.reason} (${r.count})`)
            .join('; ')}
        </p>
      )}
      {item.notes.map((note) => (
        <p key={note} className="mt-1 text-xs">
          {note}
        </p>
      ))}
    </FormMessage>
  );
}

import { useDocumentTitle } from '../../lib/use-document-title';
import { AuditTrailView } from './audit-trail-view';

/** The Audit page: every change you made, and failed sign-ins to your account. */
export function AuditPage() {
  useDocumentTitle('Audit');
  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Audit</h1>
        <p className="max-w-3xl text-sm text-slate-700">
          Every change you made — projects, API collections, sources, scans, clusters, keys, your
          profile, sign-ins and sign-outs — with when, from which address, and what it was before
          and after (secrets masked). Failed sign-ins to your account are here too. Entries cannot
          be edited or deleted.
        </p>
      </div>
      <AuditTrailView scope="own" />
    </div>
  );
}

import { exportAuditLog, exportMyAudit } from '@stratum/core/contract/audit/export-audit';
import { session } from '../../../lib/session';

/**
 * Downloads every entry matching the filters (the server streams them all, not one page) as
 * CSV: your own trail, or everyone's for staff.
 */
export async function downloadAuditCsv(
  scope: 'own' | 'staff',
  filters: Record<string, string>,
): Promise<void> {
  const endpoint = scope === 'own' ? exportMyAudit : exportAuditLog;
  const { token } = session.getState();
  const response = await fetch(`${endpoint.path}?${new URLSearchParams(filters).toString()}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(
      answer?.message ?? `The export failed: the server answered ${response.status}.`,
    );
  }
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = scope === 'own' ? 'audit-trail.csv' : 'audit-trail-all.csv';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

import { AuditTrailView } from './audit-trail-view';

/** Staff: everyone's trail — who, what, which target, when, before and after — filterable. */
export function AuditTab() {
  return <AuditTrailView scope="staff" />;
}

import { AdminPage, type AdminArea } from '../features/admin/admin-page';
import { PriceListsTab } from '../features/admin/price-lists/price-lists-tab';
import { RequestsTab } from '../features/admin/requests-tab';
import { UsersTab } from '../features/admin/users-tab';
import { AssistantAdminTab } from '../features/assistant/assistant-admin-tab';
import { AuditTab } from '../features/audit/audit-tab';
import { DatabasePage } from '../features/database/database-page';
import { EmailTemplatesTab } from '../features/email-templates/email-templates-tab';
import { ErrorLogsTab } from '../features/error-logs/error-logs-tab';
import { NoticesTab } from '../features/notices/notices-tab';
import { MailingTab } from '../features/system-config/mailing-tab';
import { VouchersTab } from '../features/vouchers/vouchers-tab';

/**
 * The admin panel's areas, in tab order. Each staff screen lives in the feature folder of its
 * area (the same name as the server's feature); features never import each other, so the
 * app composes them here and the admin page only receives the list. A new area is one entry:
 * its tab component, its permission.
 */
export const ADMIN_AREAS: readonly AdminArea[] = [
  { id: 'users', label: 'Users', permission: 'users.read', render: () => <UsersTab /> },
  {
    id: 'requests',
    label: 'Activation requests',
    permission: 'requests.read',
    render: () => <RequestsTab />,
  },
  { id: 'vouchers', label: 'Vouchers', permission: 'vouchers.read', render: () => <VouchersTab /> },
  {
    id: 'notices',
    label: 'Site notices',
    permission: 'notices.read',
    render: () => <NoticesTab />,
  },
  {
    id: 'error-logs',
    label: 'Error logs',
    permission: 'errorLogs.read',
    render: () => <ErrorLogsTab />,
  },
  {
    id: 'email-templates',
    label: 'Email templates',
    permission: 'templates.read',
    render: () => <EmailTemplatesTab />,
  },
  {
    id: 'database',
    label: 'Database',
    permission: 'database.manage',
    render: () => <DatabasePage />,
  },
  { id: 'mailing', label: 'Mailing', permission: 'system.manage', render: () => <MailingTab /> },
  {
    id: 'price-lists',
    label: 'Price lists',
    permission: 'system.manage',
    render: () => <PriceListsTab />,
  },
  {
    id: 'assistant',
    label: 'Assistant',
    permission: 'system.manage',
    render: () => <AssistantAdminTab />,
  },
  { id: 'audit', label: 'Audit trail', permission: 'audit.read', render: () => <AuditTab /> },
];

/** The admin page with its areas: what the page registry loads for /admin. */
export function ComposedAdminPage() {
  return <AdminPage areas={ADMIN_AREAS} />;
}

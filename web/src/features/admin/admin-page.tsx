import { useEffect, useRef, type ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TStaffPermission } from '@stratum/core/admin';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/tabs';
// The admin page composes the staff areas (business is moving this composition to the shell).
// eslint-disable-next-line no-restricted-imports
import { DatabasePage } from '../database/database-page';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ROLE_LABELS } from './admin-text';
import { AuditTab } from './audit-tab';
import { EmailTemplatesTab } from './email-templates-tab';
import { ErrorLogsTab } from './error-logs-tab';
import { MailingTab } from './mailing-tab';
import { NoticesTab } from './notices-tab';
import { RequestsTab } from './requests-tab';
import { UsersTab } from './users-tab';
import { useStaff } from './use-staff';
import { VouchersTab } from './vouchers-tab';

interface AdminTab {
  id: string;
  label: string;
  /** The permission that shows the tab (core's table). */
  permission: TStaffPermission;
  render: () => ReactElement;
}

const TABS: AdminTab[] = [
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
  { id: 'audit', label: 'Audit trail', permission: 'audit.read', render: () => <AuditTab /> },
];

/**
 * §2 admin panel (owner, admin, moderator, helper): one tab per area the role may read; the
 * open tab is in the address (`/admin#vouchers`) so it can be shared and survives a reload.
 */
export function AdminPage() {
  useDocumentTitle('Admin panel');
  const { actor, can } = useStaff();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const tabs = TABS.filter((tab) => can(tab.permission));
  const current = tabs.find((tab) => `#${tab.id}` === hash) ?? tabs[0];
  const listRef = useRef<HTMLDivElement>(null);

  // On a phone the tab row scrolls: keep the open tab in sight.
  useEffect(() => {
    listRef.current
      ?.querySelector('[data-state="active"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current?.id]);

  return (
    <div className="min-w-0 space-y-5">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Admin panel</h1>
        <p className="mt-1 text-sm text-slate-700">
          Signed in as {ROLE_LABELS[actor.role]}. Actions your role may not use are hidden; the
          server checks every one.
        </p>
      </div>
      {current && (
        <Tabs
          value={current.id}
          onValueChange={(id) => void navigate({ hash: id }, { replace: true })}
        >
          <TabsList ref={listRef} aria-label="Admin areas">
            {tabs.map((tab) => (
              <TabsTrigger key={tab.id} value={tab.id}>
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map((tab) => (
            <TabsContent key={tab.id} value={tab.id}>
              {tab.id === current.id && tab.render()}
            </TabsContent>
          ))}
        </Tabs>
      )}
    </div>
  );
}

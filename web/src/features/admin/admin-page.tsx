import { useEffect, useRef, type ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TStaffPermission } from '@stratum/core/admin';
import { Tabs, TabsContent, TabsTrigger } from '../../components/tabs';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useStaff } from '../../lib/use-staff';
import { ROLE_LABELS } from './admin-text';
import { ScrollingTabsList } from './scrolling-tabs-list';

/** One area of the admin panel: a staff screen another feature owns, composed by the app. */
export interface AdminArea {
  /** The address fragment (`/admin#vouchers`). */
  id: string;
  label: string;
  /** The permission that shows the tab (core's table). */
  permission: TStaffPermission;
  render: () => ReactElement;
}

export interface AdminPageProps {
  /** The areas in tab order (web/src/app/admin-areas.tsx). */
  areas: readonly AdminArea[];
}

/**
 * §2 admin panel (owner, admin, moderator, helper): one tab per area the role may read; the
 * open tab is in the address (`/admin#vouchers`) so it can be shared and survives a reload.
 */
export function AdminPage({ areas }: AdminPageProps) {
  useDocumentTitle('Admin panel');
  const { actor, can } = useStaff();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const tabs = areas.filter((tab) => can(tab.permission));
  const current = tabs.find((tab) => `#${tab.id}` === hash) ?? tabs[0];
  const listRef = useRef<HTMLDivElement>(null);

  // On a phone the tab row scrolls: keep the open tab in sight.
  useEffect(() => {
    listRef.current
      ?.querySelector('[data-state="active"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'center' });
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
          <ScrollingTabsList ref={listRef} aria-label="Admin areas">
            {tabs.map((tab) => (
              <TabsTrigger key={tab.id} value={tab.id}>
                {tab.label}
              </TabsTrigger>
            ))}
          </ScrollingTabsList>
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

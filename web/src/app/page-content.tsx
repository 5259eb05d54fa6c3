import { Suspense } from 'react';
import { NotAvailablePanel } from '../components/not-available-panel';
import { areaOfPage } from '@stratum/core/areas';
import type { TPageKey, TToolSlug } from '../lib/pages';
import { useDocumentTitle } from '../lib/use-document-title';
import { lazyNamed } from './lazy-named';

const DashboardPage = lazyNamed(() =>
  import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage),
);
const ProfilePage = lazyNamed(() =>
  import('../features/profile/profile-page').then((m) => m.ProfilePage),
);
const ChangelogPage = lazyNamed(() =>
  import('../features/changelog/changelog-page').then((m) => m.ChangelogPage),
);
const SiteNoticeBanner = lazyNamed(() =>
  import('../features/notices/site-notice-banner').then((m) => m.SiteNoticeBanner),
);
const AdminPage = lazyNamed(() => import('./admin-areas').then((m) => m.ComposedAdminPage));
const MessagesPage = lazyNamed(() =>
  import('../features/messages/messages-page').then((m) => m.MessagesPage),
);
const SubscriptionPage = lazyNamed(() =>
  import('../features/subscription/subscription-page').then((m) => m.SubscriptionPage),
);
const ToolsPage = lazyNamed(() => import('../features/tools/tools-page').then((m) => m.ToolsPage));
const ClustersPage = lazyNamed(() =>
  import('../features/clusters/clusters-page').then((m) => m.ClustersPage),
);
const ApiPage = lazyNamed(() => import('../features/api-client/api-page').then((m) => m.ApiPage));
const CostingPage = lazyNamed(() => import('./costing-area').then((m) => m.ComposedCostingPage));
const InventoryPage = lazyNamed(() =>
  import('../features/inventory/inventory-page').then((m) => m.InventoryPage),
);
const CmdbPage = lazyNamed(() => import('../features/cmdb/cmdb-page').then((m) => m.CmdbPage));
const DriftPage = lazyNamed(() => import('../features/drift/drift-page').then((m) => m.DriftPage));
const ConverterPage = lazyNamed(() =>
  import('../features/converter/converter-page').then((m) => m.ConverterPage),
);
const MonitoringPage = lazyNamed(() =>
  import('../features/monitoring/monitoring-page').then((m) => m.MonitoringPage),
);
const TagsPage = lazyNamed(() => import('../features/tags/tags-page').then((m) => m.TagsPage));
const AuditPage = lazyNamed(() => import('../features/audit/audit-page').then((m) => m.AuditPage));
const ForumsPage = lazyNamed(() =>
  import('../features/forums/forums-page').then((m) => m.ForumsPage),
);
const PlannerPage = lazyNamed(() =>
  import('../features/planner/planner-page').then((m) => m.PlannerPage),
);

export interface PageContentProps {
  page: TPageKey;
  tool: TToolSlug | null;
}

/** The shell composes the areas: built ones render their feature, the rest say so honestly. */
export function PageContent({ page, tool }: PageContentProps) {
  switch (page) {
    case 'dashboard':
      return (
        <DashboardPage
          banner={
            <Suspense fallback={null}>
              <SiteNoticeBanner />
            </Suspense>
          }
        />
      );
    case 'profile':
      return <ProfilePage />;
    case 'changelog':
      return <ChangelogPage />;
    case 'tools':
      return <ToolsPage tool={tool} />;
    case 'planner':
      return <PlannerPage />;
    case 'subscription':
      return <SubscriptionPage />;
    case 'admin':
      return <AdminPage />;
    case 'messages':
      return <MessagesPage />;
    case 'clusters':
      return <ClustersPage />;
    case 'api':
      return <ApiPage />;
    case 'costing':
      return <CostingPage />;
    case 'inventory':
      return <InventoryPage />;
    case 'cmdb':
      return <CmdbPage />;
    case 'drift':
      return <DriftPage />;
    case 'converter':
      return <ConverterPage />;
    case 'forums':
      return <ForumsPage />;
    case 'tags':
      return <TagsPage />;
    case 'monitoring':
      return <MonitoringPage />;
    case 'audit':
      return <AuditPage />;
    default:
      return <AreaPlaceholder page={page} />;
  }
}

/** A page whose area the registry calls coming: it says so, and shows no data. */
function AreaPlaceholder({ page }: { page: TPageKey }) {
  const area = areaOfPage(page);
  useDocumentTitle(area.label);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{area.label}</h1>
      <NotAvailablePanel area={area.label} description={area.description} />
    </div>
  );
}

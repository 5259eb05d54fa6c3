import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { greetingFor } from './greeting';
import { PlanUsagePanel } from './plan-usage-panel';
import { ProjectsPanel } from './projects-panel';
import { RecentActivityPanel } from './recent-activity-panel';

export interface DashboardPageProps {
  /** The banner area (§2), composed in by the shell. */
  banner?: ReactNode;
}

/** The signed-in home: greeting, plan and usage, projects and recent activity. */
export function DashboardPage({ banner }: DashboardPageProps) {
  useDocumentTitle('Dashboard');
  const user = useCurrentUser();
  const { hash } = useLocation();

  // "My Projects" in the user menu lands on #projects.
  useEffect(() => {
    if (hash !== '#projects') return;
    const section = document.getElementById('projects');
    section?.scrollIntoView({ block: 'start' });
    section?.focus({ preventScroll: true });
  }, [hash]);

  return (
    <div className="space-y-6">
      {/* §2: the dashboard's banner area; the shell puts the site notices here. */}
      <div id="dashboard-banners" className="empty:hidden">
        {banner}
      </div>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {greetingFor(new Date().getHours())}, {user.firstName || user.name}
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          {user.designation ? `${user.designation} · ` : ''}
          {user.email}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <PlanUsagePanel subscription={user.subscription} credits={user.credits} />
        <ProjectsPanel subscription={user.subscription} className="lg:col-span-2" />
      </div>
      <RecentActivityPanel />
    </div>
  );
}

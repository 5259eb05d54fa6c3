/** The dashboard's own query keys (projects and subscription are shared: `lib/api/`). */
export const dashboardKeys = {
  recentActivity: ['activity', 'recent'] as const,
};

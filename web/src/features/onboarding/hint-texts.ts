import type { THintPage } from './hint-store';

/** What each page's hint says: where to start and what the page is for. */
export const HINT_TEXTS: Record<THintPage, { title: string; text: string }> = {
  dashboard: {
    title: 'Your dashboard',
    text: 'Your plan and usage, your projects and your recent activity. Notices from the team appear at the top.',
  },
  planner: {
    title: 'Plan in seven steps',
    text: 'Pick a cloud and services, design the architecture, set naming and file structure, then generate code and deploy. Your step is kept as you go.',
  },
  converter: {
    title: 'IaC converter',
    text: 'Turn infrastructure code from one format into another: Terraform, Bicep and ARM templates.',
  },
  api: {
    title: 'API client',
    text: 'Send requests and inspect the answers. Advanced authentication, retries and scripts depend on your plan.',
  },
  subscription: {
    title: 'Plans and vouchers',
    text: 'Free is active at once; a paid plan is requested from the team. Have a voucher? Redeem it on this page.',
  },
  profile: {
    title: 'Your profile',
    text: 'Change your name, designation, avatar and password. Your email address identifies your account.',
  },
  admin: {
    title: 'Admin panel',
    text: 'Each tab is an area your role may read; buttons it may not use are hidden. Every change is kept in the audit trail.',
  },
  messages: {
    title: 'Messages',
    text: 'Write to the team or to another user. Decisions on your plan requests arrive here too.',
  },
};

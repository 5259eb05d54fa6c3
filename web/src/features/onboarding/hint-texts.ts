import { areaOfPage } from '@stratum/core/areas';
import type { THintPage } from './hint-store';

export interface HintText {
  title: string;
  text: string;
}

/**
 * What the hint of a built area says: where to start and what the page is for. Only built areas
 * may have one (a unit test checks it); a coming area's hint is made from the registry below.
 */
export const WRITTEN_HINTS: Partial<Record<THintPage, HintText>> = {
  dashboard: {
    title: 'Your dashboard',
    text: 'Your plan and usage, your projects and your recent activity. Notices from the team appear at the top.',
  },
  planner: {
    title: 'Plan in seven steps',
    text: 'Pick a cloud and services, design the architecture, set naming and file structure, then generate code and deploy. Your step is kept as you go.',
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
  api: {
    title: 'Send requests like in Postman',
    text: 'Open a tab with +, type or paste a URL (a cURL command works too) and press Send or Ctrl+Enter. Save it into a collection with Ctrl+S; pick an environment at the top to fill in {{variables}}.',
  },
  converter: {
    title: 'Convert infrastructure code',
    text: 'Drop Terraform, Bicep or an ARM template (or a zip of them), pick what to convert it to and press Convert. Compare input and output side by side; warnings open the line they are about. Download the result, or open a design as a project.',
  },
  clusters: {
    title: 'Your Kubernetes clusters',
    text: 'Paste a kubeconfig under Clusters, then pick the cluster and namespace in the bar at the top. Open a pod for its logs or a terminal; try a manifest with Dry run before you apply it.',
  },
};

/** The hint of a page, true to its area's state in the registry. */
export function hintFor(page: THintPage): HintText {
  const area = areaOfPage(page);
  if (area.state === 'coming') {
    return {
      title: `${area.label} is coming`,
      text: `${area.label} is not available yet in this version of Stratum. What it is for: ${area.description}`,
    };
  }
  return WRITTEN_HINTS[page] ?? { title: area.label, text: area.description };
}

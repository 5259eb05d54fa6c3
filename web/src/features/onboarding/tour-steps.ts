/** §2/§9: the onboarding tour's four steps, in order; each says what Stratum does there. */
export const TOUR_STEPS = [
  {
    title: 'Cloud Cost Estimator',
    description:
      'On the Costing page, see what a design costs each month on AWS, Azure and Google Cloud side by side, at list prices, with usage assumptions you can edit — and price a Terraform plan with its difference.',
    page: 'costing',
    action: 'Open Costing',
  },
  {
    title: 'AI Converter',
    description:
      'The Converter turns Terraform into a design on the board, or into Terraform for another cloud, Bicep or ARM, and converts between Bicep and ARM. Every output is validated, and anything it could not convert is listed with its line.',
    page: 'converter',
    action: 'Open the Converter',
  },
  {
    title: 'Quick Assistant',
    description:
      "The header's Assistant button (or Ctrl+K, then “Ask the assistant”) opens a chat on any page. When your operator has connected a model, it explains your design and proposes changes that you preview on the board, then apply or reject.",
    page: null,
    action: null,
  },
  {
    title: 'Project Dashboard',
    description:
      'The Dashboard shows your plan and usage, your projects — including the ones others share with you — and site notices. Open a project from there to continue in the planner.',
    page: 'dashboard',
    action: null,
  },
] as const;

export type TTourStep = (typeof TOUR_STEPS)[number];

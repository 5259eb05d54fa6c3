/** Texts the planner's server answers with; the spec's (§5, §8) word for word. */
export const PLANNER_MSG = {
  projectNotFound: 'Project not found',
  generationNotFound: 'Generation not found',
  // §8
  snapshotNotFound: 'Snapshot not found',
  deploymentNotFound: 'Deployment not found',
  // §5 planner step locked messages
  selectProviderFirst: 'Select a cloud provider first',
  pickOneService: 'Pick at least one service',
  addComponentsOrOverride: 'Add components or enable override',
  revisionConflict:
    'This project was changed somewhere else since you opened it. Reload it to see the newest version.',
  invalidDesign: 'The design has problems to fix before it can be generated or deployed',
  formatUnavailable: (format: string, clouds: readonly string[]) =>
    `${format} is available for ${clouds.join(', ')} only`,
  quotaExceeded: (planName: string, limit: number) =>
    `You have used all ${limit} generations of the ${planName} plan this month. Upgrade your plan on the Subscription page for more.`,
  projectLimit: (planName: string, limit: number) =>
    `The ${planName} plan allows ${limit} projects. Delete one, or upgrade your plan on the Subscription page.`,
  deployNotAllowed: (planName: string) =>
    `Deployment is available on the Ultra Pro and Enterprise plans; you are on the ${planName} plan. Upgrade your plan on the Subscription page to deploy.`,
  unknownEnvironment: (name: string, environments: readonly string[]) =>
    `The design has no environment “${name}”; deploy to one of: ${environments.join(', ')}`,
  rollbackUnavailable: 'Rollback is available once, after the deployment has completed',
  // Shared projects
  readOnly: 'You can view this project but not change it. Ask its owner to make you an editor.',
  ownerOnly: (what: string) => `Only the project's owner can ${what}.`,
  memberNotFound: 'This person is not a member of this project',
  invitationNotFound: 'Invitation not found',
  alreadyMember: (email: string, role: string) =>
    `${email} is already ${role === 'editor' ? 'an editor' : 'a viewer'} of this project. Change their role in the list instead.`,
  alreadyInvited: (email: string) =>
    `${email} is already invited to this project. Cancel that invitation to send a new one.`,
  inviteSelf: 'You own this project already',
  inviteDisabled: (email: string) =>
    `${email} belongs to an account that is disabled, so it cannot be invited`,
  memberLimit: (limit: number) =>
    `A project can be shared with at most ${limit} people. Remove someone before inviting another.`,
} as const;

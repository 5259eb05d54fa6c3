/**
 * Who may see a project, as the features that are not the planner need it (the live channel,
 * onboarding). app.ts wires it to the planner's membership, so features stay apart.
 */
export interface ProjectAccess {
  /** The user's role in the project, or null when they may not see it (or it does not exist). */
  role(projectId: string, userId: string): Promise<'owner' | 'editor' | 'viewer' | null>;
  /** Everyone who may see the project: owner and members; [] for no project. */
  memberIds(projectId: string): Promise<string[]>;
}

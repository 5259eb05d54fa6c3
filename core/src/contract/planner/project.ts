import { z } from 'zod';
import { zString, zText } from '../common';
import { CLOUDS } from '../../iac/types';
import { ZPlannerState } from './planner-state';

export const PROJECT_LIMITS = { name: 100, description: 500 } as const;

export const ZProjectName = zText(PROJECT_LIMITS.name).pipe(
  z.string().min(1, 'Enter a project name'),
);
export const ZProjectDescription = zText(PROJECT_LIMITS.description);

/** What the caller is to a project: its owner, or a member it is shared with. */
export const PROJECT_ROLES = ['owner', 'editor', 'viewer'] as const;
export const ZProjectRole = z.enum(PROJECT_ROLES);
export type TProjectRole = z.infer<typeof ZProjectRole>;

/** Who owns a project, as its members see it. */
export const ZProjectOwner = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type TProjectOwner = z.infer<typeof ZProjectOwner>;

/** A project as 'My Projects' lists it: everything but the planner state. */
export const ZProjectSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  provider: z.enum(CLOUDS).nullable(),
  currentStep: z.number().int(),
  /** Components on the board (groups not counted). */
  componentCount: z.number().int(),
  /** Optimistic concurrency: every saved change of the state adds one. */
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastGeneratedAt: z.string().nullable(),
  /** The caller's role: owner, or editor/viewer of a project shared with them. */
  role: ZProjectRole,
  owner: ZProjectOwner,
  /** How many people it is shared with (members; the owner and pending invitations not counted). */
  memberCount: z.number().int(),
});
export type TProjectSummary = z.infer<typeof ZProjectSummary>;

/** A project with its planner state, for the planner. */
export const ZProject = ZProjectSummary.extend({ state: ZPlannerState });
export type TProject = z.infer<typeof ZProject>;

/**
 * The user's own projects against the plan's limit (§9); projects shared with them do not count.
 * `limit` -1 and `remaining` null: unlimited.
 */
export const ZProjectUsage = z.object({
  count: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int().nullable(),
});
export type TProjectUsage = z.infer<typeof ZProjectUsage>;

/** `:id` of a project; any string, so an unknown or malformed id answers 404 'Project not found'. */
export const ZProjectParams = z.object({ id: zString(100).min(1) });

export const ZProjectResponse = z.object({
  success: z.literal(true),
  data: z.object({ project: ZProject }),
});
export type TProjectResponse = z.infer<typeof ZProjectResponse>;

export const ZProjectSummaryResponse = z.object({
  success: z.literal(true),
  data: z.object({ project: ZProjectSummary }),
});
export type TProjectSummaryResponse = z.infer<typeof ZProjectSummaryResponse>;

/** A new project (create, duplicate) and the usage after it. */
export const ZCreatedProjectResponse = z.object({
  success: z.literal(true),
  data: z.object({ project: ZProject, usage: ZProjectUsage }),
});
export type TCreatedProjectResponse = z.infer<typeof ZCreatedProjectResponse>;

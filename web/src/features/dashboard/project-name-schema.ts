import type { z } from 'zod';
import { ZRenameProjectInput } from '@stratum/core/contract/planner/rename-project';

/** The name dialog's fields: the contract's (rename takes exactly what create needs). */
export const ZProjectNameForm = ZRenameProjectInput.required({ description: true });
export type TProjectNameFormValues = z.input<typeof ZProjectNameForm>;
export type TProjectNameInput = z.output<typeof ZProjectNameForm>;

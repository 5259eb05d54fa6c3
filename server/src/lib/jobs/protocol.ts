import type { TErrorCode } from '@stratum/core/contract/common';
import type { AppError } from '../errors';

/** What a worker runs: named handlers of one structured-cloneable input each. */
// `never` accepts any handler's input type; callers get each handler's own through JobRunner.
export type TJobHandlers = Record<string, (input: never) => unknown>;

export interface TJobRequest {
  id: number;
  kind: string;
  input: unknown;
}

/** How a handler failed: an AppError crosses whole; anything else as its message and stack. */
export type TJobFailure =
  | { kind: 'app'; code: TErrorCode; message: string; extra: AppError['extra'] }
  | { kind: 'crash'; message: string; stack?: string };

export type TJobReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; ok: true; value: unknown }
  | { type: 'done'; id: number; ok: false; error: TJobFailure };

import type { TPlanId } from '../contract/common';

/**
 * Assistant calls (chat messages and generations together) per user per hour, by plan. A model
 * call costs the operator money and holds a connection for up to a minute, so the free plan
 * gets enough to try it and paid plans enough for a working day; staff count as enterprise.
 */
export const ASSISTANT_CALLS_PER_HOUR: Readonly<Record<TPlanId, number>> = {
  free: 10,
  pro: 60,
  'ultra-pro': 200,
  enterprise: 600,
};

export const ASSISTANT_LIMITS = {
  /** The rate window, seconds. */
  windowSeconds: 3600,
  /** One model answer (a whole stream, tool call included) must be complete within this. */
  answerTimeoutMs: 60_000,
  /** Characters of one message a user may send, and of a whole conversation. */
  maxPromptChars: 8000,
  maxConversationChars: 60_000,
  /** Messages of a conversation sent back to the model. */
  maxMessages: 40,
  /** The answer's size the server reads before it stops the stream. */
  maxAnswerChars: 100_000,
} as const;

export const ASSISTANT_MSG = {
  notConfigured:
    'No language model is configured on this instance, so the assistant cannot answer. The planner and the converter work without one.',
  rateLimited: (limit: number) =>
    `You have used the assistant's ${limit} calls for this hour on your plan. Try again later.`,
  timeout: 'The model did not answer in time. Try again, or ask a shorter question.',
  upstream: (detail: string) => `The model endpoint failed: ${detail}`,
} as const;

/** Every messages query starts with this key, the bell's unread count included (shell). */
export const MESSAGES_KEY = ['messages'] as const;

/** §9: the unread count is polled every 30 s; the open box follows at the same pace. */
export const MESSAGES_POLL_MS = 30_000;

/** "Re: Hello" for a reply, without stacking "Re: Re:". */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

/** The quoted original under a reply. */
export function quoteBody(from: string, body: string): string {
  const quoted = body
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return `\n\n${from} wrote:\n${quoted}`;
}

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

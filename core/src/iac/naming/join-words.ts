/**
 * `{prefix}_{rest}` without saying a word twice where they meet: `INGEST_QUEUE` and `QUEUE_URL`
 * give `INGEST_QUEUE_URL`, `QUEUE` and `QUEUE_URL` give `QUEUE_URL`. The word stays when what
 * would remain of the prefix is one of `others` (`JOBS` beside `JOBS_QUEUE`), so two prefixes
 * never end up with one name. Words are separated by `_`, in either case (Terraform outputs:
 * `vpc` and `vpc_id` give `vpc_id`).
 */
export function joinWords(prefix: string, rest: string, others: ReadonlySet<string>): string {
  const word = rest.split('_', 1)[0]!;
  if (prefix === word) return rest;
  const shorter = prefix.slice(0, -(word.length + 1));
  return prefix.endsWith(`_${word}`) && !others.has(shorter)
    ? `${shorter}_${rest}`
    : `${prefix}_${rest}`;
}

/**
 * The first character of a stream that is not white space (or a byte-order mark), and the
 * stream again from its start: a reader picks its shape (`{` page, `[` array) without buffering.
 */
export async function peekFirst(
  source: AsyncIterable<Buffer>,
): Promise<{ first: string | undefined; source: AsyncIterable<Buffer> }> {
  const iterator = source[Symbol.asyncIterator]();
  const held: Buffer[] = [];
  let first: string | undefined;
  while (first === undefined) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = next.value;
    held.push(chunk);
    for (let i = 0; i < chunk.length; i += 1) {
      const c = chunk[i] as number;
      if (
        c === 0x20 ||
        c === 0x0a ||
        c === 0x0d ||
        c === 0x09 ||
        c === 0xef ||
        c === 0xbb ||
        c === 0xbf
      )
        continue;
      first = String.fromCharCode(c);
      break;
    }
  }
  // A byte-order mark is not JSON: dropped here.
  const head = held[0];
  if (head && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) held[0] = head.subarray(3);
  async function* replay(): AsyncGenerator<Buffer> {
    yield* held;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { first, source: replay() };
}

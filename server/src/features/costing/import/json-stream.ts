import { JSONParser } from '@streamparser/json';
import { PriceListError } from './types';

export type TJsonPath = readonly (string | number)[];

export interface TJsonStreamOptions {
  /** JSONPath-like selectors (`$.products.*`); only matching values are built and kept. */
  paths: string[];
  /** Several JSON documents one after another (saved API pages concatenated). */
  isMultiDocument?: boolean;
}

/**
 * Streams a JSON document chunk by chunk and calls `onValue` with each value matching `paths`
 * and its key path. Values outside the paths are dropped as soon as they end, so memory stays
 * flat whatever the file's size. A syntax error names its byte offset.
 */
export async function streamJson(
  source: AsyncIterable<Buffer>,
  options: TJsonStreamOptions,
  onValue: (value: unknown, path: TJsonPath) => void,
): Promise<{ bytes: number; documents: number }> {
  const parser = new JSONParser({
    paths: options.paths,
    keepStack: false,
    ...(options.isMultiDocument && { separator: '' }),
  });
  let failure: Error | undefined;
  let bytes = 0;
  let documents = 0;
  parser.onValue = ({ value, key, stack }) => {
    if (failure) return;
    if (stack.length === 0) {
      documents += 1;
      return;
    }
    const path: (string | number)[] = [];
    for (let i = 1; i < stack.length; i += 1) {
      const k = stack[i]?.key;
      if (k !== undefined) path.push(k);
    }
    if (key !== undefined) path.push(key);
    try {
      onValue(value, path);
    } catch (error) {
      failure = error as Error;
    }
  };
  // The tokenizer's offset of the token being parsed: where a structural error is.
  const tokenizer = (parser as unknown as { tokenizer?: { offset?: number } }).tokenizer;
  const at = () =>
    typeof tokenizer?.offset === 'number' && tokenizer.offset >= 0 ? tokenizer.offset : bytes;
  parser.onError = (error) => {
    failure ??= syntaxError(error, at());
  };
  parser.onEnd = () => undefined;
  for await (const chunk of source) {
    if (chunk.length === 0) continue;
    try {
      parser.write(chunk);
    } catch (error) {
      failure ??= syntaxError(error as Error, at());
    }
    if (failure) throw failure;
    bytes += chunk.length;
  }
  if (bytes === 0) throw new PriceListError('The file is empty');
  try {
    if (!parser.isEnded) parser.end();
  } catch (error) {
    failure ??= syntaxError(error as Error, bytes);
  }
  if (failure) throw failure;
  if (!options.isMultiDocument) documents = 1;
  return { bytes, documents };
}

function syntaxError(error: Error, offset: number): Error {
  if (error instanceof PriceListError) return error;
  const message = error.message;
  const absolute = /absolute position "(\d+)"/.exec(message)?.[1];
  const found = /Unexpected "(.*?)" at chunk position/.exec(message)?.[1];
  if (absolute !== undefined) {
    const what = found !== undefined ? `unexpected "${found}"` : 'unexpected character';
    return new PriceListError(`Not valid JSON: ${what} at byte ${absolute}`);
  }
  if (/ended in (the middle of a token|mid-parsing)/.test(message)) {
    return new PriceListError(
      `Not valid JSON: the file ends in the middle of a value (at byte ${offset}); was it cut short?`,
    );
  }
  const token = /^Unexpected (\w+) \((.*)\) in state/.exec(message);
  const what = token
    ? `unexpected ${token[1]?.toLowerCase().replace('_', ' ')} ${token[2] ?? ''}`.trim()
    : message;
  return new PriceListError(`Not valid JSON at byte ${offset}: ${what}`);
}

import { z } from 'zod';

/** The message a number field shows when its text is not a whole number within bounds. */
export const wholeNumberMessage = (min: number, max: number) =>
  `Enter a whole number from ${min} to ${max.toLocaleString('en-US')}`;

/**
 * A text input holding a whole number within bounds, read as that number: form schemas
 * derive from the contract's by replacing its number field with this.
 */
export const zWholeText = (min: number, max: number) => {
  const message = wholeNumberMessage(min, max);
  return z
    .string()
    .trim()
    .regex(/^-?\d+$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
};

/** The same, where an empty input means "not given" (any other text must be such a number). */
export const zOptionalWholeText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .transform((text) => (text === '' ? undefined : text))
    .pipe(zWholeText(min, max).optional());

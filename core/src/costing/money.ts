/**
 * Rounds USD to the cent, half up, without binary noise: 0.0225 × 730 is 16.424999… as a double
 * and must still round to 16.43. The amount is first snapped to 1e-8 of a dollar (far below any
 * price's precision), then rounded to the cent. Arithmetic only: the board rounds thousands of
 * lines on every change.
 */
export function cents(n: number): number {
  return Math.round(Math.round(n * 1e8) / 1e6) / 100;
}

/** A quantity shown beside a price, without binary noise (9 decimals: 10 GiB is 0.009765625 TiB). */
export function tidy(n: number): number {
  return Math.abs(n) >= 1e6 ? n : Math.round(n * 1e9) / 1e9;
}

/** The sum of rounded amounts, itself rounded (a reader adds the lines and gets the total). */
export function sumCents(amounts: Iterable<number>): number {
  let total = 0;
  for (const a of amounts) total += a;
  return cents(total);
}

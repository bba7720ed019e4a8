/**
 * Narrowing helpers for indexed reads under `noUncheckedIndexedAccess`: each returns the value
 * or throws an error naming what was missing, so a test fails at the read that found nothing
 * rather than later on an `undefined` (plain throws, so benches can use them too).
 */

/** `value`, or a thrown error saying that `what` is missing. */
export function present<T>(value: T | undefined, what = 'value'): T {
  if (value === undefined) throw new Error(`expected ${what}, found undefined`);
  return value;
}

/** Item `index` of `items` (negative counts from the end), or a thrown error saying so. */
export function item<T>(items: readonly T[], index: number, what = 'items'): T {
  const value = items.at(index);
  if (value === undefined)
    throw new Error(`expected ${what}[${index}], but there are only ${items.length}`);
  return value;
}

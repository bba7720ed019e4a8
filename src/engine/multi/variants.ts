import { fail, ok, type Result } from '../result.js';
import type { Seat, TableVariantId } from './types.js';

/** What a table variant is: its names for people and its start. */
export interface TableVariant {
  readonly id: TableVariantId;
  readonly name: { readonly en: string; readonly ru: string };
  /** Fewest and most seats a game can have. */
  readonly minSeats: number;
  readonly maxSeats: number;
  /** The squares of each seat's start columns, indexed by seat (White, Red, Black, Green). */
  readonly startSquares: readonly (readonly string[])[];
  /** Storeys of every start column: all men of its owner. */
  readonly startHeight: number;
}

/**
 * The table variants. Zhernov's start is our choice (the article's diagram is lost): three
 * 2-high columns on each seat's edge, corners left free (docs/rules-choices.md).
 */
export const TABLE_VARIANTS: Readonly<Record<TableVariantId, TableVariant>> = {
  zhernov: {
    id: 'zhernov',
    name: { en: "Zhernov's four-player game", ru: 'Шашки Жернова на четверых' },
    minSeats: 2,
    maxSeats: 4,
    startSquares: [
      ['c1', 'e1', 'g1'],
      ['a3', 'a5', 'a7'],
      ['b8', 'd8', 'f8'],
      ['h2', 'h4', 'h6'],
    ],
    startHeight: 2,
  },
};

export const TABLE_VARIANT_IDS = Object.keys(TABLE_VARIANTS) as TableVariantId[];

/** Looks a table variant up by its id (case-insensitive). */
export function tableVariant(text: string): Result<TableVariant> {
  const id = text.trim().toLowerCase();
  // Own keys only: "constructor" or "__proto__" are not variants.
  if (!Object.hasOwn(TABLE_VARIANTS, id)) {
    return fail(
      'unknown-variant',
      `Unknown table variant "${text.slice(0, 40)}"; expected one of ${TABLE_VARIANT_IDS.join(', ')}.`,
    );
  }
  return ok(TABLE_VARIANTS[id as TableVariantId]);
}

/** The start squares of a seat in a variant. */
export function startSquaresOf(variant: TableVariant, seat: Seat): readonly string[] {
  const squares = variant.startSquares[seat];
  if (squares === undefined) throw new Error(`startSquaresOf: no seat ${seat} in ${variant.id}`);
  return squares;
}

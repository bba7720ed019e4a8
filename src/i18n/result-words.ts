/**
 * How a game's result is said, the same in every language: which reason gets which sentence,
 * who won by how much, to whom it is said. A catalogue gives the words (ResultWords); the
 * grammar of choosing among them is here once.
 */
import type { Side } from '../engine/index.js';
import type { EndReason } from '../game/model.js';
import type { Messages } from './messages.js';

export interface ResultWords {
  /** The sides as the sentences below take them ('White' / 'белые'). */
  readonly side: Readonly<Record<Side, string>>;
  /** A resignation, told to everyone, to the winner, to the one who resigned. */
  readonly resigned: (won: string, lost: string) => string;
  readonly opponentResigned: (won: string) => string;
  readonly youResigned: (won: string) => string;
  /** The half count's decision (Adiyukh): a draw, or a win, the winner's count first. */
  readonly halfCountDraw: (white: number, black: number) => string;
  readonly halfCountWin: (won: string, winner: number, loser: number) => string;
  /** Why a game ended, in a few words; multistorey counts captures, not towers. */
  readonly why: Readonly<Record<EndReason, string>>;
  readonly whyFifteenMultistorey: string;
  readonly abandoned: (why: string) => string;
  readonly draw: (why: string, reason: EndReason) => string;
  readonly wins: (won: string, why: string) => string;
}

/** A catalogue's `result`, from its words. */
export function resultText(words: ResultWords): Messages['result'] {
  return (winner, reason, details) => {
    const { counts, variant, viewer } = details ?? {};
    if (reason === 'resignation' && winner !== null) {
      const won = words.side[winner];
      if (viewer === undefined) return words.resigned(won, words.side[other(winner)]);
      return viewer === winner ? words.opponentResigned(won) : words.youResigned(won);
    }
    if (reason === 'half-count' && counts !== undefined) {
      const [white, black] = counts;
      if (winner === null) return words.halfCountDraw(white, black);
      const [mine, theirs] = winner === 'white' ? [white, black] : [black, white];
      return words.halfCountWin(words.side[winner], mine, theirs);
    }
    const why =
      reason === 'fifteen-move-rule' && variant === 'multistorey'
        ? words.whyFifteenMultistorey
        : words.why[reason];
    if (reason === 'abandoned') return words.abandoned(why);
    return winner === null ? words.draw(why, reason) : words.wins(words.side[winner], why);
  };
}

const other = (side: Side): Side => (side === 'white' ? 'black' : 'white');

/** A board caption's first line: the variant and the players, in every language. */
export const captionTitle = (c: { variant: string; white: string; black: string }): string =>
  `<b>${c.variant}</b> · ⚪ ${c.white} — ⚫ ${c.black}`;

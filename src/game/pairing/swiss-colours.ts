/**
 * Colours in the Swiss pairer: the hard rules (no colour three times running, whites and blacks
 * never more than two apart), each player's due colour, and who gets White on a board.
 * Rounds without a game (byes, absences) are skipped: only games played count, as in FIDE's rules.
 */

/** A side of the board. */
export type Colour = 'white' | 'black';

/** What the colour rules need to know of an entrant: the colour of each past round, if any. */
export interface ColourHistory {
  readonly colours: readonly (Colour | null)[];
}

const opposite = (colour: Colour): Colour => (colour === 'white' ? 'black' : 'white');

function playedColours(player: ColourHistory): Colour[] {
  return player.colours.filter((colour): colour is Colour => colour !== null);
}

/** Whether giving `player` this colour keeps both hard colour rules. */
export function keepsColourRules(player: ColourHistory, colour: Colour): boolean {
  const played = [...playedColours(player), colour];
  const whites = played.filter((played) => played === 'white').length;
  if (Math.abs(2 * whites - played.length) > 2) return false;
  const lastThree = played.slice(-3);
  return !(lastThree.length === 3 && lastThree.every((played) => played === colour));
}

/**
 * The colour a player is due: the one played less often; when even, the opposite of the last
 * game's; nothing when no game has been played yet.
 */
export function dueColour(player: ColourHistory): Colour | undefined {
  const played = playedColours(player);
  const last = played.at(-1);
  if (last === undefined) return undefined;
  const whites = played.filter((colour) => colour === 'white').length;
  const blacks = played.length - whites;
  if (whites === blacks) return opposite(last);
  return whites < blacks ? 'white' : 'black';
}

/** How many of the two players get a colour that breaks their hard colour rules (0, 1 or 2). */
function breaksWith(first: ColourHistory, second: ColourHistory, firstColour: Colour): number {
  return (
    (keepsColourRules(first, firstColour) ? 0 : 1) +
    (keepsColourRules(second, opposite(firstColour)) ? 0 : 1)
  );
}

/** The fewest players of this pair whose hard colour rules any allocation breaks (0, 1 or 2). */
export function colourBreaks(first: ColourHistory, second: ColourHistory): number {
  return Math.min(breaksWith(first, second, 'white'), breaksWith(first, second, 'black'));
}

/**
 * The players of this pair that the allocation of fewest breaks breaks the rules for (White to
 * `first` when both allocations break as many).
 */
export function brokenBy<P extends ColourHistory>(first: P, second: P): P[] {
  const white = breaksWith(first, second, 'white');
  const colour: Colour = white <= breaksWith(first, second, 'black') ? 'white' : 'black';
  return [
    ...(keepsColourRules(first, colour) ? [] : [first]),
    ...(keepsColourRules(second, opposite(colour)) ? [] : [second]),
  ];
}

/** Whether some allocation of colours to this pair keeps the hard colour rules for both. */
export function colourRulesAllowPair(first: ColourHistory, second: ColourHistory): boolean {
  return colourBreaks(first, second) === 0;
}

/** Both players are due the same colour, so one of them will not get it. */
export function wantSameColour(first: ColourHistory, second: ColourHistory): boolean {
  const due = dueColour(first);
  return due !== undefined && due === dueColour(second);
}

/**
 * The colour of the higher-placed player of a board (the other gets the opposite). The hard rules
 * decide when one allocation breaks them for fewer of the two (none, when one keeps them for
 * both: a board relaxed for one player breaks them for that one only); otherwise the
 * higher-placed player gets their due
 * colour, or else the opposite of the lower-placed player's due colour. With no preference on
 * either side neither has played a game yet (any game played makes a colour due), so there is no
 * last colour to alternate from: the higher-placed player gets White on odd boards.
 */
export function colourOfHigherPlaced(
  higher: ColourHistory,
  lower: ColourHistory,
  boardNumber: number,
): Colour {
  const white = breaksWith(higher, lower, 'white');
  const black = breaksWith(higher, lower, 'black');
  if (white !== black) return white < black ? 'white' : 'black';
  const higherDue = dueColour(higher);
  if (higherDue !== undefined) return higherDue;
  const lowerDue = dueColour(lower);
  if (lowerDue !== undefined) return opposite(lowerDue);
  return boardNumber % 2 === 1 ? 'white' : 'black';
}

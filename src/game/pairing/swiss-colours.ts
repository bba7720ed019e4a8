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

/** Whether some allocation of colours to this pair keeps the hard colour rules for both. */
export function colourRulesAllowPair(first: ColourHistory, second: ColourHistory): boolean {
  return (
    (keepsColourRules(first, 'white') && keepsColourRules(second, 'black')) ||
    (keepsColourRules(first, 'black') && keepsColourRules(second, 'white'))
  );
}

/** Both players are due the same colour, so one of them will not get it. */
export function wantSameColour(first: ColourHistory, second: ColourHistory): boolean {
  const due = dueColour(first);
  return due !== undefined && due === dueColour(second);
}

/**
 * The colour of the higher-placed player of a board (the other gets the opposite). The hard rules
 * decide when only one allocation keeps them; otherwise the higher-placed player gets their due
 * colour, or else the opposite of the lower-placed player's due colour. With no preference on
 * either side neither has played a game yet (any game played makes a colour due), so there is no
 * last colour to alternate from: the higher-placed player gets White on odd boards.
 */
export function colourOfHigherPlaced(
  higher: ColourHistory,
  lower: ColourHistory,
  boardNumber: number,
): Colour {
  const keeps = (colour: Colour): boolean =>
    keepsColourRules(higher, colour) && keepsColourRules(lower, opposite(colour));
  if (keeps('white') !== keeps('black')) return keeps('white') ? 'white' : 'black';
  const higherDue = dueColour(higher);
  if (higherDue !== undefined) return higherDue;
  const lowerDue = dueColour(lower);
  if (lowerDue !== undefined) return opposite(lowerDue);
  return boardNumber % 2 === 1 ? 'white' : 'black';
}

/*
 * Swiss pairings after the FIDE Dutch system (Handbook C.04.3), simplified for a chat bot.
 *
 * Kept from the Dutch system:
 * - Order: points, then initial rank. Score brackets from the top; S1 = top half, S2 = bottom
 *   half, S1[i] meets S2[i]; transpositions of S2 (lexicographic), then exchanges; players left
 *   unpaired float down and, in the next bracket, meet its residents from the top first.
 * - Quality, in this order: as many boards as possible in each bracket, then as few boards as
 *   possible where both players are due the same colour, then the first candidate in Dutch order.
 * - Absolute: nobody meets anyone twice; nobody gets one colour three times running and whites
 *   and blacks never drift more than two apart; one bye per player.
 *
 * Simplified (each is a deliberate departure):
 * 1. Colour rules are relaxed only when no pairing at all keeps them, and then for as few players
 *    as possible: a cheapest perfect matching (weighted-matching.ts), each board costing the
 *    players whose rules it must break, picks the players relaxed; the boards are then paired
 *    in the Dutch order with the rules kept for everyone else (FIDE relaxes them for
 *    topscorers in the last round only).
 * 2. The bye goes to the lowest-placed player without one whose absence leaves a pairable field
 *    (FIDE: to whoever is left over in the lowest bracket). If nobody without a bye can take it,
 *    the colour rules are relaxed first, then the bye goes to the lowest-placed player at all.
 * 3. Float history is not used: the entrant record does not carry it, so there is no rule
 *    against floating twice in a row and no criteria on float score differences.
 * 4. Colour preference is one "due colour" per player (no strong/absolute grades); a clash is a
 *    board of two players due the same colour, and clashes are only counted, not weighted.
 * 5. Exchanges are approximated: after S2, an S1 player tries S1 from the bottom up. Moved-down
 *    players always form the heterogeneous part of a bracket (no "treat as homogeneous").
 * 6. Colour allocation: the only allocation that keeps the colour rules, else the higher-placed
 *    player's due colour, else the opposite of the other's, else White on odd boards (FIDE looks
 *    back to the last round where the two differed and draws the first colour by lot).
 * 7. A bracket search that runs past a fixed step budget gives up that candidate set and settles
 *    for fewer boards in the bracket or more clashes: slower to find, never illegal.
 *
 * Never stranding anyone: before every tentative board the pairer asks a maximum-matching
 * oracle (matching.ts) whether all the players still unpaired could be paired, so it never
 * walks into a dead end and reports "no pairing" only when none exists.
 */
import type { BoardPairing } from './board-pairing.js';
import { hasPerfectMatching } from './matching.js';
import { pairByScoreBrackets } from './swiss-brackets.js';
import {
  brokenBy,
  colourBreaks,
  colourOfHigherPlaced,
  colourRulesAllowPair,
  dueColour,
  keepsColourRules,
  type Colour,
} from './swiss-colours.js';
import { minimumCostPerfectMatching } from './weighted-matching.js';

/** An active entrant of a Swiss event as the pairer sees it before a round. */
export interface SwissEntrant {
  /** Entrant index: the stable id that the pairings refer to. */
  readonly index: number;
  /** Initial ranking, 0 = strongest (rating order at the start). */
  readonly rank: number;
  /** Points so far (win 1, draw 0.5, bye 1). */
  readonly score: number;
  /** Colour of each past round; null = no game that round (bye, absence). */
  readonly colours: readonly ('white' | 'black' | null)[];
  /** Indexes of the entrants met so far. */
  readonly opponents: readonly number[];
  /** Had the pairer's bye before: a second one only when nobody else can take it. */
  readonly hadBye: boolean;
}

/** Each step gives up a rule only when no pairing exists with it; see the notes above. */
const RELAXATIONS = [
  { colourRules: true, byeOnlyOnce: true },
  { colourRules: false, byeOnlyOnce: true },
  { colourRules: true, byeOnlyOnce: false },
  { colourRules: false, byeOnlyOnce: false },
] as const;

/**
 * The boards of round `round` for the active entrants, by board order (the higher-placed
 * player of each board decides its place), the bye last as `{ white, black: null }`.
 * Undefined only when no legal pairing exists, e.g. when everybody has met everybody.
 * In round 1 points are ignored: the field is paired by rank alone.
 */
export function swissPairings(
  entrants: readonly SwissEntrant[],
  round: number,
): BoardPairing[] | undefined {
  if (!Number.isInteger(round) || round < 1) {
    throw new RangeError(`swissPairings: round must be a whole number from 1, not ${round}`);
  }
  const points = (entrant: SwissEntrant): number => (round === 1 ? 0 : entrant.score);
  const placed = [...entrants].sort(
    (a, b) => points(b) - points(a) || a.rank - b.rank || a.index - b.index,
  );
  const needsBye = placed.length % 2 === 1;
  for (const { colourRules, byeOnlyOnce } of RELAXATIONS) {
    if (!needsBye && !byeOnlyOnce) break; // no bye, nothing more to relax
    const allowed = meetingTable(placed, colourRules);
    const byes = needsBye ? byeCandidates(placed, byeOnlyOnce) : [undefined];
    for (const bye of byes) {
      const players = placed.filter((entrant) => entrant !== bye);
      const canMeet = (first: number, second: number): boolean =>
        allowed.get(players[first]!)!.has(players[second]!);
      if (hasPerfectMatching(players.length, canMeet)) {
        const meet = colourRules ? canMeet : fewestBreaks(players, canMeet);
        return boardsOf(players, points, meet, bye);
      }
    }
  }
  return undefined;
}

/**
 * Who may meet whom under the rules in force, worked out once: the pairer asks again and again.
 */
function meetingTable(
  placed: readonly SwissEntrant[],
  colourRules: boolean,
): Map<SwissEntrant, Set<SwissEntrant>> {
  const table = new Map(placed.map((entrant) => [entrant, new Set<SwissEntrant>()]));
  placed.forEach((first, at) => {
    for (const second of placed.slice(at + 1)) {
      const rematch =
        first.opponents.includes(second.index) || second.opponents.includes(first.index);
      if (rematch || (colourRules && !colourRulesAllowPair(first, second))) continue;
      table.get(first)!.add(second);
      table.get(second)!.add(first);
    }
  });
  return table;
}

/**
 * Who may meet whom when the colour rules cannot all be kept: the rules are relaxed for the
 * fewest players a pairing needs (a cheapest perfect matching over the boards allowed, each
 * costing the players whose rules it breaks), and every other player keeps them. Any pairing
 * under this table breaks the rules for at most that many players, as a board breaks them only
 * for relaxed players (colourOfHigherPlaced takes the allocation of fewest breaks).
 */
function fewestBreaks(
  players: readonly SwissEntrant[],
  canMeet: (first: number, second: number) => boolean,
): (first: number, second: number) => boolean {
  const cheapest = minimumCostPerfectMatching(players.length, (a, b) =>
    canMeet(a, b) ? colourBreaks(players[a]!, players[b]!) : undefined,
  );
  // The caller found a perfect matching, so a cheapest one exists.
  const relaxed = new Set<SwissEntrant>();
  cheapest!.mate.forEach((partner, at) => {
    if (at < partner)
      for (const broken of brokenBy(players[at]!, players[partner]!)) relaxed.add(broken);
  });
  const keeps = (player: SwissEntrant, colour: Colour) =>
    relaxed.has(player) || keepsColourRules(player, colour);
  return (first, second) => {
    const a = players[first]!;
    const b = players[second]!;
    return (
      canMeet(first, second) &&
      ((keeps(a, 'white') && keeps(b, 'black')) || (keeps(a, 'black') && keeps(b, 'white')))
    );
  };
}

/** Who may take the bye, the first choice first: from the lowest-placed player up. */
function byeCandidates(placed: readonly SwissEntrant[], onlyOnce: boolean): SwissEntrant[] {
  return [...placed].reverse().filter((entrant) => !onlyOnce || !entrant.hadBye);
}

function boardsOf(
  players: readonly SwissEntrant[],
  points: (entrant: SwissEntrant) => number,
  canMeet: (first: number, second: number) => boolean,
  bye: SwissEntrant | undefined,
): BoardPairing[] {
  const dues = players.map((entrant) => dueColour(entrant));
  const boards = pairByScoreBrackets({
    scores: players.map(points),
    canMeet,
    dueColour: (place) => dues[place],
  })
    .map(([first, second]) => (first < second ? [first, second] : [second, first]))
    .sort((a, b) => a[0]! - b[0]!);
  const pairings = boards.map(([higherPlace, lowerPlace], board): BoardPairing => {
    const higher = players[higherPlace!]!;
    const lower = players[lowerPlace!]!;
    return colourOfHigherPlaced(higher, lower, board + 1) === 'white'
      ? { white: higher.index, black: lower.index }
      : { white: lower.index, black: higher.index };
  });
  if (bye !== undefined) pairings.push({ white: bye.index, black: null });
  return pairings;
}

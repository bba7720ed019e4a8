import type { Colour } from './swiss-colours.js';
import { maximumMatching } from './matching.js';

/**
 * The Dutch bracket search of the Swiss pairer. Players are known by their place (0 = the
 * highest-placed: most points, then best rank); the caller has already checked that the whole
 * field can be paired, and every step below keeps it so, which is why no step can strand anyone.
 */
export interface PlacedField {
  /** Points by place, highest first. */
  readonly scores: readonly number[];
  /** Whether two places may meet under the rules in force (never again; colour rules if on). */
  readonly canMeet: (first: number, second: number) => boolean;
  /** The colour each place is due, if any: a board of two players due the same one is a clash. */
  readonly dueColour: (place: number) => Colour | undefined;
}

/** A tentative pairing is abandoned after this many search steps, deterministically. */
const SEARCH_STEP_LIMIT = 4000;

/**
 * Pairs the whole field score bracket by score bracket, top down: as many boards as possible in
 * each bracket, then as few colour clashes as possible, then the first candidate in the Dutch
 * order. Whoever is left unpaired floats down into the next bracket.
 */
export function pairByScoreBrackets(field: PlacedField): (readonly [number, number])[] {
  const groups = scoreGroups(field.scores);
  const boards: (readonly [number, number])[] = [];
  let floaters: readonly number[] = [];
  groups.forEach((residents, groupIndex) => {
    const lower = groups.slice(groupIndex + 1).flat();
    const bracket = pairBracket(field, floaters, residents, lower);
    boards.push(...bracket.boards);
    floaters = bracket.floaters;
  });
  return boards;
}

function scoreGroups(scores: readonly number[]): number[][] {
  const groups: number[][] = [];
  scores.forEach((score, place) => {
    const group = groups.at(-1);
    if (group !== undefined && scores[group[0]!] === score) group.push(place);
    else groups.push([place]);
  });
  return groups;
}

interface BracketPairing {
  readonly boards: readonly (readonly [number, number])[];
  readonly floaters: readonly number[];
}

function pairBracket(
  field: PlacedField,
  movedDown: readonly number[],
  residents: readonly number[],
  lower: readonly number[],
): BracketPairing {
  const players = [...movedDown, ...residents];
  const isLast = lower.length === 0;
  const most = isLast
    ? players.length / 2
    : Math.min(Math.floor(players.length / 2), matchingSize(field, players));
  const least = isLast ? most : 0;
  for (let boardCount = most; boardCount >= least; boardCount--) {
    const fewest = fewestColourClashes(field, players, boardCount);
    for (let clashes = fewest; clashes <= boardCount; clashes++) {
      const search = new BracketSearch(
        field,
        players,
        movedDown.length,
        lower,
        boardCount,
        clashes,
      );
      const found = search.run();
      if (found !== undefined) return found;
    }
  }
  throw new Error(
    `pairBracket: no pairing for the bracket of places ${players.join(',')} though the field pairs`,
  );
}

function matchingSize(field: PlacedField, places: readonly number[]): number {
  const mate = maximumMatching(places.length, (a, b) => field.canMeet(places[a]!, places[b]!));
  return mate.filter((partner) => partner !== -1).length / 2;
}

/**
 * No pairing of the bracket into `boardCount` boards can clash less: every board but a clash
 * takes at most one player of the commoner due colour, and floaters can take the excess away.
 */
function fewestColourClashes(
  field: PlacedField,
  players: readonly number[],
  boardCount: number,
): number {
  const dues = players.map((place) => field.dueColour(place));
  const whites = dues.filter((due) => due === 'white').length;
  const blacks = dues.filter((due) => due === 'black').length;
  const neutral = players.length - whites - blacks;
  const floats = players.length - 2 * boardCount;
  return Math.ceil(Math.max(0, Math.abs(whites - blacks) - neutral - floats) / 2);
}

/**
 * A depth-first search for `boardCount` boards in one bracket with at most `clashLimit` colour
 * clashes. Players are taken from the top; each pairs with a candidate or floats. Candidates
 * come in the Dutch order: a moved-down player meets the residents from the top; a resident of
 * S1 (the top half of what is left to pair) meets S2 from the top — the transpositions — and
 * then S1 from the bottom — the exchanges.
 */
class BracketSearch {
  private readonly decided: boolean[];
  private readonly boards: (readonly [number, number])[] = [];
  private readonly floaters: number[] = [];
  private clashes = 0;
  /**
   * A pairing of everyone not yet on a board (this bracket's undecided players, its floaters and
   * everyone below) that proves they can all still be paired. A tentative board that is in it
   * needs no new proof; taking a board back leaves it valid, as that board can be played.
   */
  private witness: Map<number, number>;
  private steps = 0;

  constructor(
    private readonly field: PlacedField,
    private readonly players: readonly number[],
    private readonly movedDownCount: number,
    private readonly lower: readonly number[],
    private readonly boardCount: number,
    private readonly clashLimit: number,
  ) {
    this.decided = players.map(() => false);
    this.witness = this.perfectMatchingOfRest() ?? new Map<number, number>();
  }

  run(): BracketPairing | undefined {
    if (!this.extend(0)) return undefined;
    return { boards: [...this.boards], floaters: [...this.floaters] };
  }

  private extend(from: number): boolean {
    if (++this.steps > SEARCH_STEP_LIMIT) return false;
    const current = this.decided.indexOf(false, from);
    if (current === -1) return this.boards.length === this.boardCount;
    for (const partner of this.candidates(current)) {
      if (this.pair(current, partner)) {
        if (this.extend(current + 1)) return true;
        this.unpair(current, partner);
      }
    }
    if (this.floaters.length < this.players.length - 2 * this.boardCount) {
      this.decided[current] = true;
      this.floaters.push(this.players[current]!);
      if (this.stillPossible() && this.extend(current + 1)) return true;
      this.floaters.pop();
      this.decided[current] = false;
    }
    return false;
  }

  private candidates(current: number): number[] {
    const undecided = this.players
      .map((_, index) => index)
      .filter((index) => index > current && !this.decided[index]);
    if (current < this.movedDownCount) {
      const residents = undecided.filter((index) => index >= this.movedDownCount);
      const movedDown = undecided.filter((index) => index < this.movedDownCount);
      return [...residents, ...movedDown];
    }
    const toMake = this.boardCount - this.boards.length;
    if (toMake <= 0) return [];
    const firstHalf = undecided.slice(0, toMake - 1);
    const secondHalf = undecided.slice(toMake - 1);
    return [...secondHalf, ...firstHalf.reverse()];
  }

  private pair(current: number, partner: number): boolean {
    const first = this.players[current]!;
    const second = this.players[partner]!;
    if (this.boards.length >= this.boardCount || !this.field.canMeet(first, second)) return false;
    const clash = this.clash(first, second);
    if (clash && this.clashes >= this.clashLimit) return false;
    this.decided[current] = this.decided[partner] = true;
    this.boards.push([first, second]);
    if (clash) this.clashes++;
    if (this.stillPossible() && this.restCanBePaired(first, second)) return true;
    this.unpair(current, partner);
    return false;
  }

  private unpair(current: number, partner: number): void {
    const [first, second] = this.boards.pop()!;
    if (this.clash(first, second)) this.clashes--;
    this.decided[current] = this.decided[partner] = false;
  }

  private clash(first: number, second: number): boolean {
    const due = this.field.dueColour(first);
    return due !== undefined && due === this.field.dueColour(second);
  }

  /**
   * The boards still to make in this bracket can still be made among its undecided players,
   * within the clashes left.
   */
  private stillPossible(): boolean {
    const toMake = this.boardCount - this.boards.length;
    if (toMake === 0) return true;
    const undecided = this.players.filter((_, index) => !this.decided[index]);
    if (undecided.length < 2 * toMake) return false;
    if (this.clashes + fewestColourClashes(this.field, undecided, toMake) > this.clashLimit) {
      return false;
    }
    return matchingSize(this.field, undecided) >= toMake;
  }

  /** Everyone not yet on a board — here, floating or below — can still all be paired. */
  private restCanBePaired(first: number, second: number): boolean {
    if (this.witness.get(first) === second) return true;
    const proof = this.perfectMatchingOfRest();
    if (proof === undefined) return false;
    this.witness = proof.set(first, second).set(second, first);
    return true;
  }

  private perfectMatchingOfRest(): Map<number, number> | undefined {
    const rest = [
      ...this.players.filter((_, index) => !this.decided[index]),
      ...this.floaters,
      ...this.lower,
    ];
    const mate = maximumMatching(rest.length, (a, b) => this.field.canMeet(rest[a]!, rest[b]!));
    if (mate.some((partner) => partner === -1)) return undefined;
    return new Map(mate.map((partner, at) => [rest[at]!, rest[partner]!]));
  }
}

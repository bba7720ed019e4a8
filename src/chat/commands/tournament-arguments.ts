import type { VariantId } from '../../engine/index.js';
import { DAYS_PER_MOVE, DEFAULT_DAYS_PER_MOVE, type DaysPerMove } from '../../game/model.js';
import { rulesOf } from '../../game/rules-strategy.js';
import { MAX_CYCLES, MAX_SWISS_ROUNDS } from '../../game/tournament-rules.js';
import type { TournamentFormat } from '../../game/tournament-model.js';
import { CASUAL_WORDS, VARIANT_WORDS } from './variant-words.js';

/** `/tournament new …` as read: what the organiser asked for (defaults filled in). */
export interface TournamentArguments {
  readonly format: TournamentFormat;
  readonly variant: VariantId;
  readonly daysPerMove: DaysPerMove;
  /** Swiss rounds or round-robin cycles; undefined: the default (by the field, or 1 cycle). */
  readonly rounds?: number;
  readonly rated: boolean;
}

const FORMAT_WORDS: Readonly<Record<string, TournamentFormat>> = {
  'round-robin': 'round-robin',
  roundrobin: 'round-robin',
  rr: 'round-robin',
  круговой: 'round-robin',
  swiss: 'swiss',
  швейцарка: 'swiss',
  швейцарская: 'swiss',
};

/**
 * Reads `/tournament new [round-robin|swiss] [variant] [days per move] [rounds] [casual]`, words
 * in any order: the first number is the days per move, the second the rounds (Swiss) or cycles
 * (round robin). Undefined when a word is not understood or a number is out of range.
 */
export function parseTournamentArguments(
  words: readonly string[],
): TournamentArguments | undefined {
  let format: TournamentFormat = 'round-robin';
  let variant: VariantId = 'bashni';
  let daysPerMove: DaysPerMove = DEFAULT_DAYS_PER_MOVE;
  let rounds: number | undefined;
  let rated = true;
  let numbers = 0;
  for (const token of words) {
    const word = token.toLowerCase();
    const named = VARIANT_WORDS[word];
    if (FORMAT_WORDS[word] !== undefined) format = FORMAT_WORDS[word];
    else if (named !== undefined) {
      const league = rulesOf(named).league;
      if (league === undefined) return undefined; // a tournament pairs two players a game
      variant = league;
    } else if (CASUAL_WORDS.has(word)) rated = false;
    else if (/^\d{1,2}$/.test(word)) {
      const value = Number(word);
      if (numbers === 0) {
        if (!(DAYS_PER_MOVE as readonly number[]).includes(value)) return undefined;
        daysPerMove = value as DaysPerMove;
      } else if (numbers === 1) {
        if (value < 1) return undefined;
        rounds = value;
      } else return undefined;
      numbers++;
    } else return undefined;
  }
  if (rounds !== undefined && rounds > (format === 'swiss' ? MAX_SWISS_ROUNDS : MAX_CYCLES))
    return undefined;
  return { format, variant, daysPerMove, rated, ...(rounds === undefined ? {} : { rounds }) };
}

import { describe, expect, it } from 'vitest';
import { parseTournamentArguments } from '../../../src/chat/commands/tournament-arguments.js';

describe('/tournament new arguments', () => {
  it('reads the words in any order, with defaults', () => {
    expect(parseTournamentArguments([])).toEqual({
      format: 'round-robin',
      variant: 'bashni',
      daysPerMove: 3,
      rated: true,
    });
    expect(parseTournamentArguments(['swiss', 'laska', '2', '5', 'casual'])).toEqual({
      format: 'swiss',
      variant: 'laska',
      daysPerMove: 2,
      rounds: 5,
      rated: false,
    });
    expect(parseTournamentArguments(['7', 'швейцарка', 'ласка'])).toMatchObject({
      format: 'swiss',
      variant: 'laska',
      daysPerMove: 7,
    });
    expect(parseTournamentArguments(['round-robin', '1', '2'])).toMatchObject({ rounds: 2 });
  });

  it('refuses what it does not understand or allow', () => {
    for (const words of [
      ['knockout'],
      ['4'], // not a days-per-move choice
      ['1', '2', '3'],
      ['round-robin', '1', '3'], // three cycles
      ['swiss', '1', '16'],
      ['zhernov'], // four players a game: no pairings
      ['1', '0'],
    ])
      expect(parseTournamentArguments(words), words.join(' ')).toBeUndefined();
  });
});

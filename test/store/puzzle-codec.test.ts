/**
 * The puzzle store's records (puzzle-codec.ts): what is written is read back as it was, with
 * the player's id and name only; a damaged record, or one that its schema refuses before it is
 * written, is a StoreError('corrupt-record') naming it.
 */
import { describe, expect, it } from 'vitest';
import {
  attemptRecord,
  dailySettingRecord,
  dayResultRecord,
  ratingRecord,
} from '../../src/store/puzzle-codec.js';
import { corruptRecordOf } from '../support/corrupt-record.js';
import { ALICE } from '../support/game-fixtures.js';

const player = { platform: ALICE.platform, userId: ALICE.userId, displayName: 'Alice' };

describe('puzzle records', () => {
  it('read back as written, keeping only the player’s id and name', () => {
    const rating = { rating: 1512.5, deviation: 80, volatility: 0.06 };
    expect(ratingRecord.decode('user:telegram:1', ratingRecord.encode(rating))).toEqual(rating);
    const attempt = {
      puzzleId: 'p7',
      player,
      solved: true,
      at: 5,
      chatKey: 'telegram:9',
      day: '2026-12-02',
    };
    const full = { ...attempt, player: { ...player, language: 'ru', username: 'alice' } };
    expect(attemptRecord.decode('p7:a', attemptRecord.encode(full))).toEqual(attempt);
    const bare = {
      puzzleId: 'p7',
      player: { platform: 'discord' as const, userId: '3' },
      solved: false,
      at: 1,
    };
    expect(attemptRecord.decode('p7:b', attemptRecord.encode(bare))).toEqual(bare);
    const result = { player, puzzleId: 'p8', solved: false, at: 9 };
    expect(dayResultRecord.decode('c:d:a', dayResultRecord.encode(result))).toEqual(result);
    const setting = { time: '09:00', timeZone: 'Europe/Moscow' };
    expect(dailySettingRecord.decode('c', dailySettingRecord.encode(setting))).toEqual(setting);
  });

  it('refuse a damaged record, naming it and saying what is wrong', () => {
    expect(corruptRecordOf(() => ratingRecord.decode('puzzle:p1', 'not json')).message).toMatch(
      /^rating puzzle:p1: /,
    );
    expect(
      corruptRecordOf(() => ratingRecord.decode('puzzle:p1', '{"s":2,"rating":1}')).message,
    ).toMatch(/schema 2/);
    const zero = '{"s":1,"rating":1500,"deviation":0,"volatility":0.06}';
    expect(corruptRecordOf(() => ratingRecord.decode('puzzle:p1', zero)).message).toMatch(
      /deviation/,
    );
    const badPlatform = JSON.stringify({
      s: 1,
      player: { platform: 'irc', userId: '1' },
      puzzleId: 'p',
      solved: true,
      at: 1,
    });
    expect(corruptRecordOf(() => dayResultRecord.decode('c:d:a', badPlatform)).message).toMatch(
      /platform/,
    );
    const zone = JSON.stringify({ s: 1, time: '09:00', timeZone: 'Mars/Olympus' });
    expect(corruptRecordOf(() => dailySettingRecord.decode('c', zone)).message).toMatch(
      /bad time or zone/,
    );
  });

  it('refuse to write what could not be read back', () => {
    const bad = { rating: Number.NaN, deviation: 80, volatility: 0.06 };
    expect(corruptRecordOf(() => ratingRecord.encode(bad)).message).toMatch(
      /^rating to be written: /,
    );
  });
});

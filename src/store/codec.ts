import * as v from 'valibot';
import { parseFen, replayGame, type GameHistory } from '../engine/index.js';
import { parseTableFen } from '../engine/multi/index.js';
import { moveSquares } from '../game/game-rules.js';
import { isTableVariant, type Challenge, type Game } from '../game/model.js';
import { StoreError } from '../game/ports.js';
import { CHALLENGE, GAME, REPLAYABLE } from './record-schemas.js';

/**
 * The one versioned codec of stored records: JSON with a schema number `s`. Reading upgrades
 * older schemas step by step, then checks the whole record against its schema (record-schemas.ts)
 * and that its positions parse; an unknown schema or broken data, at any depth, is a StoreError
 * ('corrupt-record') for that record only.
 *
 * Game schemas, each upgrade replaying the moves once: 1 = without the derived `keys` and
 * `quietPlies`; 2 = without `lastMove`; 3 = current.
 */
export const GAME_SCHEMA = 3;
export const CHALLENGE_SCHEMA = 1;

export function encodeGame(game: Game): string {
  return JSON.stringify({ s: GAME_SCHEMA, ...game });
}

export function encodeChallenge(challenge: Challenge): string {
  return JSON.stringify({ s: CHALLENGE_SCHEMA, ...challenge });
}

/** A StoreError('corrupt-record') naming the record and what is wrong with it. */
export function corrupt(kind: string, id: string, why: string, cause?: unknown): StoreError {
  return new StoreError('corrupt-record', `${kind} ${id}: ${why}`, id, { cause });
}

/** Parses a stored record's JSON object, or throws corrupt(). */
export function parseRecord(kind: string, id: string, text: string): Record<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw corrupt(kind, id, 'not valid JSON', error);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw corrupt(kind, id, 'not an object');
  return data as Record<string, unknown>;
}

/** Replays a stored game's moves once, for an upgrade that derives fields from them. */
function replayStored(id: string, data: Record<string, unknown>): GameHistory {
  const { variant, startFen, moves } = checked('game', id, REPLAYABLE, data);
  // Table games began after schema 3: an older record of one is corrupt.
  if (isTableVariant(variant)) throw corrupt('game', id, `a ${variant} game at an old schema`);
  const replay = replayGame(variant, startFen, moves);
  if (!replay.ok) throw corrupt('game', id, `does not replay: ${replay.error.message}`);
  return replay.value.history;
}

/** v1 → v2: the repetition keys and the quiet-ply count. */
function upgradeGame1to2(id: string, data: Record<string, unknown>): Record<string, unknown> {
  const history = replayStored(id, data);
  const keys = data.status === 'active' ? history.keys : [];
  return { ...data, s: 2, keys, quietPlies: history.quietPlies };
}

/** v2 → v3: the last move's squares, for the board's highlight. */
function upgradeGame2to3(id: string, data: Record<string, unknown>): Record<string, unknown> {
  const last = replayStored(id, data).moves.at(-1);
  return last === undefined ? { ...data, s: 3 } : { ...data, s: 3, lastMove: moveSquares(last) };
}

export function decodeGame(id: string, text: string): Game {
  let data = parseRecord('game', id, text);
  if (data.s === 1) data = upgradeGame1to2(id, data);
  if (data.s === 2) data = upgradeGame2to3(id, data);
  const game = validated('game', id, GAME, ofSchema('game', id, data, GAME_SCHEMA));
  for (const [field, fen] of [
    ['fen', game.fen],
    ['startFen', game.startFen],
  ] as const) {
    const parsed = isTableVariant(game.variant) ? parseTableFen(fen) : parseFen(fen, game.variant);
    if (!parsed.ok) throw corrupt('game', id, `${field} does not parse: ${parsed.error.message}`);
  }
  return game;
}

export function decodeChallenge(id: string, text: string): Challenge {
  return validated('challenge', id, CHALLENGE, atSchema('challenge', id, text, CHALLENGE_SCHEMA));
}

/** A stored record's JSON object at schema `schema` (its `s`), or throws corrupt(). */
export function atSchema(
  kind: string,
  id: string,
  text: string,
  schema: number,
): Record<string, unknown> {
  return ofSchema(kind, id, parseRecord(kind, id, text), schema);
}

function ofSchema(kind: string, id: string, data: Record<string, unknown>, schema: number) {
  if (data.s !== schema) throw corrupt(kind, id, `unknown schema ${JSON.stringify(data.s)}`);
  return data;
}

/** The record (without its schema number) as its schema reads it, or throws corrupt(). */
export function validated<T extends { id: string }>(
  kind: string,
  id: string,
  schema: v.GenericSchema<unknown, T>,
  data: Record<string, unknown>,
): T {
  const { s: _schema, ...fields } = data;
  const record = checked(kind, id, schema, fields);
  if (record.id !== id) throw corrupt(kind, id, `holds ${kind} ${record.id}`);
  return record;
}

/** Data as a schema reads it, or throws corrupt() saying what is wrong and where. */
export function checked<T>(
  kind: string,
  id: string,
  schema: v.GenericSchema<unknown, T>,
  data: unknown,
): T {
  const result = v.safeParse(schema, data);
  if (!result.success) {
    const where = (issue: v.BaseIssue<unknown>) => v.getDotPath(issue) ?? 'the record';
    throw corrupt(kind, id, result.issues.map((i) => `${where(i)}: ${i.message}`).join('; '));
  }
  return result.output;
}

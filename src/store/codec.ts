import { GameHistory, parseFen, parseMove, VARIANT_IDS, type VariantId } from '../engine/index.js';
import type { Challenge, Game } from '../game/model.js';
import { StoreError } from '../game/ports.js';

/**
 * The one versioned codec of stored records: JSON with a schema number `s`. Reading upgrades
 * older schemas step by step; an unknown schema or broken data is a StoreError
 * ('corrupt-record') for that record only.
 *
 * Game schemas: 1 = without the derived `keys`/`quietPlies` (recomputed by replaying the
 * moves); 2 = current.
 */
export const GAME_SCHEMA = 2;
export const CHALLENGE_SCHEMA = 1;

export function encodeGame(game: Game): string {
  return JSON.stringify({ s: GAME_SCHEMA, ...game });
}

export function encodeChallenge(challenge: Challenge): string {
  return JSON.stringify({ s: CHALLENGE_SCHEMA, ...challenge });
}

function corrupt(kind: string, id: string, why: string, cause?: unknown): StoreError {
  return new StoreError('corrupt-record', `${kind} ${id}: ${why}`, id, { cause });
}

function parseRecord(kind: string, id: string, text: string): Record<string, unknown> {
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

function requireFields(
  kind: string,
  id: string,
  data: Record<string, unknown>,
  fields: Record<string, string>,
): void {
  for (const [field, type] of Object.entries(fields)) {
    const value = data[field];
    const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
    if (!type.split('|').includes(actual))
      throw corrupt(kind, id, `field "${field}" is ${actual}, expected ${type}`);
  }
}

const GAME_FIELDS = {
  id: 'string',
  version: 'number',
  variant: 'string',
  white: 'object',
  black: 'object',
  startFen: 'string',
  moves: 'array',
  fen: 'string',
  status: 'string',
  daysPerMove: 'number|null',
  deadline: 'number|null',
  views: 'array',
};

/** Replays a v1 game's moves to compute the fields v2 added. */
function upgradeGame1to2(id: string, data: Record<string, unknown>): Record<string, unknown> {
  requireFields('game', id, data, { variant: 'string', startFen: 'string', moves: 'array' });
  if (!(VARIANT_IDS as string[]).includes(data.variant as string))
    throw corrupt('game', id, `unknown variant`);
  const start = parseFen(data.startFen as string, data.variant as VariantId);
  if (!start.ok) throw corrupt('game', id, `bad start FEN: ${start.error.message}`);
  let history = GameHistory.from(start.value);
  for (const text of data.moves as unknown[]) {
    const move = parseMove(history.position, String(text));
    if (!move.ok)
      throw corrupt('game', id, `move "${String(text)}" does not replay: ${move.error.message}`);
    history = history.play(move.value);
  }
  const keys = data.status === 'active' ? history.keys : [];
  return { ...data, s: 2, keys, quietPlies: history.quietPlies };
}

export function decodeGame(id: string, text: string): Game {
  let data = parseRecord('game', id, text);
  if (data.s === 1) data = upgradeGame1to2(id, data);
  if (data.s !== GAME_SCHEMA) throw corrupt('game', id, `unknown schema ${JSON.stringify(data.s)}`);
  requireFields('game', id, data, { ...GAME_FIELDS, keys: 'array', quietPlies: 'number' });
  if (data.id !== id) throw corrupt('game', id, `holds game ${String(data.id)}`);
  if (!(VARIANT_IDS as string[]).includes(data.variant as string))
    throw corrupt('game', id, 'unknown variant');
  const { s: _schema, ...game } = data;
  return game as unknown as Game;
}

export function decodeChallenge(id: string, text: string): Challenge {
  const data = parseRecord('challenge', id, text);
  if (data.s !== CHALLENGE_SCHEMA)
    throw corrupt('challenge', id, `unknown schema ${JSON.stringify(data.s)}`);
  requireFields('challenge', id, data, {
    id: 'string',
    version: 'number',
    challenger: 'object',
    target: 'object',
    variant: 'string',
    status: 'string',
    updatedAt: 'number',
    expiresAt: 'number',
    views: 'array',
  });
  if (data.id !== id) throw corrupt('challenge', id, `holds challenge ${String(data.id)}`);
  if (!(VARIANT_IDS as string[]).includes(data.variant as string)) {
    throw corrupt('challenge', id, 'unknown variant');
  }
  const { s: _schema, ...challenge } = data;
  return challenge as unknown as Challenge;
}

import { makeFen, parseFen } from './fen.js';
import { makeMove, parseMove } from './notation.js';
import { describeStatus, GameHistory, type GameStatus } from './outcome.js';
import { atTurnStart, startPosition, type Position } from './position.js';
import { fail, ok, type Result } from './result.js';
import { parseVariant, VARIANTS, type VariantId } from './variants.js';
import { applyMove, legalMoves, type Move } from './moves.js';

/** A game record: PDN tags in order, and the moves as written. */
export interface PdnGame {
  readonly tags: ReadonlyArray<readonly [name: string, value: string]>;
  readonly moves: readonly string[];
  /** The result token from the move text or the Result tag: "1-0", "0-1", "1/2-1/2" or "*". */
  readonly result: string;
}

const RESULT_TOKENS = new Set(['1-0', '0-1', '1/2-1/2', '*', '2-0', '0-2', '1-1']);

/** The value of a tag (case-insensitive name), if present. */
export function pdnTag(game: PdnGame, name: string): string | undefined {
  return game.tags.find(([tag]) => tag.toLowerCase() === name.toLowerCase())?.[1];
}

function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * Writes a PDN record: the tags (Event, Date, White, Black, Result, Variant, and FEN when the
 * game did not start from the variant's start position) and numbered move text, wrapped at
 * 80 columns, ending with the result.
 */
export function makePdn(input: {
  readonly start: Position;
  readonly moves: readonly Move[];
  readonly result: string;
  readonly event?: string;
  readonly date?: string;
  readonly white?: string;
  readonly black?: string;
}): string {
  const variant = VARIANTS[input.start.variant];
  const startFen = makeFen(input.start);
  const tags: [string, string][] = [
    ['Event', input.event ?? '?'],
    ['Date', input.date ?? '????.??.??'],
    ['White', input.white ?? '?'],
    ['Black', input.black ?? '?'],
    ['Result', input.result],
    ['Variant', variant.id],
  ];
  if (startFen !== makeFen(startPosition(variant.id))) tags.push(['FEN', startFen]);

  const tokens: string[] = [];
  let position = input.start;
  let number = 1;
  if (variant.doubleMove) {
    // One number per turn, Black's turns too: `1. c3-d4 2. b6-a5 a5:c3 3. …`. A turn starts
    // when the side changes (so Black's one-move answer in "1+1" has its number too).
    const fromStart = startFen === makeFen(startPosition(variant.id));
    let newTurn = false;
    input.moves.forEach((move, i) => {
      if (i === 0) tokens.push(`${number}${fromStart || atTurnStart(position) ? '.' : '...'}`);
      else if (newTurn) tokens.push(`${number}.`);
      tokens.push(makeMove(variant, move));
      const next = applyMove(position, move);
      newTurn = next.turn !== position.turn;
      if (newTurn) number++;
      position = next;
    });
  } else {
    input.moves.forEach((move, i) => {
      if (position.turn === 0) tokens.push(`${number}.`);
      else if (i === 0) tokens.push(`${number}...`);
      tokens.push(makeMove(variant, move));
      position = applyMove(position, move);
      if (position.turn === 0) number++;
    });
  }
  tokens.push(input.result);

  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    if (line !== '' && line.length + 1 + token.length > 80) {
      lines.push(line);
      line = token;
    } else line = line === '' ? token : `${line} ${token}`;
  }
  lines.push(line);
  return `${tags.map(([name, value]) => `[${name} ${quote(value)}]`).join('\n')}\n\n${lines.join('\n')}\n`;
}

/**
 * Reads a PDN record or plain game text ("1. c3-d4 f6-g5 2. ..."). Move numbers, comments in
 * braces, `;` line comments, variations in parentheses and NAGs ($1) are skipped; moves are
 * kept as written (replayGame checks them). Never throws.
 */
export function parsePdn(text: string): Result<PdnGame> {
  const tags: [string, string][] = [];
  let rest = text.replace(/^\uFEFF/, '');
  const tagPattern = /^\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]/;
  for (let match = tagPattern.exec(rest); match !== null; match = tagPattern.exec(rest)) {
    // Both groups are mandatory in the pattern: a match always has them.
    tags.push([match[1]!, match[2]!.replace(/\\(.)/g, '$1')]);
    rest = rest.slice(match[0].length);
  }
  if (/^\s*\[/.test(rest)) return fail('pdn-tag', 'A PDN tag must look like [Name "value"].');

  let body = '';
  let depth = 0;
  for (let i = 0; i < rest.length; i++) {
    const ch = rest[i];
    if (ch === '{') {
      const end = rest.indexOf('}', i);
      if (end < 0) return fail('pdn-comment', 'A comment opened with { is never closed.');
      i = end;
      body += ' ';
    } else if (ch === ';') {
      const end = rest.indexOf('\n', i);
      i = end < 0 ? rest.length : end;
      body += ' ';
    } else if (ch === '(') depth++;
    else if (ch === ')') {
      if (depth === 0) return fail('pdn-variation', 'A ")" closes no variation.');
      depth--;
    } else if (depth === 0) body += ch;
  }
  if (depth > 0) return fail('pdn-variation', 'A variation opened with ( is never closed.');

  const moves: string[] = [];
  let result = '*';
  for (const raw of body.split(/\s+/)) {
    const token = raw.replace(/^\d+\.+/, '');
    if (token === '' || /^\$\d+$/.test(token)) continue;
    if (RESULT_TOKENS.has(token)) {
      result = token;
      continue;
    }
    moves.push(token);
  }
  // A Result tag that is not one of the four results (e.g. "2-0") is not taken: written back
  // into the move text it would read as a move.
  const tagResult = tags.find(([name]) => name === 'Result')?.[1];
  if (result === '*' && tagResult !== undefined && RESULT_TOKENS.has(tagResult)) result = tagResult;
  return ok({ tags, moves, result });
}

/** Why a replay stopped: which move (1-based move number and ply) and what was legal. */
export interface ReplayError {
  readonly code: string;
  readonly message: string;
  readonly ply?: number;
  readonly moveNumber?: number;
  readonly moveText?: string;
  readonly legal?: readonly string[];
}

export interface Replay {
  readonly history: GameHistory;
  readonly status: GameStatus;
  readonly fen: string;
  readonly description: string;
}

/**
 * Plays moves written in notation from a start position (the variant's start unless a FEN is
 * given). Stops with an error naming the move that failed and listing the legal moves there;
 * a move after the game has ended is refused too.
 */
export function replayGame(
  variantId: VariantId,
  startFen: string | undefined,
  moves: readonly string[],
): Result<Replay, ReplayError> {
  let start: Position = startPosition(variantId);
  if (startFen !== undefined) {
    const parsed = parseFen(startFen, variantId);
    if (!parsed.ok) return parsed;
    start = parsed.value;
  }
  const variant = VARIANTS[variantId];
  let history = GameHistory.from(start);
  // Double-move variants number turns (both sides'), see makePdn.
  let turnNumber = 1;
  // Double-move: whether the last move kept the side to move (the turn goes on).
  let sameTurn = false;
  for (const [ply, moveText] of moves.entries()) {
    const turn = history.position.turn;
    const moveNumber = variant.doubleMove ? turnNumber : Math.floor((ply + start.turn) / 2) + 1;
    const continues = variant.doubleMove ? sameTurn : turn !== 0;
    const where = `move ${moveNumber}${continues ? '...' : '.'} ${moveText}`;
    const status = history.status();
    if (status.kind !== 'ongoing') {
      const message = `${where}: the game is already over (${describeStatus(status, turn, variant.id)}).`;
      return {
        ok: false,
        error: { code: 'game-over', message, ply, moveNumber, moveText, legal: [] },
      };
    }
    const parsed = parseMove(history.position, moveText);
    if (!parsed.ok) {
      const legal = legalMoves(history.position).map((m) => makeMove(variant, m));
      const message = `${where}: ${parsed.error.message}`;
      return {
        ok: false,
        error: { code: parsed.error.code, message, ply, moveNumber, moveText, legal },
      };
    }
    history = history.play(parsed.value);
    sameTurn = history.position.turn === turn;
    if (!sameTurn) turnNumber++;
  }
  const status = history.status();
  return ok({
    history,
    status,
    fen: makeFen(history.position),
    description: describeStatus(status, history.position.turn, history.position.variant),
  });
}

/** Reads the variant and start FEN from a parsed record's tags (defaults: bashni, start position). */
export function pdnSetup(
  game: PdnGame,
  fallback: VariantId,
): Result<{ variant: VariantId; fen?: string }> {
  const variantTag = pdnTag(game, 'Variant');
  let variant = fallback;
  if (variantTag !== undefined) {
    const parsed = parseVariant(variantTag);
    if (!parsed.ok) return parsed;
    variant = parsed.value.id;
  }
  return ok({ variant, fen: pdnTag(game, 'FEN') });
}

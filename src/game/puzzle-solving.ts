/**
 * Solving a puzzle, the same on every platform: the solver plays the line's moves one by one;
 * each correct move is answered with the defender's reply from the line; a wrong move ends the
 * attempt. Only a player's first attempt at a puzzle counts: it updates their rating and the
 * puzzle's (Glicko-2, the solver "beating" the puzzle or not) and, for a chat's daily post, the
 * chat's leaderboard. Pure line checking here; the store decides which attempt is the first.
 */
import {
  applyMove,
  makeMove,
  parseFen,
  VARIANTS,
  type Move,
  type Position,
  type VariantId,
} from '../engine/index.js';
import { LRUCache } from 'lru-cache';
import { DEFAULT_RATING, updateRating, type Rating } from '../ratings/glicko2.js';
import { resolveMove, type MoveInput } from './game-rules.js';
import { playerKey } from './model.js';
import type { PuzzleAttempt, PuzzleStore } from './puzzle-ports.js';
import { normaliseMoveText } from './move-input.js';

/** What solving needs of a puzzle (the library's Puzzle has more). */
export interface PuzzleLine {
  readonly id: string;
  readonly variant: VariantId;
  readonly fen: string;
  /** Solver and defender moves alternating, the solver's first (full-path notation). */
  readonly solution: readonly string[];
  /** What the solver is asked to do (the library's goal), when known. */
  readonly goal?: 'win' | 'block' | 'material';
  /** 1 (easy) to 5, when known. */
  readonly difficulty?: number;
  /** The seed rating (the library's fitted model), when it has one. */
  readonly rating?: number;
  /** The move that made the puzzle (the defender's mistake) and the position before it. */
  readonly mistake?: { readonly fen: string; readonly move: string };
}

/**
 * The move to mark on the puzzle's board after `ply` moves of its line: the line's last move,
 * or at the start the mistake that made the puzzle (null when it has none).
 */
export function puzzleLastMove(puzzle: PuzzleLine, ply: number): Move | null {
  if (ply > 0) {
    const played = resolveMove(puzzlePosition(puzzle, ply - 1), puzzle.solution[ply - 1] ?? '');
    return played.ok ? played.move : null;
  }
  if (puzzle.mistake === undefined) return null;
  const before = parseFen(puzzle.mistake.fen, puzzle.variant);
  if (!before.ok) return null;
  const played = resolveMove(before.value, puzzle.mistake.move);
  return played.ok ? played.move : null;
}

/**
 * Positions of lines met recently: each press of a puzzle's buttons and each of its boards would
 * otherwise replay the line from its FEN (~0.1 ms for a 9-ply line). Positions are immutable.
 */
const positions = new LRUCache<string, Position>({ max: 2_000 });

/** The position after the first `ply` moves of the line (the solver to move at even plies). */
export function puzzlePosition(puzzle: PuzzleLine, ply: number): Position {
  const key = `${puzzle.variant}\n${puzzle.fen}\n${puzzle.solution.slice(0, ply).join(' ')}`;
  let position = positions.get(key);
  if (position === undefined) {
    position = replayLine(puzzle, ply);
    positions.set(key, position);
  }
  return position;
}

function replayLine(puzzle: PuzzleLine, ply: number): Position {
  const start = parseFen(puzzle.fen, puzzle.variant);
  if (!start.ok) throw new Error(`puzzle ${puzzle.id}: ${start.error.message}`);
  let position = start.value;
  for (const text of puzzle.solution.slice(0, ply)) {
    const move = resolveMove(position, text);
    if (!move.ok) throw new Error(`puzzle ${puzzle.id}: ${move.message}`);
    position = applyMove(position, move.move);
  }
  return position;
}

export type PuzzleStep =
  /** The move was right; `reply` is the defender's answer, if the line goes on. */
  | {
      readonly kind: 'correct';
      readonly move: string;
      readonly reply?: string;
      readonly solved: boolean;
      readonly ply: number;
    }
  /** Not the line's move (or not a legal one): the attempt is over. */
  | { readonly kind: 'wrong'; readonly move?: string; readonly expected: string }
  /** The press was for another point of the line (a stale button): nothing happens. */
  | { readonly kind: 'stale' };

/**
 * Checks the solver's move at `ply` (an even ply: the solver's turn). Typed text is read as a
 * move in the position (Russian letters, dashes or spaces as anywhere else).
 */
export function checkPuzzleMove(puzzle: PuzzleLine, ply: number, input: MoveInput): PuzzleStep {
  const expected = ply >= 0 && ply % 2 === 0 ? puzzle.solution[ply] : undefined;
  if (expected === undefined) return { kind: 'stale' };
  const position = puzzlePosition(puzzle, ply);
  const resolved = resolveMove(
    position,
    typeof input === 'string' ? normaliseMoveText(input) : input,
  );
  if (!resolved.ok) return { kind: 'wrong', expected };
  const move = makeMove(VARIANTS[puzzle.variant], resolved.move);
  if (move !== expected) return { kind: 'wrong', move, expected };
  const reply = puzzle.solution.at(ply + 1);
  const next = reply === undefined ? ply + 1 : ply + 2;
  return { kind: 'correct', move, reply, solved: next >= puzzle.solution.length, ply: next };
}

/** How an attempt ended, as the store recorded it. */
export interface AttemptOutcome {
  /** False when the player had attempted this puzzle before: nothing was rated. */
  readonly counted: boolean;
  /** The solver's rating now (after this attempt, if it counted). */
  readonly rating: Rating;
  /** How much the attempt moved the rating (0 when it did not count). */
  readonly change: number;
  /** The puzzle's rating after it (when it counted). */
  readonly puzzleRating?: Rating;
}

/**
 * Records the end of an attempt: the first one rates the solver against the puzzle (and the
 * puzzle against the solver; a puzzle never tried starts from `seed`, else the newcomer's
 * rating) and counts on the chat's daily board; a later one changes nothing.
 */
export async function finishAttempt(
  store: PuzzleStore,
  attempt: PuzzleAttempt,
  seed: Rating = DEFAULT_RATING,
): Promise<AttemptOutcome> {
  const [user, puzzle] = await Promise.all([
    store.rating('user', playerKey(attempt.player)),
    store.rating('puzzle', attempt.puzzleId),
  ]);
  const solver = user ?? DEFAULT_RATING;
  const problem = puzzle ?? seed;
  const score = attempt.solved ? 1 : 0;
  const ratings = {
    user: updateRating(solver, [{ opponent: problem, score }]),
    puzzle: updateRating(problem, [{ opponent: solver, score: score === 1 ? 0 : 1 }]),
  };
  const counted = await store.recordFirstAttempt(attempt, ratings);
  return counted
    ? {
        counted,
        rating: ratings.user,
        change: ratings.user.rating - solver.rating,
        puzzleRating: ratings.puzzle,
      }
    : { counted, rating: solver, change: 0 };
}

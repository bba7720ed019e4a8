/**
 * What every chat adapter writes about a puzzle: its title and task, the answer to each move of
 * an attempt, the solution line, and a chat's leaderboard — in the chat's language, HTML as in
 * the whole catalogue (Discord converts it). Only how a player is named is the platform's.
 */
import { legalMoves, makeMove, sideOfColor, VARIANTS } from '../../engine/index.js';
import type { PuzzlePlayer } from '../../game/puzzle-ports.js';
import {
  puzzlePosition,
  type AttemptOutcome,
  type PuzzleLine,
  type PuzzleStep,
} from '../../game/puzzle-solving.js';
import type { Standings } from '../../game/puzzles.js';
import type { Messages } from '../../i18n/index.js';
import { isProvisional } from '../../ratings/glicko2.js';
import type { Side } from '../../game/model.js';

/**
 * A move to show as the way to type one, `ply` moves into the line: a legal move of the side to
 * move other than the line's own (never the answer); undefined when there is no other.
 */
export function exampleMove(puzzle: PuzzleLine, ply: number): string | undefined {
  const position = puzzlePosition(puzzle, ply);
  const variant = VARIANTS[position.variant];
  const key = puzzle.solution[ply];
  return legalMoves(position)
    .map((move) => makeMove(variant, move))
    .find((text) => text !== key);
}

/** The side the solver plays. */
export function solverSide(puzzle: PuzzleLine): Side {
  return sideOfColor(puzzlePosition(puzzle, 0).turn);
}

/** A puzzle's heading: the title (or the day's, for a daily post) and the task. */
export function puzzleHeading(puzzle: PuzzleLine, t: Messages, day?: string): string {
  const title =
    day === undefined
      ? t.puzzles.title(t.variant(puzzle.variant), puzzle.difficulty)
      : t.puzzles.dailyTitle(day);
  const side = solverSide(puzzle);
  const task = t.puzzles.task(side, puzzle.goal ?? 'win');
  if (puzzle.mistake === undefined) return `${title}\n${task}`;
  const mistaken = side === 'white' ? 'black' : 'white';
  return `${title}\n${t.puzzles.mistake(mistaken, puzzle.mistake.move)} ${task}`;
}

/** The line as players write it: the solver's moves numbered, each with the defender's reply. */
export function solutionLine(puzzle: PuzzleLine): string {
  const parts: string[] = [];
  puzzle.solution.forEach((move, ply) => {
    parts.push(ply % 2 === 0 ? `${ply / 2 + 1}. ${move}` : move);
  });
  return parts.join(' ');
}

/**
 * The answer to a move of an attempt (not a stale one): right and what the defender replied,
 * solved, or wrong with the key move; once the attempt is over, the solution line and what
 * it did to the player's rating.
 */
export function stepText(
  puzzle: PuzzleLine,
  step: Exclude<PuzzleStep, { kind: 'stale' }>,
  outcome: AttemptOutcome | undefined,
  t: Messages,
  countedForDaily = false,
): string {
  const lines: string[] = [];
  if (step.kind === 'correct')
    lines.push(
      step.solved ? t.puzzles.solved(step.move) : t.puzzles.correct(step.move, step.reply),
    );
  else lines.push(t.puzzles.wrong(step.move, step.expected));
  const over = step.kind === 'wrong' || step.solved;
  if (over) {
    if (step.kind === 'wrong' || puzzle.solution.length > 1)
      lines.push(t.puzzles.solution(solutionLine(puzzle)));
    if (outcome !== undefined) {
      lines.push(
        outcome.counted
          ? t.puzzles.rating(outcome.rating.rating, outcome.change, isProvisional(outcome.rating))
          : t.puzzles.notCounted,
      );
      if (outcome.counted && countedForDaily) lines.push(t.puzzles.countedForDaily);
    }
  }
  return lines.join('\n');
}

/** A chat's leaderboard: today's first attempts, the week's, and the streaks. */
export function standingsText(
  standings: Standings,
  t: Messages,
  name: (player: PuzzlePlayer) => string,
): string {
  const { puzzles } = t;
  const lines = [puzzles.topHeader(standings.day)];
  if (standings.today.length === 0 && standings.week.length === 0) {
    lines.push(puzzles.topNobody);
    return lines.join('\n');
  }
  if (standings.today.length > 0) {
    lines.push('', puzzles.topToday);
    standings.today.forEach((result, i) =>
      lines.push(puzzles.topTodayLine(i + 1, name(result.player), result.solved)),
    );
  }
  if (standings.week.length > 0) {
    lines.push('', puzzles.topWeek);
    standings.week.forEach((row, i) =>
      lines.push(puzzles.topWeekLine(i + 1, name(row.player), row.solved, row.solved + row.failed)),
    );
  }
  if (standings.streaks.length > 0) {
    lines.push('', puzzles.topStreaks);
    for (const streak of standings.streaks)
      lines.push(puzzles.topStreakLine(name(streak.player), streak.days));
  }
  return lines.join('\n');
}

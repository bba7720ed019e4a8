/**
 * Composed Bashni problems with known solutions (bench/problems/bashni.json, made by find.ts):
 * the side to move wins, by a block or by taking everything, within `plies` plies, as proved by
 * the AND-OR check of prove.ts. `npm run bench:ai` times the engine on each.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface ComposedProblem {
  readonly fen: string;
  /** The win's length in plies, the winner's last move included. */
  readonly plies: number;
  /** 'block': the loser still has pieces and no move; 'win': any other forced win. */
  readonly goal: 'block' | 'win';
  /** A winning line (the winner's moves against the defender's first replies). */
  readonly line: readonly string[];
  readonly source: string;
}

export const PROBLEMS_FILE = fileURLToPath(new URL('bashni.json', import.meta.url));

/** The seed's composed problem: White to move blocks Black in ten moves. */
export const SEED_PROBLEM: ComposedProblem = {
  fen: 'W:Wa3,c1,g1,f4,h6(010101/00),Ka5:Bb8(0010/0),d4(001110)',
  plies: 19,
  goal: 'block',
  line: [],
  source: 'the seed (docs/tuning.md, "Proven wins")',
};

export function loadProblems(): { command: string; problems: ComposedProblem[] } {
  return JSON.parse(readFileSync(PROBLEMS_FILE, 'utf8')) as {
    command: string;
    problems: ComposedProblem[];
  };
}

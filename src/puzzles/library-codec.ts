import {
  applyMove,
  fail,
  makeFen,
  ok,
  parseFen,
  parseMove,
  VARIANTS,
  type Result,
  type VariantId,
} from '../engine/index.js';
import {
  GOALS,
  SCHEMA_VERSION,
  THEMES,
  type GeneratedBy,
  type Puzzle,
  type PuzzleLibrary,
} from './puzzle.js';

/** A library as JSON text: one puzzle a line, so diffs stay readable. */
export function encodeLibrary(library: PuzzleLibrary): string {
  const head = JSON.stringify(
    {
      schemaVersion: library.schemaVersion,
      variant: library.variant,
      generatedBy: library.generatedBy,
    },
    null,
    2,
  );
  const puzzles = library.puzzles.map((puzzle) => '    ' + JSON.stringify(puzzle)).join(',\n');
  return `${head.slice(0, -2)},\n  "puzzles": [\n${puzzles}\n  ]\n}\n`;
}

/**
 * Reads and checks a library file's text: the schema version, the variant, and every puzzle's
 * fields (the FEN must parse). Never throws: a bad file gives a sentence naming what is wrong.
 */
export function decodeLibrary(text: string): Result<PuzzleLibrary> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return fail('library-json', `not JSON: ${(error as Error).message}`);
  }
  if (!isObject(data)) return fail('library-shape', 'a library is a JSON object');
  if (data.schemaVersion !== SCHEMA_VERSION) {
    return fail(
      'library-version',
      `schemaVersion is ${JSON.stringify(data.schemaVersion)}; this code reads ${SCHEMA_VERSION}`,
    );
  }
  const variant = data.variant;
  if (typeof variant !== 'string' || !Object.hasOwn(VARIANTS, variant))
    return fail('library-variant', `unknown variant ${JSON.stringify(variant)}`);
  const generatedBy = data.generatedBy;
  if (
    !isObject(generatedBy) ||
    typeof generatedBy.command !== 'string' ||
    typeof generatedBy.seed !== 'number'
  ) {
    return fail('library-shape', 'generatedBy must hold a command (text) and a seed (number)');
  }
  if (!Array.isArray(data.puzzles)) return fail('library-shape', 'puzzles must be a list');
  const puzzles: Puzzle[] = [];
  const ids = new Set<string>();
  for (const [index, raw] of data.puzzles.entries()) {
    const puzzle = decodePuzzle(raw, variant as VariantId);
    if (!puzzle.ok) {
      return fail(puzzle.error.code, `puzzle ${index + 1}: ${puzzle.error.message}`);
    }
    if (ids.has(puzzle.value.id))
      return fail('puzzle-duplicate', `puzzle ${index + 1}: id ${puzzle.value.id} is used twice`);
    ids.add(puzzle.value.id);
    puzzles.push(puzzle.value);
  }
  return ok({
    schemaVersion: SCHEMA_VERSION,
    variant: variant as VariantId,
    generatedBy: generatedBy as GeneratedBy,
    puzzles,
  });
}

/** Checks one puzzle's fields (not its moves: see verify.ts). */
export function decodePuzzle(raw: unknown, variant: VariantId): Result<Puzzle> {
  if (!isObject(raw)) return fail('puzzle-shape', 'a puzzle is a JSON object');
  const { id, fen, solution, themes, difficulty, seed, goal, mistake, features, rating } = raw;
  if (typeof id !== 'string' || id === '') return fail('puzzle-shape', 'id must be a text');
  const where = `(${id})`;
  if (raw.variant !== variant)
    return fail(
      'puzzle-variant',
      `${where} variant ${JSON.stringify(raw.variant)} is not ${variant}`,
    );
  if (typeof fen !== 'string') return fail('puzzle-shape', `${where} fen must be a text`);
  const position = parseFen(fen, variant);
  if (!position.ok) return fail('puzzle-fen', `${where} bad fen: ${position.error.message}`);
  if (
    !Array.isArray(solution) ||
    solution.length === 0 ||
    !solution.every((move) => typeof move === 'string')
  ) {
    return fail('puzzle-shape', `${where} solution must be a non-empty list of moves`);
  }
  if (!Array.isArray(themes) || !themes.every((theme) => THEMES.includes(theme as never)))
    return fail('puzzle-shape', `${where} themes must be a list of ${THEMES.join(', ')}`);
  if (typeof difficulty !== 'number' || !Number.isFinite(difficulty))
    return fail('puzzle-shape', `${where} difficulty must be a number`);
  if (typeof seed !== 'string' && typeof seed !== 'number')
    return fail('puzzle-shape', `${where} seed must be a text or a number`);
  if (!GOALS.includes(goal as never))
    return fail('puzzle-shape', `${where} goal must be one of ${GOALS.join(', ')}`);
  const extra: Pick<Puzzle, 'mistake' | 'features' | 'rating'> = {};
  if (mistake !== undefined) {
    const problem = mistakeProblem(mistake, variant, position.value);
    if (problem !== undefined) return fail('puzzle-mistake', `${where} mistake: ${problem}`);
    const { fen: before, move } = mistake as { fen: string; move: string };
    Object.assign(extra, { mistake: { fen: before, move } });
  }
  if (features !== undefined) {
    const { depth, alternatives } = isObject(features) ? features : {};
    if (!isCount(depth, 1, 9) || !isCount(alternatives, 0, 1000))
      return fail(
        'puzzle-shape',
        `${where} features must hold depth (1-9) and alternatives (a count)`,
      );
    Object.assign(extra, { features: { depth, alternatives } });
  }
  if (rating !== undefined) {
    if (typeof rating !== 'number' || !Number.isFinite(rating) || rating < 0 || rating > 4000)
      return fail('puzzle-shape', `${where} rating must be a number from 0 to 4000`);
    Object.assign(extra, { rating });
  }
  return ok({
    id,
    variant,
    fen,
    solution,
    themes: themes as Puzzle['themes'],
    difficulty,
    seed,
    goal: goal as Puzzle['goal'],
    ...extra,
  });
}

/** What is wrong with a puzzle's mistake (its FEN, its move, where it leads), if anything. */
function mistakeProblem(
  mistake: unknown,
  variant: VariantId,
  after: Parameters<typeof makeFen>[0],
): string | undefined {
  if (!isObject(mistake) || typeof mistake.fen !== 'string' || typeof mistake.move !== 'string')
    return 'must hold fen and move (texts)';
  const before = parseFen(mistake.fen, variant);
  if (!before.ok) return `bad fen: ${before.error.message}`;
  const move = parseMove(before.value, mistake.move);
  if (!move.ok) return `${mistake.move}: ${move.error.message}`;
  if (makeFen(applyMove(before.value, move.value)) !== makeFen(after))
    return `${mistake.move} does not lead to the puzzle's position`;
  return undefined;
}

function isCount(value: unknown, low: number, high: number): value is number {
  return Number.isSafeInteger(value) && (value as number) >= low && (value as number) <= high;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

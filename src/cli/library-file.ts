import { readFileSync } from 'node:fs';
import type { Result } from '../engine/index.js';
import { decodeLibrary, type PuzzleLibrary } from '../puzzles/index.js';
import { UsageError } from './options.js';

/** A library file, decoded (a bad one: the codec's sentence); an unreadable one is a UsageError. */
export function readLibraryFile(path: string): Result<PuzzleLibrary> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}`);
  }
  return decodeLibrary(text);
}

/** A library file that must be good: a bad one is a UsageError naming the file. */
export function readGoodLibrary(path: string): PuzzleLibrary {
  const decoded = readLibraryFile(path);
  if (!decoded.ok) throw new UsageError(`${path}: ${decoded.error.message}`);
  return decoded.value;
}

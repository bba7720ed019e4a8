import type { ServiceResult } from '../../src/game/results.js';

/** A use case's value; a refusal fails the test with its code and message. */
export function value<T>(result: ServiceResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.code}: ${result.message}`);
  return result.value;
}

/** A use case's refusal code; a success fails the test. */
export function refused<T>(result: ServiceResult<T>): string {
  if (result.ok) throw new Error('expected a refusal');
  return result.code;
}

import { expect } from 'vitest';
import { StoreError } from '../../src/game/ports.js';

/** The StoreError('corrupt-record') that `run` throws; fails the test when it throws none. */
export function corruptRecordOf(run: () => unknown): StoreError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('corrupt-record');
    return error as StoreError;
  }
  throw new Error('expected a corrupt-record error');
}

/** Games for more than two players (Zhernov's): import from here outside src/engine/multi. */
export * from './types.js';
export * from './standings.js';
export * from './variants.js';
export * from './table.js';
export * from './fen.js';
export * from './notation.js';
export { COUNT_HEIGHT, promotesOn, TableBoard } from './board.js';

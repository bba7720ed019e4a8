/** The engine's public surface: import from here outside src/engine. */
export * from './result.js';
export * from './geometry.js';
export * from './variants.js';
export * from './position.js';
export * from './moves.js';
export * from './notation.js';
export * from './fen.js';
export * from './perft.js';
export { formatKey, MAX_STACK_HEIGHT } from './hash.js';
export { popcount, stepMasks } from './bitboard.js';
export { Board, stacksOf } from './board.js';
export { MoveGenerator } from './movegen.js';
export {
  FLAG_DEMOTES,
  EXTRA_JUMPS,
  FLAG_PROMOTES,
  doubled,
  INLINE_JUMPS,
  JUMP_CAPTURED_KING,
  JUMP_LANDING_SHIFT,
  JUMP_SQUARE_MASK,
  MOVE_STRIDE,
  MoveList,
} from './movelist.js';
export * from './outcome.js';
export * from './pdn.js';
export * from './random.js';

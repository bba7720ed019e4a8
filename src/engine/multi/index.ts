/** Games for more than two players (Zhernov's): import from here outside src/engine/multi. */
export * from './types.js';
export * from './standings.js';

import { Board } from './board.js';
import { MoveGenerator } from './movegen.js';
import { MoveList } from './movelist.js';
import type { Position } from './position.js';

/**
 * Perft: the number of leaf nodes of the legal-move tree to a given depth, every capture
 * route counted as its own move. With `bulk` the last ply is counted without being played;
 * without it every node is made and unmade (what a search does).
 */
export class Perft {
  readonly board: Board;
  private readonly generator: MoveGenerator;
  private readonly lists: MoveList[] = [];

  constructor(position: Position) {
    this.board = new Board(position);
    this.generator = new MoveGenerator(this.board);
  }

  private listAt(ply: number): MoveList {
    while (this.lists.length <= ply) this.lists.push(new MoveList());
    return this.lists[ply]!;
  }

  count(depth: number, bulk: boolean): number {
    return this.search(depth, 0, bulk);
  }

  /** Leaf counts below each root move, keyed by the root move's index in generation order. */
  divide(depth: number, bulk: boolean): { list: MoveList; counts: number[] } {
    const list = this.listAt(0);
    const n = this.generator.generate(list);
    const counts: number[] = [];
    for (let i = 0; i < n; i++) {
      this.board.make(list, i);
      counts.push(depth <= 1 ? 1 : this.search(depth - 1, 1, bulk));
      this.board.unmake(list, i);
    }
    return { list, counts };
  }

  private search(depth: number, ply: number, bulk: boolean): number {
    if (depth === 0) return 1;
    if (bulk && depth === 1) return this.generator.count();
    const list = this.listAt(ply);
    const n = this.generator.generate(list);
    let nodes = 0;
    for (let i = 0; i < n; i++) {
      this.board.make(list, i);
      nodes += this.search(depth - 1, ply + 1, bulk);
      this.board.unmake(list, i);
    }
    return nodes;
  }
}

/** Perft of a position to `depth` (bulk-counted at the last ply). */
export function perft(position: Position, depth: number): number {
  return new Perft(position).count(depth, true);
}

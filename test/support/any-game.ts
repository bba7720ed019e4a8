import { legalMoves, makeMove, parseFen, VARIANTS } from '../../src/engine/index.js';
import { makeTableMove, parseTableFen, tableMoves } from '../../src/engine/multi/index.js';
import { isTableVariant, type GameVariantId } from '../../src/game/model.js';

/** The legal moves, in notation, of any game's position (a table game's too); throws on a bad FEN. */
export function legalMoveTexts(variant: GameVariantId, fen: string): string[] {
  if (isTableVariant(variant)) {
    const position = parseTableFen(fen);
    if (!position.ok) throw new Error(`bad table FEN: ${position.error.message}`);
    return tableMoves(position.value).map(makeTableMove);
  }
  const position = parseFen(fen, variant);
  if (!position.ok) throw new Error(`bad FEN: ${position.error.message}`);
  return legalMoves(position.value).map((move) => makeMove(VARIANTS[variant], move));
}

/** The first legal move of any game's position: what a fake bot plays. */
export function firstLegalMove(variant: GameVariantId, fen: string): string {
  const [move] = legalMoveTexts(variant, fen);
  if (move === undefined) throw new Error(`no legal move in ${fen}`);
  return move;
}

/**
 * The engine's review of a finished two-player game (`/review`): every position of the game is
 * looked at by one bounded search through the PositionAnalysis port (the AI workers), one at a
 * time; each move's cost is the drop in the mover's expected result (calibrated White's chances,
 * see docs/review.md) from the engine's best move to the move played; the costly ones are
 * mistakes and blunders. A finished review is kept in the KeyValueStore, so stepping through it
 * and asking again never search again; two requests for one game at once search once, and at
 * most `concurrency` reviews search at a time in a process (the others wait their turn).
 *
 * Fair play: an active game is never reviewed (no engine help during play).
 */
import {
  GameHistory,
  legalMoves,
  makeFen,
  parseFen,
  parseMove,
  startPosition,
  VARIANTS,
  type GameStatus,
  type Position,
  type VariantId,
} from '../engine/index.js';
import { chatKey, playerKey, type Game, type Platform, type PlayerId } from './model.js';
import { twoPlayerVariant } from './game-rules.js';
import type { KeyValueStore, PositionAnalysis } from './ports.js';
import { rulesOf } from './rules-strategy.js';
import { refusal, success, type ServiceResult } from './results.js';
import type { ServiceContext } from './context.js';

/** A move that costs the mover this much of their expected result (0 to 1) is a mistake. */
export const MISTAKE_DROP = 0.15;
/** … and this much, a blunder. */
export const BLUNDER_DROP = 0.3;
/** A move that loses the mover this many centi-men of score is a mistake whatever its drop… */
export const MISTAKE_LOSS = 300;
/** … and this many, a blunder. */
export const BLUNDER_LOSS = 500;
/** Scores count up to this far from level (centi-men): beyond, a position is decided. */
export const DECIDED = 1_000;
/** A move whose first look loses this much (centi-men) or more is looked at again, deeper… */
export const SUSPECT_LOSS = 50;
/** … the costliest this many of a game (each one two deeper searches at most). */
export const DEEP_MOVES = 8;
/** Reviews searching at once per process, unless the service is told otherwise. */
export const DEFAULT_REVIEW_CONCURRENCY = 1;
/** The format of a cached review; a cached one of another version is made again. */
const REVIEW_VERSION = 2;

export type Verdict = 'mistake' | 'blunder';

/**
 * The verdict on a move that cost its mover `drop` of their expected result (0 to 1) and `loss`
 * centi-men of score (each score taken up to DECIDED from level).
 */
export function verdictOf(drop: number, loss: number, forced: boolean): Verdict | undefined {
  if (forced) return undefined;
  if (drop >= BLUNDER_DROP || loss >= BLUNDER_LOSS) return 'blunder';
  if (drop >= MISTAKE_DROP || loss >= MISTAKE_LOSS) return 'mistake';
  return undefined;
}

/** One move of a reviewed game. */
export interface ReviewedPly {
  /** 0-based index of the move in the game. */
  readonly ply: number;
  /** The move number as PDN writes it (a double-move variant numbers turns). */
  readonly moveNumber: number;
  /** Whether it is Black's part of the move number (or a turn's second move): "14…". */
  readonly continues: boolean;
  readonly side: 'white' | 'black';
  readonly move: string;
  /** White's chances before the move (the engine's best) and after the move played. */
  readonly before: number;
  readonly after: number;
  /** The engine's best move in the position before, and the line that shows why. */
  readonly best: string;
  readonly line: readonly string[];
  /** What the move cost the mover (0 to 1): their chances after the best move minus after this. */
  readonly drop: number;
  /** … and in centi-men of score, each score taken up to DECIDED from level. */
  readonly loss: number;
  /** The mover had one legal move: never marked. */
  readonly forced: boolean;
  readonly verdict?: Verdict;
}

export interface SideSummary {
  readonly mistakes: number;
  readonly blunders: number;
  /** 100 · (1 − the mean drop over the side's unforced moves), rounded; 100 with none. */
  readonly accuracy: number;
}

export interface GameReview {
  readonly version: number;
  readonly gameId: string;
  readonly variant: VariantId;
  /** The plies reviewed (the game's length): a button made for another length is stale. */
  readonly plyCount: number;
  readonly startFen: string;
  /** White's chances at every position, the start first (plyCount + 1 values). */
  readonly chances: readonly number[];
  readonly plies: readonly ReviewedPly[];
  /** The critical moments: the indexes of the plies marked, in the order of the game. */
  readonly moments: readonly number[];
  readonly white: SideSummary;
  readonly black: SideSummary;
}

/** A moment's position: before the move, with the move played and the better one. */
export function momentPosition(review: GameReview, ply: number): Position {
  const parsed = parseFen(review.startFen, review.variant);
  if (!parsed.ok) throw new Error(`review ${review.gameId}: bad start FEN`);
  let history = GameHistory.from(parsed.value);
  for (const reviewed of review.plies.slice(0, ply)) {
    const move = parseMove(history.position, reviewed.move);
    if (!move.ok) throw new Error(`review ${review.gameId}: ${reviewed.move} does not replay`);
    history = history.play(move.value);
  }
  return history.position;
}

export interface ReviewOptions {
  /** Told once when the review has to wait for others to finish first. */
  readonly onQueued?: () => void;
}

export interface ReviewSettings {
  readonly analysis?: PositionAnalysis;
  readonly kv?: KeyValueStore;
  /** How long a finished review (and a chat's last finished game) is kept, ms. */
  readonly ttlMs: number;
  /** Reviews searching at once in this process (default 1). */
  readonly concurrency?: number;
}

/** Where a command for the last finished game was given: its chat, and who gave it. */
export interface ReviewWhere {
  readonly platform: Platform;
  readonly chatId: string;
}

/** The engine's review of finished games, with its cache and its queue. */
export class Reviews {
  private readonly inFlight = new Map<string, Promise<ServiceResult<GameReview>>>();
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private readonly concurrency: number;

  constructor(
    private readonly context: ServiceContext,
    private readonly settings: ReviewSettings,
  ) {
    this.concurrency = Math.max(1, Math.floor(settings.concurrency ?? DEFAULT_REVIEW_CONCURRENCY));
    context.records.onGameFinished((game) => this.noteFinished(game));
  }

  /** Whether reviews can be made here (an engine and a store for them). */
  get available(): boolean {
    return this.settings.analysis !== undefined && this.settings.kv !== undefined;
  }

  /**
   * The review of a finished game: from the cache, or searched now. Refused: an unknown game
   * ('not-found'), an active one ('game-not-over'), a table game ('review-not-for-tables'),
   * no engine here ('review-unavailable').
   */
  async review(
    gameId: string,
    by: PlayerId,
    options: ReviewOptions = {},
  ): Promise<ServiceResult<GameReview>> {
    const { analysis, kv } = this.settings;
    if (analysis === undefined || kv === undefined)
      return refusal('review-unavailable', 'Reviews need the engine and a store.');
    const loaded = await this.context.records.guard(async () => {
      const game = await this.context.store.getGame(gameId);
      return game === undefined ? refusal('not-found', 'No such game.') : success(game);
    });
    if (!loaded.ok) return loaded;
    const game = loaded.value;
    if (!rulesOf(game.variant).reviewed)
      return refusal('review-not-for-tables', 'Table games are not reviewed.');
    if (game.status !== 'finished')
      return refusal('game-not-over', 'A game is reviewed once it is over (fair play).');
    const cached = await this.cached(kv, game);
    if (cached !== undefined) return success(cached);
    const running = this.inFlight.get(game.id);
    if (running !== undefined) return running;
    const work = this.make(game, analysis, kv, by, options).finally(() =>
      this.inFlight.delete(game.id),
    );
    this.inFlight.set(game.id, work);
    return work;
  }

  /** The game most recently finished in a chat (or, failing that, by the player), if known. */
  async lastFinished(where: ReviewWhere, player: PlayerId): Promise<string | undefined> {
    return (await this.lastFinishedIn(where)) ?? (await this.lastFinishedBy(player));
  }

  /** The game most recently finished in a chat, if known. */
  lastFinishedIn(where: ReviewWhere): Promise<string | undefined> {
    return this.lastNoted(chatLastKey(where));
  }

  /** The game the player most recently finished, anywhere, if known. */
  lastFinishedBy(player: PlayerId): Promise<string | undefined> {
    return this.lastNoted(playerLastKey(player));
  }

  private async lastNoted(key: string): Promise<string | undefined> {
    const kv = this.settings.kv;
    if (kv === undefined) return undefined;
    try {
      return await kv.get(key);
    } catch (error) {
      this.context.logger.warn('review: could not read the last finished game', { err: error });
      return undefined;
    }
  }

  /** A table game is noted too: /review then says such games are not reviewed. */
  private async noteFinished(game: Game): Promise<void> {
    const kv = this.settings.kv;
    if (kv === undefined) return;
    const ttl = this.settings.ttlMs;
    const chats = new Set(game.views.map(chatLastKey));
    const players = [game.white, game.black].filter((p) => p.botLevel === undefined);
    await Promise.all([
      ...[...chats].map((key) => kv.set(key, game.id, ttl)),
      ...players.map((player) => kv.set(playerLastKey(player), game.id, ttl)),
    ]);
  }

  private async cached(kv: KeyValueStore, game: Game): Promise<GameReview | undefined> {
    let text: string | undefined;
    try {
      text = await kv.get(reviewKey(game.id));
    } catch (error) {
      this.context.logger.warn('review: could not read the cache', { gameId: game.id, err: error });
      return undefined;
    }
    if (text === undefined) return undefined;
    try {
      const review = JSON.parse(text) as GameReview;
      if (
        review.version === REVIEW_VERSION &&
        review.gameId === game.id &&
        review.plyCount === game.moves.length &&
        Array.isArray(review.plies) &&
        Array.isArray(review.moments) &&
        Array.isArray(review.chances)
      )
        return review;
    } catch {
      // A corrupt entry: made again below.
    }
    this.context.logger.warn('review: a cached review does not read; made again', {
      gameId: game.id,
    });
    return undefined;
  }

  private async make(
    game: Game,
    analysis: PositionAnalysis,
    kv: KeyValueStore,
    by: PlayerId,
    options: ReviewOptions,
  ): Promise<ServiceResult<GameReview>> {
    if (this.running >= this.concurrency) {
      options.onQueued?.();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      const started = Date.now();
      const review = await reviewGameRecord(game, analysis);
      this.context.logger.info('review made', {
        gameId: game.id,
        by: playerKey(by),
        plies: review.plyCount,
        ms: Date.now() - started,
      });
      try {
        await kv.set(reviewKey(game.id), JSON.stringify(review), this.settings.ttlMs);
      } catch (error) {
        this.context.logger.warn('review: could not cache', { gameId: game.id, err: error });
      }
      return success(review);
    } catch (error) {
      this.context.logger.error('review failed', { gameId: game.id, err: error });
      return refusal('review-unavailable', 'The engine could not review the game.');
    } finally {
      // The slot passes to the next review waiting, or is freed.
      const next = this.waiting.shift();
      if (next !== undefined) next();
      else this.running--;
    }
  }
}

function reviewKey(gameId: string): string {
  return `review:${gameId}`;
}

function chatLastKey(chat: ReviewWhere): string {
  return `review:last:${chatKey(chat)}`;
}

function playerLastKey(player: PlayerId): string {
  return `review:last:player:${playerKey(player)}`;
}

/** White's result by the rules in a final position, or undefined if the game could go on. */
function ruleResult(status: GameStatus): number | undefined {
  if (status.kind === 'ongoing') return undefined;
  if (status.kind === 'draw') return 0.5;
  return status.winner === 0 ? 1 : 0;
}

/**
 * Reviews a finished two-player game record: N + 1 searches for N plies, one at a time (a
 * final position decided by the rules is scored by them, not searched). Throws when the record
 * does not replay (a corrupt record) or the engine fails.
 */
export async function reviewGameRecord(
  game: Game,
  analysis: PositionAnalysis,
): Promise<GameReview> {
  const variant = twoPlayerVariant(game);
  const parsed = parseFen(game.startFen, variant);
  const start = parsed.ok ? parsed.value : startPosition(variant);
  const doubleMove = VARIANTS[variant].doubleMove === true;
  let history = GameHistory.from(start);
  const histories: GameHistory[] = [history];
  for (const text of game.moves) {
    const move = parseMove(history.position, text);
    if (!move.ok) throw new Error(`game ${game.id}: ${text} does not replay`);
    history = history.play(move.value);
    histories.push(history);
  }
  const look = async (i: number, deep: boolean): Promise<Look> => {
    const at = histories[i]!;
    const final = i === histories.length - 1 ? ruleResult(at.status()) : undefined;
    if (final !== undefined)
      return { best: '', pv: [], chances: final, score: (final - 0.5) * 2 * DECIDED };
    const seen = await analysis.analyse({
      variant,
      fen: makeFen(at.position),
      quietPlies: at.quietPlies,
      ...(deep ? { deep: true } : {}),
    });
    return { best: seen.best, pv: seen.pv, chances: seen.whiteChances, score: seen.score };
  };
  // The first look: every position, one at a time.
  const first: Look[] = [];
  for (let i = 0; i < histories.length; i++) first.push(await look(i, false));
  const forced = game.moves.map((_, ply) => legalMoves(histories[ply]!.position).length === 1);
  const white = (ply: number) => histories[ply]!.position.turn === 0;
  const costOf = (ply: number, before: Look, after: Look) =>
    moveCost(
      game.moves[ply]!,
      white(ply),
      before,
      after,
      forced[ply]! || game.moves[ply] === first[ply]!.best,
    );
  // The deeper look, at both positions of the moves the first look suspects, costliest first.
  const suspects = game.moves
    .map((_, ply) => ({ ply, loss: costOf(ply, first[ply]!, first[ply + 1]!).loss }))
    .filter((move) => move.loss >= SUSPECT_LOSS)
    .sort((a, b) => b.loss - a.loss || a.ply - b.ply)
    .slice(0, DEEP_MOVES);
  const deeper = new Map<number, Look>();
  for (const { ply } of suspects) {
    for (const i of [ply, ply + 1]) if (!deeper.has(i)) deeper.set(i, await look(i, true));
  }

  const plies: ReviewedPly[] = [];
  let turnNumber = 1;
  for (const [ply, move] of game.moves.entries()) {
    const position = histories[ply]!.position;
    const side = position.turn === 0 ? 'white' : 'black';
    const next = histories[ply + 1]!.position;
    const sameTurn = ply > 0 && histories[ply - 1]!.position.turn === position.turn;
    const moveNumber = doubleMove ? turnNumber : Math.floor((ply + start.turn) / 2) + 1;
    const continues = doubleMove ? sameTurn : side === 'black';
    if (next.turn !== position.turn) turnNumber++;
    // A move is judged by one look at both its positions: the deeper one where both had it.
    const deepBefore = deeper.get(ply);
    const deepAfter = deeper.get(ply + 1);
    const both = deepBefore !== undefined && deepAfter !== undefined;
    const before = both ? deepBefore : first[ply]!;
    const after = both ? deepAfter : first[ply + 1]!;
    const { drop, loss } = costOf(ply, before, after);
    const verdict = verdictOf(drop, loss, forced[ply]!);
    plies.push({
      ply,
      moveNumber,
      continues,
      side,
      move,
      before: before.chances,
      after: after.chances,
      best: before.best,
      line: before.pv,
      drop,
      loss,
      forced: forced[ply]!,
      ...(verdict === undefined ? {} : { verdict }),
    });
  }
  const chances = first.map((look, i) => (deeper.get(i) ?? look).chances);
  return {
    version: REVIEW_VERSION,
    gameId: game.id,
    variant,
    plyCount: game.moves.length,
    startFen: makeFen(start),
    chances,
    plies,
    moments: plies.filter((p) => p.verdict !== undefined).map((p) => p.ply),
    white: summary(plies, 'white'),
    black: summary(plies, 'black'),
  };
}

/** What a search saw of a position: its best move and line, White's chances and score. */
interface Look {
  readonly best: string;
  readonly pv: readonly string[];
  readonly chances: number;
  /** White's view, centi-men. */
  readonly score: number;
}

/**
 * What a move cost its mover, from the looks at the positions before and after it: nothing for
 * a forced move or the engine's own choice (its two searches see to different depths, so it
 * could show a small drop), else the drop in chances and the loss of score.
 */
function moveCost(
  move: string,
  white: boolean,
  before: Look,
  after: Look,
  free: boolean,
): { drop: number; loss: number } {
  if (free || move === before.best) return { drop: 0, loss: 0 };
  const chances = (look: Look) => (white ? look.chances : 1 - look.chances);
  const score = (look: Look) =>
    Math.max(-DECIDED, Math.min(DECIDED, white ? look.score : -look.score));
  return {
    drop: Math.max(0, chances(before) - chances(after)),
    loss: Math.max(0, score(before) - score(after)),
  };
}

function summary(plies: readonly ReviewedPly[], side: 'white' | 'black'): SideSummary {
  const own = plies.filter((p) => p.side === side);
  const unforced = own.filter((p) => !p.forced);
  const meanDrop =
    unforced.length === 0 ? 0 : unforced.reduce((sum, p) => sum + p.drop, 0) / unforced.length;
  return {
    mistakes: own.filter((p) => p.verdict === 'mistake').length,
    blunders: own.filter((p) => p.verdict === 'blunder').length,
    accuracy: Math.round(100 * (1 - meanDrop)),
  };
}

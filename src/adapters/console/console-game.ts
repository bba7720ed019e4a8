import {
  colorOfSide,
  describeStatus,
  legalMoves,
  makeMove,
  makePdn,
  parseVariant,
  VARIANTS,
  type VariantId,
} from '../../engine/index.js';
import { BOT_LEVELS, botPlayer, DEFAULT_BOT_LEVEL } from '../../game/bot-player.js';
import { gameHistory, gamePosition, twoPlayerVariant } from '../../game/game-rules.js';
import { playerToMove, sideToMove } from '../../game/rules-strategy.js';
import { otherSide, twoPlayerSide, type Game, type Player, type Side } from '../../game/model.js';
import type { ServiceResult } from '../../game/results.js';
import type { BotMoveOutcome, GameService } from '../../game/service.js';
import { boardText, sideName } from './board-text.js';

const HELP = [
  'Type a move: c3-d4, or a capture with every landing square: c3:e5:g3 (c3:g3 is enough when',
  'only one route goes there). Commands:',
  '  moves          list the legal moves',
  '  undo           take back the last move',
  '  flip           turn the board around',
  '  new [variant]  start again (bashni, stolby, laska, giveaway, adiyukh, adiyukh-8x10,',
  '                 adiyukh-10x10, multistorey, bashni-double, bashni-double-2, bashni-double-11, borovikov, stavropol)',
  '  pdn            print the game record',
  '  bot [1-8|off]  let the bot play the other side (level 1 beginner ... 8 strongest)',
  '  help           this text',
  '  quit           leave',
];

/** The two people at the keyboard: hot-seat play moves for whichever side is to move. */
function human(side: Side): Player {
  return { platform: 'console', userId: side, displayName: sideName(side) };
}

/**
 * Hot-seat play in a terminal on the game service, so the terminal has the chats' rules and
 * bot: plain state + a line handler, so that the readline wiring stays trivial and the
 * behaviour is testable. Every input line returns the lines to print. Taking back a move or
 * changing who plays a side starts a new game record with the moves kept.
 */
export class ConsoleGame {
  private game: Game | undefined;
  private readonly variant: VariantId;
  private blackBottom = false;
  private bot: { level: number; side: Side } | undefined;
  /** Outcomes of bot moves not shown yet (any game: a replaced game's are dropped unread). */
  private readonly botNews: BotMoveOutcome[] = [];
  private wakeUp: (() => void) | undefined;
  /** Where the bot last failed to move: it is not waited for there again. */
  private botFailed: { gameId: string; ply: number } | undefined;
  private readonly unwatch: () => void;
  finished = false;

  /** `service` plays bot players only if it has an AI (see GameService.hasBot). */
  constructor(
    private readonly service: GameService,
    variant: VariantId = 'bashni',
  ) {
    this.variant = variant;
    this.unwatch = service.bot.watch((outcome) => {
      this.botNews.push(outcome);
      this.wakeUp?.();
    });
  }

  /** Stops listening to the service. */
  close(): void {
    this.unwatch();
  }

  /** Handles a line, then waits for the bot's answer while it is its move. */
  async reply(input: string): Promise<string[]> {
    const lines = this.takeBotNews();
    lines.push(...(await this.handle(input)));
    while (this.game !== undefined && this.botToMove(this.game)) {
      lines.push(...this.showBotMove(await this.nextBotMove(this.game.id)));
    }
    return lines;
  }

  /** The opening screen. */
  async welcome(): Promise<string[]> {
    const game = await this.current();
    const variant = VARIANTS[twoPlayerVariant(game)];
    return [
      `Bashni Bot — local game of ${variant.name.en} (${variant.name.ru}). Type "help" for help.`,
      '',
      ...this.screen(game),
    ];
  }

  /** Handles a line without waiting for the bot. */
  async handle(input: string): Promise<string[]> {
    const line = input.trim();
    const [command, argument] = line.split(/\s+/);
    // split gives at least one piece ('' for an empty line).
    switch (command!.toLowerCase()) {
      case '':
        return [];
      case 'help':
      case '?':
        return HELP;
      case 'quit':
      case 'exit':
        this.finished = true;
        return ['Bye!'];
      case 'moves': {
        const position = gamePosition(await this.current());
        const variant = VARIANTS[position.variant];
        const moves = legalMoves(position).map((m) => makeMove(variant, m));
        return [moves.length > 0 ? moves.join('  ') : 'No legal moves.'];
      }
      case 'flip':
        this.blackBottom = !this.blackBottom;
        return this.screen(await this.current());
      case 'undo':
        return this.undo();
      case 'bot':
        return this.setBot(argument);
      case 'new':
        return this.restart(argument);
      case 'pdn': {
        const history = gameHistory(await this.current());
        return makePdn({ start: history.start, moves: history.moves, result: '*' })
          .trimEnd()
          .split('\n');
      }
      default:
        return this.play(line);
    }
  }

  private screen(game: Game): string[] {
    const lines = boardText(gamePosition(game), this.blackBottom);
    if (game.status === 'finished')
      lines.push(`Game over — ${resultText(game)}. Type "new" to play again.`);
    return lines;
  }

  private async play(text: string): Promise<string[]> {
    const game = await this.current();
    if (game.status === 'finished') return ['The game is over. Type "new" to play again.'];
    const mover = playerToMove(game);
    const played = await this.service.moves.play(game.id, mover, text, {
      seenPly: game.moves.length,
    });
    if (!played.ok) {
      return played.code === 'illegal-move'
        ? [played.message, 'Type "moves" to see the legal moves.']
        : [played.message];
    }
    this.game = played.value;
    return [`Played ${played.value.moves.at(-1)}.`, ...this.screen(played.value)];
  }

  private async undo(): Promise<string[]> {
    const game = await this.current();
    const moves = game.moves;
    if (moves.length === 0) return ['Nothing to take back.'];
    // Against the bot, take back its answer too, so that it is your move again.
    const count =
      this.bot !== undefined && sideToMove(game) !== this.bot.side && moves.length >= 2 ? 2 : 1;
    const replaced = await this.replace(
      twoPlayerVariant(game),
      game.startFen,
      moves.slice(0, -count),
    );
    if (!replaced.ok) return [replaced.message];
    return [
      count === 2 ? 'Took back your last move and the bot’s answer.' : 'Took back the last move.',
      ...this.screen(replaced.value),
    ];
  }

  private async setBot(argument: string | undefined): Promise<string[]> {
    const game = await this.current();
    if (argument?.toLowerCase() === 'off') {
      const hadBot = this.bot !== undefined;
      this.bot = undefined;
      if (hadBot) await this.keepPlayingWithNewPlayers(game);
      return ['The bot stops playing: you play both sides.'];
    }
    if (!this.service.bot.available) return ['The bot is not available here.'];
    const level = argument === undefined ? DEFAULT_BOT_LEVEL : Number(argument);
    if (!Number.isInteger(level) || level < 1 || level > BOT_LEVELS)
      return [`Write bot 1 … bot ${BOT_LEVELS}, or bot off.`];
    // The bot takes the side that is not to move, so it answers your next move.
    const side = otherSide(twoPlayerSide(sideToMove(game)));
    this.bot = { level, side };
    await this.keepPlayingWithNewPlayers(game);
    return [
      `The bot (level ${level}) plays ${sideName(side)}; you play ${sideName(otherSide(side))}.`,
    ];
  }

  /** The same game on, with the players as now set (a finished game: from the next one). */
  private async keepPlayingWithNewPlayers(game: Game): Promise<void> {
    if (game.status === 'active')
      await this.replace(twoPlayerVariant(game), game.startFen, game.moves);
  }

  private async restart(variantText: string | undefined): Promise<string[]> {
    let variant = this.game === undefined ? this.variant : twoPlayerVariant(this.game);
    if (variantText !== undefined) {
      const parsed = parseVariant(variantText);
      if (!parsed.ok) return [parsed.error.message];
      variant = parsed.value.id;
    }
    const replaced = await this.replace(variant);
    return replaced.ok ? this.welcome() : [replaced.message];
  }

  /** The game being played, started at the first need. */
  private async current(): Promise<Game> {
    if (this.game !== undefined) return this.game;
    const started = await this.replace(this.variant);
    if (!started.ok) throw new Error(`the terminal game could not start: ${started.message}`);
    return started.value;
  }

  /**
   * A new game record in place of the current one (which is resigned, so that no timer of the
   * service works on it any more): from a start position with the moves kept, players as set.
   */
  private async replace(
    variant: VariantId,
    fen?: string,
    moves: readonly string[] = [],
  ): Promise<ServiceResult<Game>> {
    const old = this.game;
    const started = await this.service.moves.start({
      white:
        this.bot?.side === 'white'
          ? botPlayer('console', this.bot.level, `Bot (level ${this.bot.level})`)
          : human('white'),
      black:
        this.bot?.side === 'black'
          ? botPlayer('console', this.bot.level, `Bot (level ${this.bot.level})`)
          : human('black'),
      variant,
      fen,
      moves,
    });
    if (!started.ok) return started;
    this.game = started.value;
    if (old?.status === 'active') {
      await this.service.endings.resign(
        old.id,
        old.white.botLevel === undefined ? old.white : old.black,
      );
    }
    return started;
  }

  /** Whether the game waits for the bot (and the bot has not already failed to move there). */
  private botToMove(game: Game): boolean {
    if (game.status !== 'active' || !this.service.bot.available) return false;
    const player = playerToMove(game);
    const failedHere =
      this.botFailed?.gameId === game.id && this.botFailed.ply === game.moves.length;
    return player.botLevel !== undefined && !failedHere;
  }

  /** The next outcome of a bot move in `gameId`, as soon as there is one. */
  private async nextBotMove(gameId: string): Promise<BotMoveOutcome> {
    for (;;) {
      const index = this.botNews.findIndex((outcome) => outcome.gameId === gameId);
      const outcome = this.botNews[index];
      if (outcome !== undefined) {
        this.botNews.splice(index, 1);
        return outcome;
      }
      await new Promise<void>((resolve) => (this.wakeUp = resolve));
    }
  }

  /** Bot moves that came while nobody waited (the service's safety net asked again). */
  private takeBotNews(): string[] {
    const news = this.botNews.splice(0);
    return news
      .filter((outcome) => outcome.gameId === this.game?.id)
      .flatMap((o) => this.showBotMove(o));
  }

  private showBotMove(outcome: BotMoveOutcome): string[] {
    const giveUp = 'type "bot off" to play both sides.';
    if ('error' in outcome) {
      this.botFailed = outcome;
      return [`The bot could not move (${String(outcome.error)}); ${giveUp}`];
    }
    const { result } = outcome;
    if (result.ok) {
      this.game = result.value;
      return [`Bot plays ${result.value.moves[outcome.ply]}.`, ...this.screen(result.value)];
    }
    if (result.code === 'stale-version') return [];
    this.botFailed = outcome;
    return result.code === 'illegal-move'
      ? [`The bot suggested an illegal move (${outcome.move}); ${giveUp}`]
      : [`The bot could not move (${result.message}); ${giveUp}`];
  }
}

/** How the game ended, worded as the engine words the rules' verdicts. */
function resultText(game: Game): string {
  const { result } = game;
  const turn = gamePosition(game).turn;
  if (result === undefined) return describeStatus({ kind: 'ongoing' }, turn);
  if (result.reason === 'threefold-repetition' || result.reason === 'fifteen-move-rule')
    return describeStatus({ kind: 'draw', reason: result.reason }, turn, twoPlayerVariant(game));
  if (result.reason === 'half-count' && result.counts !== undefined) {
    const [white, black] = result.counts;
    if (result.winner === null) return `draw ${white}:${black} on the half count`;
    return result.winner === 'white'
      ? `white wins ${white}:${black} on the half count`
      : `black wins ${black}:${white} on the half count`;
  }
  if (result.reason === 'no-legal-move' && result.winner !== null) {
    const winner = colorOfSide(twoPlayerSide(result.winner));
    return describeStatus({ kind: 'win', winner, reason: result.reason }, turn);
  }
  return result.winner === null
    ? `draw (${result.reason})`
    : `${result.winner} wins (${result.reason})`;
}

import {
  GameHistory,
  describeStatus,
  legalMoves,
  makeMove,
  makePdn,
  parseMove,
  parseVariant,
  startPosition,
  makeFen,
  VARIANTS,
  type Color,
  type VariantId,
} from '../../engine/index.js';
import { boardText } from './board-text.js';

/** The bot's engine, as the game service's BotMoves port asks it. */
export type ChooseMove = (request: {
  gameId: string;
  variant: VariantId;
  fen: string;
  level: number;
}) => Promise<string>;

const HELP = [
  'Type a move: c3-d4, or a capture with every landing square: c3:e5:g3 (c3:g3 is enough when',
  'only one route goes there). Commands:',
  '  moves          list the legal moves',
  '  undo           take back the last move',
  '  flip           turn the board around',
  '  new [variant]  start again (bashni, stolby, laska, giveaway)',
  '  pdn            print the game record',
  '  bot [1-8|off]  let the bot play the other side (level 1 beginner ... 8 strongest)',
  '  help           this text',
  '  quit           leave',
];

/**
 * Hot-seat play in a terminal, as plain state + a line handler, so that the readline wiring
 * stays trivial and the behaviour is testable. Every input line returns the lines to print.
 */
export class ConsoleGame {
  private history: GameHistory;
  private blackBottom = false;
  private bot: { level: number; side: Color } | undefined;
  finished = false;

  /** `chooseMove` is the bot's engine (the AI pool); without it there is no bot to play. */
  constructor(
    variant: VariantId = 'bashni',
    private readonly chooseMove?: ChooseMove,
  ) {
    this.history = GameHistory.from(startPosition(variant));
  }

  /** Handles a line, then lets the bot answer while it is its move. */
  async reply(input: string): Promise<string[]> {
    const lines = this.handle(input);
    while (
      this.bot !== undefined &&
      this.chooseMove !== undefined &&
      this.history.status().kind === 'ongoing'
    ) {
      const position = this.history.position;
      if (position.turn !== this.bot.side) break;
      const variant = VARIANTS[position.variant];
      let text: string;
      try {
        text = await this.chooseMove({
          gameId: 'console',
          variant: variant.id,
          fen: makeFen(position),
          level: this.bot.level,
        });
      } catch (error) {
        lines.push(`The bot could not move (${String(error)}); type "bot off" to play both sides.`);
        break;
      }
      const move = parseMove(position, text);
      if (!move.ok) {
        lines.push(
          `The bot suggested an illegal move (${text}); type "bot off" to play both sides.`,
        );
        break;
      }
      this.history = this.history.play(move.value);
      lines.push(`Bot plays ${makeMove(variant, move.value)}.`, ...this.screen());
    }
    return lines;
  }

  /** The opening screen. */
  welcome(): string[] {
    const variant = VARIANTS[this.history.position.variant];
    return [
      `Bashni Bot — local game of ${variant.name.en} (${variant.name.ru}). Type "help" for help.`,
      '',
      ...this.screen(),
    ];
  }

  private screen(): string[] {
    const status = this.history.status();
    const lines = boardText(this.history.position, this.blackBottom);
    if (status.kind !== 'ongoing')
      lines.push(
        `Game over — ${describeStatus(status, this.history.position.turn)}. Type "new" to play again.`,
      );
    return lines;
  }

  handle(input: string): string[] {
    const line = input.trim();
    const [command, argument] = line.split(/\s+/);
    switch (command.toLowerCase()) {
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
        const variant = VARIANTS[this.history.position.variant];
        const moves = legalMoves(this.history.position).map((m) => makeMove(variant, m));
        return [moves.length > 0 ? moves.join('  ') : 'No legal moves.'];
      }
      case 'flip':
        this.blackBottom = !this.blackBottom;
        return this.screen();
      case 'undo':
        return this.undo();
      case 'bot':
        return this.setBot(argument);
      case 'new':
        return this.restart(argument);
      case 'pdn':
        return makePdn({ start: this.history.start, moves: this.history.moves, result: '*' })
          .trimEnd()
          .split('\n');
      default:
        return this.play(line);
    }
  }

  private play(text: string): string[] {
    if (this.history.status().kind !== 'ongoing')
      return ['The game is over. Type "new" to play again.'];
    const move = parseMove(this.history.position, text);
    if (!move.ok) return [move.error.message, 'Type "moves" to see the legal moves.'];
    const variant = VARIANTS[this.history.position.variant];
    this.history = this.history.play(move.value);
    return [`Played ${makeMove(variant, move.value)}.`, ...this.screen()];
  }

  private undo(): string[] {
    const moves = this.history.moves;
    if (moves.length === 0) return ['Nothing to take back.'];
    // Against the bot, take back its answer too, so that it is your move again.
    const count =
      this.bot !== undefined && this.history.position.turn !== this.bot.side && moves.length >= 2
        ? 2
        : 1;
    let history = GameHistory.from(this.history.start);
    for (const move of moves.slice(0, -count)) history = history.play(move);
    this.history = history;
    return [
      count === 2 ? 'Took back your last move and the bot’s answer.' : 'Took back the last move.',
      ...this.screen(),
    ];
  }

  private setBot(argument: string | undefined): string[] {
    if (argument?.toLowerCase() === 'off') {
      this.bot = undefined;
      return ['The bot stops playing: you play both sides.'];
    }
    if (this.chooseMove === undefined) return ['The bot is not available here.'];
    const level = argument === undefined ? 4 : Number(argument);
    if (!Number.isInteger(level) || level < 1 || level > 8)
      return ['Write bot 1 … bot 8, or bot off.'];
    // The bot takes the side that is not to move, so it answers your next move.
    const side = (this.history.position.turn ^ 1) as Color;
    this.bot = { level, side };
    return [
      `The bot (level ${level}) plays ${side === 0 ? 'White' : 'Black'}; you play ${side === 0 ? 'Black' : 'White'}.`,
    ];
  }

  private restart(variantText: string | undefined): string[] {
    let variant = this.history.position.variant;
    if (variantText !== undefined) {
      const parsed = parseVariant(variantText);
      if (!parsed.ok) return [parsed.error.message];
      variant = parsed.value.id;
    }
    this.history = GameHistory.from(startPosition(variant));
    return this.welcome();
  }
}

import {
  GameHistory,
  describeStatus,
  legalMoves,
  makeMove,
  makePdn,
  parseMove,
  parseVariant,
  startPosition,
  VARIANTS,
  type VariantId,
} from '../../engine/index.js';
import { boardText } from './board-text.js';

const HELP = [
  'Type a move: c3-d4, or a capture with every landing square: c3:e5:g3 (c3:g3 is enough when',
  'only one route goes there). Commands:',
  '  moves          list the legal moves',
  '  undo           take back the last move',
  '  flip           turn the board around',
  '  new [variant]  start again (bashni, stolby, laska, giveaway)',
  '  pdn            print the game record',
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
  finished = false;

  constructor(variant: VariantId = 'bashni') {
    this.history = GameHistory.from(startPosition(variant));
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
    let history = GameHistory.from(this.history.start);
    for (const move of moves.slice(0, -1)) history = history.play(move);
    this.history = history;
    return ['Took back the last move.', ...this.screen()];
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

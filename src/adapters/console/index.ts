import { createInterface } from 'node:readline';
import type { VariantId } from '../../engine/index.js';
import { ConsoleGame, type ChooseMove } from './console-game.js';

/** Runs hot-seat play on stdin/stdout until "quit" or end of input. */
export async function runConsole(
  variant: VariantId,
  input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
  chooseMove?: ChooseMove,
): Promise<void> {
  const game = new ConsoleGame(variant, chooseMove);
  const print = (lines: string[]) => output.write(lines.map((l) => l + '\n').join(''));
  print(game.welcome());
  const rl = createInterface({ input, output, prompt: '> ', terminal: input.isTTY === true });
  rl.prompt();
  for await (const line of rl) {
    print(await game.reply(line));
    if (game.finished) break;
    rl.prompt();
  }
  rl.close();
}

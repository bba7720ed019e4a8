import { createInterface } from 'node:readline';
import type { VariantId } from '../../engine/index.js';
import type { GameService } from '../../game/service.js';
import { ConsoleGame } from './console-game.js';

/**
 * Runs hot-seat play on stdin/stdout until "quit" or end of input, on a started game service
 * (the composition root gives it the memory store, a scheduler and the AI).
 */
export async function runConsole(
  service: GameService,
  variant: VariantId,
  input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
): Promise<void> {
  const game = new ConsoleGame(service, variant);
  const print = (lines: string[]) => output.write(lines.map((l) => l + '\n').join(''));
  try {
    print(await game.welcome());
    const rl = createInterface({ input, output, prompt: '> ', terminal: input.isTTY === true });
    rl.prompt();
    for await (const line of rl) {
      print(await game.reply(line));
      if (game.finished) break;
      rl.prompt();
    }
    rl.close();
  } finally {
    game.close();
  }
}

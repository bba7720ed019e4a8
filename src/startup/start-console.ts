/** Local play in the terminal, on the game service with the memory store. */
import { runConsole } from '../adapters/console/index.js';
import { AiPool } from '../ai/index.js';
import type { Config } from '../config.js';
import type { Logger } from '../game/logger.js';
import type { BotMoves } from '../game/ports.js';
import { GameService } from '../game/service.js';
import { InProcessScheduler } from '../store/memory-scheduler.js';
import { MemoryGameStore } from '../store/memory-store.js';

export async function startConsole(config: Config, logger: Logger): Promise<void> {
  // The engine's worker threads start only if the bot is asked to play.
  let pool: AiPool | undefined;
  const bot: BotMoves = {
    chooseMove: (request, options) =>
      (pool ??= new AiPool({ size: 1 })).chooseMove(request, options),
  };
  const service = new GameService({
    store: new MemoryGameStore(),
    scheduler: new InProcessScheduler(),
    logger,
    bot,
  });
  await service.start();
  try {
    await runConsole(service, config.defaultVariant, process.stdin, process.stdout);
  } finally {
    await service.stop();
    await pool?.close();
  }
}

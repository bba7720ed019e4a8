import { silentLogger } from '../../../src/game/logger.js';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { boardText } from '../../../src/adapters/console/board-text.js';
import { ConsoleGame } from '../../../src/adapters/console/console-game.js';
import { runConsole } from '../../../src/adapters/console/index.js';
import type { BotMoves } from '../../../src/game/ports.js';
import { GameService } from '../../../src/game/service.js';
import { InProcessScheduler } from '../../../src/store/memory-scheduler.js';
import { MemoryGameStore } from '../../../src/store/memory-store.js';
import { fen } from '../../support/engine-helpers.js';
import { item } from '../../support/present.js';

const services: GameService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.stop()));
});

/** A started service as src/main.ts wires it for the terminal: memory store, in-process timers. */
async function localService(chooseMove?: BotMoves['chooseMove']): Promise<GameService> {
  const service = new GameService({
    store: new MemoryGameStore(),
    scheduler: new InProcessScheduler(),
    logger: silentLogger,
    bot: chooseMove === undefined ? undefined : { chooseMove },
  });
  await service.start();
  services.push(service);
  return service;
}

describe('console board', () => {
  it('shows tops, heights and every tall stack top first', () => {
    const lines = boardText(fen('B:Wa1,f4(0101/00):Bb6(00/1),Kh2'));
    expect(lines[0]).toBe('     a  b  c  d  e  f  g  h ');
    expect(lines.find((l) => l.startsWith('  4'))).toBe('  4     .     .     w6    . ');
    expect(lines).toContain('stacks (top first): b6=bbW  f4=wWwWbb');
    expect(lines.at(-1)).toBe('Black to move · stacks: white 2, black 2');
  });

  it('turns around for Black at the bottom', () => {
    const lines = boardText(fen('W:Wa1:Bh8'), true);
    expect(lines[0]).toBe('     h  g  f  e  d  c  b  a ');
    expect(item(lines, 1, 'lines').startsWith('  1')).toBe(true);
  });
});

describe('console game', () => {
  it('plays, refuses bad input kindly, takes back and restarts', async () => {
    const game = new ConsoleGame(await localService());
    expect((await game.handle('c3-d4'))[0]).toBe('Played c3-d4.');
    expect((await game.handle('c3-d4'))[0]).toMatch(/not a legal move/);
    expect((await game.handle('nonsense words'))[0]).toMatch(/is not a move/);
    expect((await game.handle('moves'))[0]).toContain('f6-g5');
    expect((await game.handle('undo'))[0]).toBe('Took back the last move.');
    expect((await game.handle('undo'))[0]).toBe('Nothing to take back.');
    expect((await game.handle('new chess'))[0]).toMatch(/Unknown variant/);
    expect((await game.handle('new laska'))[0]).toContain('Laska');
    expect(await game.handle('pdn')).toContain('[Variant "laska"]');
  });

  it('announces the end of the game', async () => {
    const game = new ConsoleGame(await localService());
    await game.handle('new');
    const lines: string[] = [];
    for (const move of ['c3-d4', 'f6-e5', 'd4:f6', 'g7:e5'])
      lines.push(...(await game.handle(move)));
    expect(lines.some((l) => l.startsWith('Played g7:e5'))).toBe(true);
  });

  it('runs over streams until quit', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const done = runConsole(await localService(), 'bashni', input, output);
    input.write('c3-d4\nquit\n');
    await done;
    expect(text).toContain('Played c3-d4.');
    expect(text).toContain('Bye!');
  });
});

describe('console game against the bot', () => {
  it('the bot answers each move; undo takes back both; bot off gives the board back', async () => {
    const asked: string[] = [];
    const service = await localService(({ fen, level }) => {
      asked.push(`${level}:${fen.slice(0, 1)}`);
      return Promise.resolve('f6-g5');
    });
    const game = new ConsoleGame(service, 'bashni');
    expect(await game.reply('bot 3')).toEqual(['The bot (level 3) plays Black; you play White.']);
    const lines = await game.reply('c3-d4');
    expect(lines[0]).toBe('Played c3-d4.');
    expect(lines).toContain('Bot plays f6-g5.');
    expect(asked).toEqual(['3:B']);
    expect((await game.reply('undo'))[0]).toBe('Took back your last move and the bot’s answer.');
    expect(await game.reply('bot 9')).toEqual(['Write bot 1 … bot 8, or bot off.']);
    expect(await game.reply('bot off')).toEqual(['The bot stops playing: you play both sides.']);
    expect((await game.reply('c3-d4')).some((l) => l.startsWith('Bot plays'))).toBe(false);
  });

  it('without an engine there is no bot, and a failing engine is reported', async () => {
    expect(await new ConsoleGame(await localService()).reply('bot')).toEqual([
      'The bot is not available here.',
    ]);
    const broken = new ConsoleGame(await localService(() => Promise.resolve('z9-z8')), 'bashni');
    await broken.reply('bot');
    expect((await broken.reply('c3-d4')).at(-1)).toMatch(/illegal move \(z9-z8\)/);
  });
});

import { chatLanguage } from '../../chat/presenting/chat-settings.js';
import type { DuePost, PuzzleService } from '../../game/puzzles.js';
import type { Logger } from '../../game/service.js';
import { messagesOn } from '../../i18n/index.js';
import { isGone } from './api-errors.js';
import type { ChannelOutput } from './channel-output.js';
import type { ChatState } from './chat-state.js';
import type { BoardPainter } from './game-message.js';
import { dailyPostMessage } from './puzzle-message.js';

export interface DailyPostDeps {
  readonly out: ChannelOutput;
  readonly channels: ChatState;
  readonly puzzles: PuzzleService;
  readonly painter: BoardPainter;
  readonly logger: Logger;
}

/**
 * Posts a channel's puzzle of the day (for the daily poster), in the channel's language
 * (English unless /settings chose another). True once posted, and also when the channel is
 * gone or the bot lost access to it: that channel's daily post is then turned off, since no
 * retry would reach it. False for any other failure: the poster tries again.
 */
export function dailyPoster(deps: DailyPostDeps): (due: DuePost) => Promise<boolean> {
  const { logger } = deps;
  return async (due) => {
    const channelId = due.chatKey.slice('discord:'.length);
    try {
      const settings = await deps.channels.settings(channelId);
      const t = messagesOn('discord', chatLanguage(settings));
      await deps.out.post(channelId, await dailyPostMessage(due.puzzle, due.day, t, deps.painter));
      return true;
    } catch (error) {
      if (!isGone(error)) {
        logger.warn('discord: daily puzzle post failed', {
          chatKey: due.chatKey,
          err: error,
        });
        return false;
      }
      const off = await deps.puzzles.stopDaily(due.chatKey);
      logger.warn('discord: the daily puzzle channel is gone or closed to the bot', {
        chatKey: due.chatKey,
        turnedOff: off.ok,
        err: error,
      });
      return off.ok;
    }
  };
}

import { playerToMove } from '../../game/game-rules.js';
import { samePlayer, type Game } from '../../game/model.js';
import { markdown } from './markdown.js';
import { refusalText } from '../../chat/refusal-text.js';
import { liveViews } from './identity.js';
import type { DiscordDeps, Turn } from './router.js';

/**
 * The game a command is about: the user's one active game shown in this channel (preferring
 * the one where it is their move), else their only active game anywhere.
 */
export async function withCommandGame(
  turn: Turn,
  deps: DiscordDeps,
  work: (game: Game) => Promise<void>,
): Promise<void> {
  const { t } = turn;
  const games = await deps.service.activeGames(turn.player);
  if (!games.ok) {
    await turn.whisper(markdown(refusalText(t, games)));
    return;
  }
  const here = games.value.filter((game) =>
    liveViews(game.views).some((view) => view.chatId === turn.channelId),
  );
  const candidates = here.length > 0 ? here : games.value;
  const mine = candidates.filter((game) => samePlayer(playerToMove(game), turn.player));
  const game = candidates.length === 1 ? candidates[0] : mine.length === 1 ? mine[0] : undefined;
  if (game === undefined) {
    await turn.whisper(candidates.length === 0 ? t.errors.noGameHere : t.errors.severalGames);
    return;
  }
  await work(deps.presenter.note(game));
}

import { pickCommandGame } from '../../chat/command-game.js';
import type { Game } from '../../game/model.js';
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
  // Nothing shown here: the player's only game elsewhere will do.
  const game = pickCommandGame(here.length > 0 ? here : games.value, turn.player);
  if (game === 'none' || game === 'several') {
    await turn.whisper(game === 'none' ? t.errors.noGameHere : t.errors.severalGames);
    return;
  }
  await work(deps.presenter.note(game));
}

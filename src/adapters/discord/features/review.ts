import { ButtonStyle, ComponentType } from 'discord.js';
import { refusalText } from '../../../chat/words/refusal-text.js';
import type { ReviewButton, ReviewPainter } from '../../../chat/words/review-text.js';
import { pressedReview, reviewView } from '../../../chat/presenting/review-view.js';
import type { Game } from '../../../game/model.js';
import type { GameReview } from '../../../game/service.js';
import type { Messages } from '../../../i18n/index.js';
import type { Components, OutgoingMessage } from '../channel-output.js';
import { pictureMessage } from '../game-message.js';
import { escapeDiscord } from '../markdown.js';
import type { DiscordDeps, InteractionRouter } from '../router.js';
import { button } from '../table-cards.js';

const REVIEW_COLOUR = 0x5865f2;

/**
 * The stepping buttons in one row. Discord refuses a message whose custom_ids repeat (50035), and
 * at the first moment ◀ leads where 📈 does (the graph): a button that a later one of the row
 * repeats is shown greyed out, under an id of its own (`~` and its place, which decodes to no
 * payload: it could not act even if pressed).
 */
function components(buttons: readonly ReviewButton[]): Components {
  const row = buttons.map((b) => button(b.label, b.payload, ButtonStyle.Secondary));
  const shown = row.map((b, index) =>
    row.slice(index + 1).some((later) => later.custom_id === b.custom_id)
      ? { ...b, custom_id: `${b.custom_id}~${index}`, disabled: true }
      : b,
  );
  return shown.length === 0 ? [] : [{ type: ComponentType.ActionRow, components: shown }];
}

/** The review's message: the graph with the summary, or a moment's board with its line. */
async function reviewMessage(
  t: Messages,
  review: GameReview,
  game: Game,
  painter: ReviewPainter,
  moment?: number,
): Promise<OutgoingMessage> {
  const view = reviewView(t, review, game, painter, moment, 4_000);
  // The review's texts are plain (names in them as players wrote them): shown as written.
  return pictureMessage(
    { description: escapeDiscord(view.caption), color: REVIEW_COLOUR },
    { name: view.fileName, data: await view.picture() },
    components(view.buttons),
  );
}

/**
 * /review on Discord: the engine's review of the channel's most recently finished game (else
 * the user's game here, refused while it is on, else their last one; GameService.gameToReview),
 * deferred at once (a review searches for seconds), then answered with the
 * evaluation graph, the summary and buttons that step through the critical moments, each press
 * updating the message in place.
 */
export function reviewFeature(
  router: InteractionRouter,
  deps: DiscordDeps,
  painter: ReviewPainter,
): void {
  router.command('review', 'public', async (turn) => {
    const { t } = turn;
    const gameId = await deps.service.gameToReview(
      { platform: 'discord', chatId: turn.channelId },
      turn.player,
    );
    if (gameId === undefined) return turn.whisper(t.review.noGame);
    const loaded = await turn.present(await deps.service.queries.getGame(gameId));
    if (loaded === undefined) return;
    // Within Discord's 3 s: the search takes longer, the answer becomes an edit.
    await turn.answer.defer();
    const reviewed = await deps.service.reviews.review(gameId, turn.player);
    if (!reviewed.ok) return turn.whisper(refusalText(t, reviewed));
    await turn.answer.respond(await reviewMessage(t, reviewed.value, loaded, painter));
  });

  router.button('review', 'update', async (turn, payload) => {
    const { t } = turn;
    const pressed = await pressedReview(deps.service, payload, turn.player, t);
    if ('refusal' in pressed) return turn.whisper(pressed.refusal);
    const { review, game } = pressed;
    await turn.answer.respond(await reviewMessage(t, review, game, painter, payload.moment));
  });
}

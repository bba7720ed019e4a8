import { ButtonStyle, ComponentType } from 'discord.js';
import { refusalText } from '../../../chat/words/refusal-text.js';
import {
  evalGraphData,
  momentBoard,
  momentCaption,
  reviewButtons,
  reviewSummary,
  type ReviewPainter,
} from '../../../chat/words/review-text.js';
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
function components(t: Messages, review: GameReview, moment?: number): Components {
  const row = reviewButtons(t, review, moment).map((b) =>
    button(b.label, b.payload, ButtonStyle.Secondary),
  );
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
  // The review's texts are plain (names in them as players wrote them): shown as written.
  const description =
    moment === undefined
      ? escapeDiscord(reviewSummary(t, review, game, 4_000))
      : escapeDiscord(momentCaption(t, review, game, moment, 4_000));
  const data =
    moment === undefined
      ? await painter.paintEvalGraph(evalGraphData(t, review, game))
      : await painter.paintMoment(momentBoard(t, review, moment));
  return pictureMessage(
    { description, color: REVIEW_COLOUR },
    { name: moment === undefined ? 'review.png' : 'moment.png', data },
    components(t, review, moment),
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
    const loaded = await deps.service.queries.getGame(payload.gameId);
    if (!loaded.ok) return turn.whisper(refusalText(t, loaded));
    const reviewed = await deps.service.reviews.review(payload.gameId, turn.player);
    if (!reviewed.ok) return turn.whisper(refusalText(t, reviewed));
    const review = reviewed.value;
    const moment = payload.moment;
    if (
      review.plyCount !== payload.ply ||
      (moment !== undefined && moment >= review.moments.length)
    )
      return turn.whisper(t.review.stale);
    await turn.answer.respond(await reviewMessage(t, review, loaded.value, painter, moment));
  });
}

import type { Move } from '../../../engine/index.js';
import { gamePicks } from '../../../chat/buttons/pick-payloads.js';
import { refusalText } from '../../../chat/words/refusal-text.js';
import { anyPosition } from '../../../game/rules-strategy.js';
import { moveRefusal } from '../../../chat/commands/may-move.js';
import type { Game } from '../../../game/model.js';
import type { OutgoingMessage } from '../channel-output.js';
import { withPlace, type GameCommands } from '../command-game.js';
import { orientationFor } from '../game-message.js';
import { markdown } from '../markdown.js';
import { stackPicker } from '../picker.js';
import { inPicker, pickSteps } from '../pick-steps.js';
import type { DiscordDeps, InteractionRouter, Turn } from '../router.js';

/**
 * Moves: the public Move button opens a picker only its player sees (stacks, then targets, then
 * the route when several captures end on one square, and Back); the pick is played and the
 * public game message is updated by the presenter. `/move c3-d4` plays typed moves.
 */
export function moveFeature(
  router: InteractionRouter,
  deps: DiscordDeps,
  gameCommands: GameCommands,
): void {
  router.button('move', 'ephemeral', async (turn, payload) => {
    const game = await playable(turn, deps, payload.gameId, payload.ply, true);
    if (game !== undefined) await turn.answer.respond(await stacks(turn, deps, game));
  });

  pickSteps(router, '', async (turn, gameId, ply) => {
    const game = await playable(turn, deps, gameId, ply);
    if (game === undefined) return undefined;
    return {
      position: anyPosition(game),
      orientation: await orientationIn(turn, deps, game),
      picks: gamePicks(game.id, game.moves.length),
      commit: (move) => commit(turn, deps, game, move),
    };
  });

  gameCommands.add('move', 'ephemeral', async (turn, game, elsewhere, move) => {
    const played = await turn.present(
      await deps.service.moves.play(game.id, turn.player, move ?? '', {
        requestKey: turn.requestKey,
      }),
    );
    if (played === undefined) return;
    const content = markdown(turn.t.discord.played(played.moves.at(-1)!));
    await turn.answer.respond({ content: withPlace(content, turn, elsewhere) });
  });
}

/**
 * The game a picker press acts on, if the presser may move in it now and the press was made for
 * its current position; otherwise the user is told why (and a public board that is behind is
 * brought up to date).
 */
async function playable(
  turn: Turn,
  deps: DiscordDeps,
  gameId: string,
  ply: number,
  publicBoard = false,
): Promise<Game | undefined> {
  const { t } = turn;
  if (turn.answer.mode === 'update' && !inPicker(turn)) {
    await turn.whisper(t.errors.unknownButton);
    return undefined;
  }
  const loaded = await deps.service.queries.getGame(gameId);
  if (!loaded.ok) {
    await say(turn, markdown(refusalText(t, loaded)));
    return undefined;
  }
  const game = deps.presenter.note(loaded.value);
  const why = moveRefusal(game, turn.player, ply);
  if (why === undefined) return game;
  if (publicBoard && ply !== game.moves.length) deps.presenter.surface.updateBoards(game);
  await say(turn, t.errors[why]);
  return undefined;
}

/** Tells the user something: in the picker itself when the press was made in it. */
async function say(turn: Turn, text: string): Promise<void> {
  if (turn.answer.mode === 'update') await turn.answer.respond({ content: text, components: [] });
  else await turn.whisper(text);
}

async function orientationIn(turn: Turn, deps: DiscordDeps, game: Game) {
  const { settings } = await deps.presenter.surface.channelContext(turn.channelId);
  return orientationFor(game, settings);
}

async function stacks(turn: Turn, deps: DiscordDeps, game: Game): Promise<OutgoingMessage> {
  return stackPicker(game, await orientationIn(turn, deps, game), turn.t);
}

/** Plays the picked move; the picker then says so (and loses its buttons). */
async function commit(turn: Turn, deps: DiscordDeps, game: Game, move: Move): Promise<void> {
  const played = await deps.service.moves.play(game.id, turn.player, move, {
    seenPly: game.moves.length,
    requestKey: turn.requestKey,
  });
  if (!played.ok) {
    await say(turn, markdown(refusalText(turn.t, played)));
    return;
  }
  await deps.publish(played.events);
  const notation = played.value.moves[game.moves.length] ?? played.value.moves.at(-1)!;
  await turn.answer.respond({ content: turn.t.discord.played(notation), components: [] });
}

import { ButtonStyle, ComponentType, PermissionFlagsBits } from 'discord.js';
import { encodePayload } from '../../../chat/buttons/button-payload.js';
import { gamePdn, pdnFileName } from '../../../chat/words/pdn-export.js';
import { sideToMove } from '../../../game/rules-strategy.js';
import { opponentsOf, otherSide, sideOf } from '../../../game/model.js';
import { resultText } from '../../../chat/words/board-caption.js';
import { parseLang } from '../../../i18n/index.js';
import { mayChangeSettings } from '../../../chat/presenting/chat-settings.js';
import { gameVs } from '../../../chat/commands/command-game.js';
import { channelLastGame, withPlace, type GameCommands } from '../command-game.js';
import { discordView, liveViews, mentionOf, messageLink, nameOf } from '../identity.js';
import { markdown } from '../markdown.js';
import { rulesAnswer } from '../../../chat/words/rules-text.js';
import type { DiscordDeps, InteractionRouter, Turn } from '../router.js';

/**
 * Whether the user holds a permission here: in a server, by their roles (Administrator holds
 * every one: discord.js's `has` counts it); in a DM with the bot, the user may do anything.
 */
function mayHere(turn: Turn, permission: bigint): boolean {
  const { interaction } = turn;
  return !interaction.inGuild() || interaction.memberPermissions.has(permission) === true;
}

/**
 * Whether the user may change the channel's settings (its language, its daily puzzle): in a
 * server, members who manage the channel; in a DM, the user.
 */
export function managesChannel(turn: Turn): boolean {
  const { interaction } = turn;
  return mayChangeSettings({
    locale: interaction.locale,
    privateChat: !interaction.inGuild(),
    admin: mayHere(turn, PermissionFlagsBits.ManageChannels),
  });
}

/**
 * Whether the user may run the server's tournaments (open one, start or cancel anyone's): in a
 * server, members who manage it (or administrators); in a DM, the user.
 */
export function managesServer(turn: Turn): boolean {
  return mayHere(turn, PermissionFlagsBits.ManageGuild);
}

/** /resign, /draw, /games, /board, /pdn, /rules, /help, /settings and their buttons. */
export function commandFeature(
  router: InteractionRouter,
  deps: DiscordDeps,
  gameCommands: GameCommands,
): void {
  gameCommands.add('resign', 'ephemeral', async (turn, game, elsewhere) => {
    const { t } = turn;
    const ply = game.moves.length;
    const question = markdown(t.resignQuestion(gameVs(game, turn.player, t, { name: nameOf })));
    await turn.answer.respond({
      content: withPlace(question, turn, elsewhere),
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.Button,
              style: ButtonStyle.Danger,
              label: t.resignYes,
              custom_id: encodePayload({
                kind: 'resign',
                gameId: game.id,
                ply,
                userId: turn.player.userId,
              }),
            },
            {
              type: ComponentType.Button,
              style: ButtonStyle.Secondary,
              label: t.resignNo,
              custom_id: encodePayload({
                kind: 'keep-playing',
                gameId: game.id,
                userId: turn.player.userId,
              }),
            },
          ],
        },
      ],
    });
  });

  router.button('resign', 'update', async (turn, payload) => {
    if (payload.userId !== turn.player.userId) {
      await turn.whisper(turn.t.errors.notForYou);
      return;
    }
    const game = await turn.present(
      await deps.service.endings.resign(payload.gameId, turn.player, {
        seenPly: payload.ply,
        requestKey: turn.requestKey,
      }),
    );
    if (game === undefined) return;
    // At a table the game may go on without the player: they are out.
    const content =
      game.result === undefined
        ? turn.t.table.seatOut(nameOf(turn.player), 'resign')
        : resultText(game, game.result, turn.t, { name: nameOf, mention: mentionOf }, turn.player);
    await turn.answer.respond({ content: markdown(content), components: [] });
  });

  router.button('keep-playing', 'update', async (turn, payload) => {
    if (payload.userId !== turn.player.userId) {
      await turn.whisper(turn.t.errors.notForYou);
      return;
    }
    await turn.answer.respond({ content: turn.t.resignKept, components: [] });
  });

  gameCommands.add('draw', 'ephemeral', async (turn, game, elsewhere) => {
    const side = sideOf(game, turn.player);
    const answering = (side === 'white' || side === 'black') && game.drawOffer === otherSide(side);
    const result = answering
      ? await deps.service.endings.acceptDraw(game.id, turn.player)
      : await deps.service.endings.offerDraw(game.id, turn.player, { requestKey: turn.requestKey });
    const after = await turn.present(result);
    if (after === undefined) return;
    const { t } = turn;
    if (after.result !== undefined) {
      const result = resultText(
        after,
        after.result,
        t,
        { name: nameOf, mention: mentionOf },
        turn.player,
      );
      await turn.answer.respond({ content: withPlace(markdown(result), turn, elsewhere) });
      return;
    }
    // An offer is posted under the game's message; from elsewhere, the answer links to it.
    const offer = t.drawOffer(nameOf(turn.player));
    await turn.answer.respond({
      content: markdown(
        elsewhere === undefined
          ? offer
          : `${offer}\n${t.discord.drawPostedThere(elsewhere.game, elsewhere.place, elsewhere.link)}`,
      ),
    });
  });

  router.button('draw-accept', 'update', async (turn, payload) => {
    await turn.present(await deps.service.endings.acceptDraw(payload.gameId, turn.player));
  });
  router.button('draw-decline', 'update', async (turn, payload) => {
    await turn.present(await deps.service.endings.declineDraw(payload.gameId, turn.player));
  });

  router.command('games', 'ephemeral', async (turn) => {
    const { t } = turn;
    const games = await turn.present(await deps.service.queries.activeGames(turn.player));
    if (games === undefined) return;
    if (games.length === 0) {
      await turn.answer.respond({ content: t.noGames });
      return;
    }
    const lines = games.map((game) => {
      const side = sideOf(game, turn.player)!;
      const opponents = opponentsOf(game, turn.player).map(nameOf).join(', ');
      const views = liveViews(game.views);
      const view = views.find((v) => v.chatId === turn.channelId) ?? views.at(0);
      const link =
        view === undefined
          ? undefined
          : messageLink(deps.guildOf(view.chatId), view.chatId, view.messageId);
      return markdown(
        t.gameLine(opponents, t.variant(game.variant), side === sideToMove(game), link),
      );
    });
    await turn.answer.respond({ content: [t.gamesHeader, ...lines].join('\n').slice(0, 2000) });
  });

  gameCommands.add('board', 'public', async (turn, game, elsewhere) => {
    const message = await deps.presenter.surface.messageFor(game, turn.channelId);
    if (elsewhere !== undefined) {
      // The game is played in another channel: its live message stays there (where the
      // opponent follows it); here the user alone sees the board as it is now, without its
      // buttons (it is not kept up to date), and the way to the live one.
      const { game: words, place, link } = elsewhere;
      await turn.whisper({
        ...message,
        content: markdown(turn.t.discord.boardElsewhere(words, place, link)),
        components: [],
      });
      return;
    }
    const messageId = await turn.answer.respond(message);
    if (messageId !== undefined)
      await deps.presenter.surface.recordGameMessage(game, discordView(turn.channelId, messageId));
  });

  // Right after a game, the one /replay would show (the channel's last, over); else the user's.
  gameCommands.add(
    'pdn',
    'ephemeral',
    async (turn, game, elsewhere) => {
      await turn.answer.respond({
        content: withPlace(markdown(turn.t.pdnCaption), turn, elsewhere),
        files: [{ name: pdnFileName(game), data: Buffer.from(gamePdn(game), 'utf8') }],
      });
    },
    async (turn) => {
      const last = await channelLastGame(turn, deps);
      return last === 'told' || last?.status === 'finished' ? last : undefined;
    },
  );

  // An embed: the rules of every variant run past a message's 2000 characters (4096 here).
  router.command('rules', 'ephemeral', (turn) => {
    const rules = rulesAnswer(turn.t, turn.interaction.options.getString('variant') ?? undefined);
    return turn.answer
      .respond({ embeds: [{ description: markdown(rules) }] })
      .then(() => undefined);
  });
  router.command('help', 'ephemeral', (turn) =>
    turn.answer.respond({ content: turn.t.discord.help }).then(() => undefined),
  );

  router.command('settings', 'ephemeral', async (turn) => {
    const { interaction, t } = turn;
    if (!interaction.isChatInputCommand()) return;
    const lang = parseLang(interaction.options.getString('language') ?? undefined);
    const orientationText = interaction.options.getString('orientation');
    const orientation =
      orientationText === 'mover' || orientationText === 'white' ? orientationText : undefined;
    if (lang === undefined && orientation === undefined) {
      const settings = await deps.channels.settings(turn.channelId);
      await turn.answer.respond({ content: t.settings(settings.orientation ?? 'white') });
      return;
    }
    if (!managesChannel(turn)) {
      await turn.whisper(t.discord.settingsManagersOnly);
      return;
    }
    await deps.channels.updateSettings(turn.channelId, { lang, orientation });
    await turn.answer.respond({ content: t.discord.settingsSaved });
  });
}

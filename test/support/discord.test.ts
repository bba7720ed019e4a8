import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  EmbedBuilder,
  Events,
  GatewayIntentBits,
  MessageFlags,
  REST,
  Routes,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  type Interaction,
  type TextChannel,
} from 'discord.js';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  FakeDiscord,
  type FakeDiscordOptions,
  type FakeGuild,
  type FakeUser,
} from './discord/fake-discord.js';
import { item } from './present.js';

function png(width: number, height: number): Buffer {
  return PNG.sync.write(new PNG({ width, height }));
}

async function apiError(promise: Promise<unknown>): Promise<DiscordAPIError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DiscordAPIError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

const commands = [
  new SlashCommandBuilder()
    .setName('newgame')
    .setDescription('Start a game')
    .setNameLocalizations({ ru: 'новаяигра' })
    .setDescriptionLocalizations({ ru: 'Начать партию' })
    .addUserOption((option) =>
      option.setName('opponent').setDescription('Who to play').setRequired(true),
    )
    .addIntegerOption((option) =>
      option.setName('level').setDescription('Bot level').setMinValue(1).setMaxValue(8),
    ),
  new SlashCommandBuilder().setName('board').setDescription('Show the board'),
].map((builder) => builder.toJSON());

describe('FakeDiscord driven by the real discord.js', () => {
  const clients: Client[] = [];
  let fake: FakeDiscord;
  let guild: FakeGuild;
  let alice: FakeUser;
  let bob: FakeUser;

  async function start(options: FakeDiscordOptions = {}): Promise<void> {
    fake = await FakeDiscord.start(options);
    guild = fake.addGuild({
      name: 'Bashni club',
      channels: [{ name: 'general' }, { name: 'staff', visible: false }],
    });
    alice = fake.newUser('alice', { locale: 'ru' });
    bob = fake.newUser('bob');
    await new REST({ api: fake.restApi })
      .setToken(fake.token)
      .put(Routes.applicationCommands(fake.applicationId), { body: commands });
  }

  async function login(): Promise<Client> {
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.restApi } });
    clients.push(client);
    const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
    await client.login(fake.token);
    await ready;
    return client;
  }

  /** Runs `handler` on the client's next interaction; resolves with what it returns. */
  function onNext<T>(
    client: Client,
    handler: (interaction: Interaction) => Promise<T>,
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      client.once(Events.InteractionCreate, (interaction) => {
        handler(interaction).then(resolve, reject);
      });
    });
  }

  const general = (): string => item(guild.channels, 0, 'guild.channels').id;

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.destroy()));
    await fake.close();
  });

  it('logs a client in: READY, then the guilds with their channels', async () => {
    await start();
    const client = await login();
    expect(client.user?.id).toBe(fake.applicationId);
    const cached = client.guilds.cache.get(guild.id);
    expect(cached?.name).toBe('Bashni club');
    expect(cached?.channels.cache.map((channel) => channel.name).sort()).toEqual([
      'general',
      'staff',
    ]);
    // The hidden channel denies the bot View Channel, as Discord's overwrites would.
    const staff = cached?.channels.cache.get(item(guild.channels, 1, 'guild.channels').id);
    expect(staff?.permissionsFor(client.user!)?.has('ViewChannel')).toBe(false);
    expect(fake.sessions).toMatchObject([{ index: 0, connected: true, shard: [0, 1], intents: 1 }]);
    expect(fake.callsTo({ route: '/gateway/bot' })).toHaveLength(1);

    // A guild added later arrives as GUILD_CREATE (the bot joined it).
    const joined = new Promise((resolve) => client.once(Events.GuildCreate, resolve));
    const second = fake.addGuild({ name: 'Second', channels: [{ name: 'lobby' }] });
    await joined;
    expect(client.guilds.cache.has(second.id)).toBe(true);
  });

  it('refuses a bad token on REST (401) and on the gateway (close 4004)', async () => {
    await start();
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.restApi } });
    clients.push(client);
    await expect(client.login('not-the-token')).rejects.toThrow(/invalid token/i);

    const socket = new WebSocket(`${fake.gatewayUrl}/?v=10&encoding=json`);
    const received: { op: number; d?: unknown }[] = [];
    const acked = new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        const payload = JSON.parse((data as Buffer).toString('utf8')) as {
          op: number;
          d?: unknown;
        };
        received.push(payload);
        if (payload.op === 11) resolve();
      });
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ op: 1, d: null }));
    await acked;
    expect(received[0]).toMatchObject({ op: 10, d: { heartbeat_interval: 41250 } });
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send(JSON.stringify({ op: 2, d: { token: 'wrong', intents: 1, properties: {} } }));
    expect(await closed).toBe(4004);
  });

  it('records commands registered with @discordjs/rest and validates them like Discord', async () => {
    await start();
    expect(fake.commands().map((command) => command.name)).toEqual(['newgame', 'board']);
    const newgame = item(fake.commands(), 0, 'commands');
    const rest = new REST({ api: fake.restApi }).setToken(fake.token);
    const listed = (await rest.get(Routes.applicationCommands(fake.applicationId))) as {
      id: string;
    }[];
    expect(listed.map((command) => command.id)).toEqual(
      fake.commands().map((command) => command.id),
    );

    // Overwriting keeps the id of a command that stays.
    await rest.put(Routes.applicationCommands(fake.applicationId), { body: [commands[0]] });
    expect(fake.commands()).toEqual([expect.objectContaining({ name: 'newgame', id: newgame.id })]);
    await rest.put(Routes.applicationGuildCommands(fake.applicationId, guild.id), {
      body: [commands[1]],
    });
    expect(fake.commands(guild.id).map((command) => command.name)).toEqual(['board']);

    const put = (body: unknown): Promise<unknown> =>
      rest.put(Routes.applicationCommands(fake.applicationId), { body });
    const upper = await apiError(put([{ name: 'NewGame', description: 'x' }]));
    expect(upper.code).toBe(50035);
    expect(upper.message).toContain('0.name[APPLICATION_COMMAND_INVALID_NAME]');
    const locale = await apiError(put([{ ...commands[1], name_localizations: { xx: 'board' } }]));
    expect(locale.message).toContain('name_localizations.xx');
    const order = await apiError(
      put([
        {
          name: 'move',
          description: 'Move',
          options: [
            { type: 3, name: 'from', description: 'From' },
            { type: 3, name: 'to', description: 'To', required: true },
          ],
        },
      ]),
    );
    expect(order.message).toContain('APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID');
    const empty = await apiError(put([{ name: 'x', description: '' }]));
    expect(empty.message).toContain('0.description[BASE_TYPE_BAD_LENGTH]');
    // A failed overwrite changes nothing.
    expect(fake.commands().map((command) => command.name)).toEqual(['newgame']);
  });

  it('plays a slash command: deferReply, editReply with embed, file and buttons, then update() on a press', async () => {
    await start();
    const client = await login();
    const board = png(8, 6);

    const replied = onNext(client, async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('expected a slash command');
      await interaction.deferReply();
      const opponent = interaction.options.getUser('opponent', true);
      const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId('accept').setLabel('Accept').setStyle(ButtonStyle.Success),
        new ButtonBuilder().setCustomId('decline').setLabel('Decline').setStyle(ButtonStyle.Danger),
      );
      const menu = new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
        new StringSelectMenuBuilder()
          .setCustomId('variant')
          .addOptions({ label: 'Bashni', value: 'bashni' }, { label: 'Laska', value: 'laska' }),
      );
      await interaction.editReply({
        content: `<@${opponent.id}>, level ${interaction.options.getInteger('level')}`,
        embeds: [new EmbedBuilder().setTitle('Challenge').setImage('attachment://board.png')],
        files: [new AttachmentBuilder(board, { name: 'board.png' })],
        components: [row, menu],
      });
      return {
        locale: interaction.locale,
        guildLocale: interaction.guildLocale,
        member: interaction.member?.user.id,
        channel: interaction.channelId,
      };
    });
    const handle = fake.command({
      user: alice,
      channelId: general(),
      name: 'newgame',
      options: { opponent: bob, level: 3 },
    });
    expect(await replied).toEqual({
      locale: 'ru',
      guildLocale: 'en-US',
      member: alice.id,
      channel: general(),
    });
    expect((await handle.acknowledged()).type).toBe(5);
    expect(handle.ack?.afterMs).toBeLessThan(fake.ackTimeoutMs);

    const original = handle.original!;
    expect(original).toMatchObject({
      content: `<@${bob.id}>, level 3`,
      loading: false,
      ephemeral: false,
      edits: 1,
    });
    expect(original.author.id).toBe(fake.applicationId);
    expect(original.attachments).toHaveLength(1);
    const attachment = item(original.attachments, 0, 'attachments');
    expect(attachment).toMatchObject({
      filename: 'board.png',
      contentType: 'image/png',
      width: 8,
    });
    expect(attachment.data.equals(board)).toBe(true);
    expect(original.embeds[0]?.image?.url).toBe(attachment.url);
    expect(Buffer.from(await (await fetch(attachment.url)).arrayBuffer()).equals(board)).toBe(true);
    expect(fake.messages(general()).map((message) => message.id)).toEqual([original.id]);

    // The message is a channel message the bot can edit by the channel route too.
    const channel = (await client.channels.fetch(general())) as TextChannel;
    const fetched = await channel.messages.fetch(original.id);
    expect(fetched.interactionMetadata?.user.id).toBe(alice.id);

    const pressed = onNext(client, async (interaction) => {
      if (!interaction.isButton()) throw new Error('expected a button');
      await interaction.update({
        content: `accepted by ${interaction.user.username}`,
        components: [],
      });
      return interaction.customId;
    });
    const press = fake.press({ user: bob, message: original, customId: 'accept' });
    expect(await pressed).toBe('accept');
    expect((await press.acknowledged()).type).toBe(7);
    expect(fake.message(general(), original.id)).toMatchObject({
      content: 'accepted by bob',
      components: [],
      edits: 2,
    });
    // Attachments stay when an edit does not mention them.
    expect(fake.message(general(), original.id)?.attachments).toHaveLength(1);
    expect(() =>
      fake.press({ user: bob, message: fake.message(general(), original.id)!, customId: 'accept' }),
    ).toThrow(/no button accept/);

    const chosen = onNext(client, async (interaction) => {
      if (!interaction.isStringSelectMenu()) throw new Error('expected a select menu');
      await interaction.deferUpdate();
      await interaction.editReply({ content: `variant ${interaction.values.join(',')}` });
      return interaction.message.id;
    });
    const choice = fake.choose({
      user: alice,
      message: original,
      customId: 'variant',
      values: ['laska'],
    });
    expect(await chosen).toBe(original.id);
    expect(choice.ack?.type).toBe(6);
    expect(fake.message(general(), original.id)?.content).toBe('variant laska');
  });

  it('keeps ephemeral replies out of the channel and fills a deferred reply with the first follow-up', async () => {
    await start();
    const client = await login();
    const secret = onNext(client, async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('expected a slash command');
      await interaction.reply({ content: 'only you', flags: MessageFlags.Ephemeral });
      const followUp = await interaction.followUp({ content: 'for everyone' });
      return followUp.id;
    });
    const handle = fake.command({ user: alice, channelId: general(), name: 'board' });
    const followUpId = await secret;
    expect(handle.original).toMatchObject({
      content: 'only you',
      ephemeral: true,
      visibleTo: alice.id,
      flags: 64,
    });
    expect(handle.followups.map((message) => message.id)).toEqual([followUpId]);
    expect(fake.ephemeral(alice.id).map((message) => message.content)).toEqual(['only you']);
    expect(fake.ephemeral(bob.id)).toEqual([]);
    expect(fake.messages(general()).map((message) => message.content)).toEqual(['for everyone']);
    // Bob cannot press anything on Alice's ephemeral message.
    expect(() => fake.press({ user: bob, message: handle.original!, customId: 'x' })).toThrow(
      /cannot see/,
    );
    const hidden = await apiError(
      client.rest.get(Routes.channelMessage(general(), handle.original!.id)),
    );
    expect(hidden.code).toBe(10008);

    const deferred = onNext(client, async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('expected a slash command');
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      const message = await interaction.followUp({ content: 'thought about it' });
      return message.id;
    });
    const second = fake.command({ user: bob, channelId: general(), name: 'board' });
    // Discord: a follow-up right after a deferral edits the "thinking" message, still ephemeral.
    expect(await deferred).toBe(second.original?.id);
    expect(second.original).toMatchObject({
      content: 'thought about it',
      ephemeral: true,
      loading: false,
    });
    expect(second.followups).toEqual([]);
  });

  it('answers 404 10008 for @original before the acknowledgement, and the resource when asked', async () => {
    await start();
    const client = await login();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const received = onNext(client, async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('expected a slash command');
      await released;
      const response = await interaction.reply({ content: 'now', withResponse: true });
      return response.resource?.message?.content;
    });
    const handle = fake.command({ user: alice, channelId: general(), name: 'board' });
    const early = await apiError(
      client.rest.patch(Routes.webhookMessage(fake.applicationId, handle.token, '@original'), {
        body: { content: 'too early' },
        auth: false,
      }),
    );
    expect(early).toMatchObject({ code: 10008, status: 404 });
    release();
    // with_response=true: Discord answers with the callback's resource, the message included.
    expect(await received).toBe('now');
    expect(
      fake.callsTo({ route: '/interactions/:interaction_id/:interaction_token/callback' })[0],
    ).toMatchObject({
      query: { with_response: 'true' },
      status: 200,
    });
  });

  it('refuses a late acknowledgement with 10062 and a second one with 40060', async () => {
    await start({ ackTimeoutMs: 300 });
    const client = await login();
    const late = onNext(client, async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('expected a slash command');
      await fake.waitFor(() => fake.interaction(interaction.id)?.expired);
      return apiError(interaction.reply('too late'));
    });
    const handle = fake.command({ user: alice, channelId: general(), name: 'board' });
    await expect(handle.acknowledged()).rejects.toThrow(/not acknowledged within 300 ms/);
    expect((await late).code).toBe(10062);
    expect(handle.refused.map((refusal) => refusal.code)).toEqual([10062]);
    expect(handle.ack).toBeUndefined();
    expect(fake.messages(general())).toEqual([]);

    const twice = onNext(client, async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('expected a slash command');
      // Both calls pass discord.js's own guard, so the second reaches Discord.
      return Promise.allSettled([interaction.reply('first'), interaction.reply('second')]);
    });
    const double = fake.command({ user: alice, channelId: general(), name: 'board' });
    const [first, second] = await twice;
    expect(first.status).toBe('fulfilled');
    expect(
      second.status === 'rejected' &&
        second.reason instanceof DiscordAPIError &&
        second.reason.code,
    ).toBe(40060);
    expect(double.refused.map((refusal) => refusal.code)).toEqual([40060]);
    expect(fake.messages(general()).map((message) => message.content)).toEqual(['first']);
  });

  it('makes discord.js retry an injected 429 on a message edit, and holds requests on demand', async () => {
    await start();
    const client = await login();
    const channel = (await client.channels.fetch(general())) as TextChannel;
    const sent = await channel.send('board v1');
    fake.rateLimitNext({ method: 'PATCH', path: /^\/channels\/\d+\/messages\/\d+$/ }, 150);
    const edited = await sent.edit('board v2');
    expect(edited.content).toBe('board v2');
    const edits = fake.callsTo({
      method: 'PATCH',
      route: '/channels/:channel_id/messages/:message_id',
    });
    expect(edits.map((call) => call.status)).toEqual([429, 200]);
    expect(edits[0]?.response).toMatchObject({ retry_after: 0.15, global: false });
    expect(fake.message(general(), sent.id)?.content).toBe('board v2');

    const hold = fake.hold({ method: 'DELETE' });
    const deleting = sent.delete();
    const held = await hold.held();
    expect(held.path).toBe(`/channels/${general()}/messages/${sent.id}`);
    expect(fake.message(general(), sent.id)?.deleted).toBe(false);
    hold.release();
    await deleting;
    expect(fake.message(general(), sent.id)?.deleted).toBe(true);
    expect(fake.callsTo({ method: 'DELETE' })[0]).toMatchObject({ status: 204, held: true });
  });

  it('limits message creates per channel and announces the limit in x-ratelimit headers', async () => {
    await start({ rateLimits: { messageCreate: { limit: 2, windowMs: 60_000 } } });
    const post = (): Promise<Response> =>
      fetch(`${fake.restApi}/v10/channels/${general()}/messages`, {
        method: 'POST',
        headers: { authorization: `Bot ${fake.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'hi' }),
      });
    const first = await post();
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(Number(first.headers.get('x-ratelimit-reset-after'))).toBeGreaterThan(0);
    expect(first.headers.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]{16}$/);
    expect((await post()).headers.get('x-ratelimit-remaining')).toBe('0');
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      message: 'You are being rate limited.',
      global: false,
    });
    expect(fake.messages(general())).toHaveLength(2);
    // Another channel has its own bucket.
    const other = item(fake.addGuild({ name: 'Other', channels: [{ name: 'x' }] }).channels, 0).id;
    const elsewhere = await fetch(`${fake.restApi}/v10/channels/${other}/messages`, {
      method: 'POST',
      headers: { authorization: `Bot ${fake.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'hi' }),
    });
    expect(elsewhere.status).toBe(200);
  });

  it('validates message bodies like Discord (50035, 50006, 413) and guards channels (10003, 50001)', async () => {
    // Every request counts against the window, refused ones too (discord.js then waits).
    await start({ maxFileBytes: 1000, rateLimits: { messageCreate: { limit: 5, windowMs: 200 } } });
    const client = await login();
    const channel = (await client.channels.fetch(general())) as TextChannel;
    const button = (id: string): ButtonBuilder =>
      new ButtonBuilder().setCustomId(id).setLabel(id).setStyle(ButtonStyle.Primary);
    const rows = Array.from({ length: 6 }, (_, index) =>
      new ActionRowBuilder<ButtonBuilder>().addComponents(button(`b${index}`)),
    );
    const sixRows = await apiError(channel.send({ content: 'board', components: rows }));
    expect(sixRows).toMatchObject({ code: 50035, status: 400 });
    expect(sixRows.message).toContain('components[BASE_TYPE_MAX_LENGTH]');

    const duplicate = await apiError(
      channel.send({
        components: [new ActionRowBuilder<ButtonBuilder>().addComponents(button('a'), button('a'))],
      }),
    );
    expect(duplicate.message).toContain(
      'components[0].components[1].custom_id[COMPONENT_CUSTOM_ID_DUPLICATED]',
    );
    expect((await apiError(channel.send('x'.repeat(2001)))).message).toContain(
      'content[BASE_TYPE_MAX_LENGTH]',
    );
    const longTitle = await apiError(channel.send({ embeds: [{ title: 't'.repeat(257) }] }));
    expect(longTitle.message).toContain('embeds[0].title[BASE_TYPE_MAX_LENGTH]');
    expect(
      (await apiError(client.rest.post(Routes.channelMessages(general()), { body: {} }))).code,
    ).toBe(50006);
    const big = await apiError(
      channel.send({ files: [new AttachmentBuilder(Buffer.alloc(1001), { name: 'big.bin' })] }),
    );
    expect(big).toMatchObject({ code: 40005, status: 413 });

    const hidden = await apiError(
      client.rest.post(Routes.channelMessages(item(guild.channels, 1, 'guild.channels').id), {
        body: { content: 'x' },
      }),
    );
    expect(hidden).toMatchObject({ code: 50001, status: 403 });
    expect((await apiError(client.rest.get(Routes.channel('1')))).code).toBe(10003);
    expect(fake.messages(general())).toEqual([]);
  });

  it('refuses a repeated custom_id in one message on create, edit, reply, update and follow-up', async () => {
    await start();
    const client = await login();
    const channel = (await client.channels.fetch(general())) as TextChannel;
    const button = (id: string, label = id): ButtonBuilder =>
      new ButtonBuilder().setCustomId(id).setLabel(label).setStyle(ButtonStyle.Secondary);
    // Across rows too: ids are unique in the whole message.
    const repeated = [
      new ActionRowBuilder<ButtonBuilder>().addComponents(button('a'), button('b')),
      new ActionRowBuilder<ButtonBuilder>().addComponents(button('a', 'again')),
    ];
    const duplicated = (error: DiscordAPIError, prefix: string[] = []): void => {
      expect(error).toMatchObject({ status: 400, code: 50035 });
      let node = (error.rawError as { errors?: Record<string, unknown> }).errors;
      for (const key of [...prefix, 'components', '1', 'components', '0', 'custom_id'])
        node = node?.[key] as Record<string, unknown> | undefined;
      expect(node?._errors).toEqual([
        {
          code: 'COMPONENT_CUSTOM_ID_DUPLICATED',
          message: 'Component custom id cannot be duplicated',
        },
      ]);
    };
    duplicated(await apiError(channel.send({ content: 'x', components: repeated })));
    const sent = await channel.send({
      content: 'board',
      components: [new ActionRowBuilder<ButtonBuilder>().addComponents(button('a'))],
    });
    duplicated(await apiError(sent.edit({ components: repeated })));

    // An interaction's reply (the callback's `data`), and an update of the pressed message.
    const replied = onNext(client, async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('expected a slash command');
      const refused = await apiError(interaction.reply({ content: 'x', components: repeated }));
      await interaction.deferReply();
      return { refused, followUp: await apiError(interaction.followUp({ components: repeated })) };
    });
    fake.command({ user: alice, channelId: general(), name: 'board' });
    const reply = await replied;
    duplicated(reply.refused, ['data']);
    duplicated(reply.followUp);
    const updated = onNext(client, async (interaction) => {
      if (!interaction.isButton()) throw new Error('expected a button');
      const refused = await apiError(interaction.update({ components: repeated }));
      await interaction.deferUpdate();
      return refused;
    });
    const press = fake.press({ user: bob, message: fake.message(general(), sent.id)!, label: 'a' });
    duplicated(await updated, ['data']);
    // The refused callback did not count: the deferral after it acknowledged the press.
    expect((await press.acknowledged()).type).toBe(6);
    expect(fake.message(general(), sent.id)?.components).toHaveLength(1);
  });

  it('sends autocompletes (type 4) and takes only suggestions (callback 8, at most 25)', async () => {
    await start();
    await new REST({ api: fake.restApi })
      .setToken(fake.token)
      .put(Routes.applicationCommands(fake.applicationId), {
        body: [
          new SlashCommandBuilder()
            .setName('resign')
            .setDescription('Resign')
            .addStringOption((option) =>
              option.setName('game').setDescription('Which game').setAutocomplete(true),
            )
            .toJSON(),
        ],
      });
    const client = await login();
    const answered = onNext(client, async (interaction) => {
      if (!interaction.isAutocomplete()) throw new Error('expected an autocomplete');
      const focused = interaction.options.getFocused(true);
      const many = Array.from({ length: 26 }, (_, i) => ({ name: `game ${i}`, value: `g${i}` }));
      const tooMany = await apiError(interaction.respond(many));
      // discord.js offers no reply to an autocomplete: a raw callback of type 4.
      const reply = await apiError(
        client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
          body: { type: 4, data: { content: 'x' } },
          auth: false,
        }),
      );
      await interaction.respond(many.slice(0, 2));
      return { focused, tooMany, reply };
    });
    const handle = fake.autocomplete({
      user: alice,
      channelId: general(),
      name: 'resign',
      focused: 'game',
      options: { game: 'ga' },
    });
    const { focused, tooMany, reply } = await answered;
    expect(focused).toMatchObject({ name: 'game', value: 'ga' });
    expect(tooMany).toMatchObject({ status: 400, code: 50035 });
    expect(tooMany.message).toContain('data.choices[BASE_TYPE_MAX_LENGTH]');
    expect(reply.message).toContain('INTERACTION_RESPONSE_TYPE_INVALID');
    const ack = await handle.acknowledged();
    expect(ack).toMatchObject({
      type: 8,
      data: {
        choices: [
          { name: 'game 0', value: 'g0' },
          { name: 'game 1', value: 'g1' },
        ],
      },
    });
    // Only options that ask for suggestions get them.
    expect(() =>
      fake.autocomplete({ user: alice, channelId: general(), name: 'board', focused: 'x' }),
    ).toThrow();
  });

  it('counts mentions like Discord: everything without allowed_mentions, only what it allows with it', async () => {
    await start();
    const client = await login();
    const channel = (await client.channels.fetch(general())) as TextChannel;
    const content = `<@${alice.id}> <@!${bob.id}> <@&42> @everyone`;
    const open = await channel.send({ content });
    expect(fake.message(general(), open.id)).toMatchObject({
      mentions: { users: [alice.id, bob.id], roles: ['42'], everyone: true },
      pinged: { users: [alice.id, bob.id], roles: ['42'], everyone: true },
    });
    const limited = await channel.send({
      content,
      allowedMentions: { parse: [], users: [bob.id] },
    });
    expect(fake.message(general(), limited.id)).toMatchObject({
      allowedMentions: { parse: [], users: [bob.id] },
      pinged: { users: [bob.id], roles: [], everyone: false },
    });
    // An edit recomputes the mentions and notifies nobody new.
    await limited.edit({ content: `<@${alice.id}>`, allowedMentions: { parse: ['users'] } });
    expect(fake.message(general(), limited.id)).toMatchObject({
      mentions: { users: [alice.id] },
      pinged: { users: [bob.id] },
    });
    const both = await apiError(
      channel.send({ content, allowedMentions: { parse: ['users'], users: [bob.id] } }),
    );
    expect(both.message).toContain('allowed_mentions[MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE]');
  });

  it('replaces files on an edit that lists attachments, keeps them otherwise', async () => {
    await start();
    const client = await login();
    const channel = (await client.channels.fetch(general())) as TextChannel;
    const first = png(2, 2);
    const sent = await channel.send({
      content: 'v1',
      files: [new AttachmentBuilder(first, { name: 'a.png' })],
    });
    await sent.edit({ content: 'v2' });
    expect(fake.message(general(), sent.id)?.attachments.map((a) => a.filename)).toEqual(['a.png']);
    const second = png(3, 3);
    await sent.edit({ files: [new AttachmentBuilder(second, { name: 'b.png' })], attachments: [] });
    const stored = fake.message(general(), sent.id)!;
    expect(stored.attachments.map((a) => [a.filename, a.width])).toEqual([['b.png', 3]]);
    expect(stored.content).toBe('v2');
  });

  it('sends each interaction to the session chosen, with two clients connected', async () => {
    await start();
    const first = await login();
    const second = await login();
    await fake.waitForSessions(2);
    const seen: string[] = [];
    first.on(Events.InteractionCreate, (interaction) => {
      seen.push(`first:${interaction.id}`);
      if (interaction.isRepliable()) void interaction.reply('from first');
    });
    second.on(Events.InteractionCreate, (interaction) => {
      seen.push(`second:${interaction.id}`);
      if (interaction.isRepliable()) void interaction.reply('from second');
    });
    const toSecond = fake.command({ user: alice, channelId: general(), name: 'board', session: 1 });
    await toSecond.acknowledged();
    const toFirst = fake.command({ user: bob, channelId: general(), name: 'board', session: 0 });
    await toFirst.acknowledged();
    expect(seen).toEqual([`second:${toSecond.id}`, `first:${toFirst.id}`]);
    expect(toSecond.original?.content).toBe('from second');
    expect(toFirst.original?.content).toBe('from first');
    expect(toSecond.sessions).toEqual([1]);
  });

  it('resumes a dropped session and replays what it missed', async () => {
    await start();
    const client = await login();
    const resumed = new Promise((resolve) => client.once(Events.ShardResume, resolve));
    fake.disconnect(0);
    await fake.waitFor(() => !fake.sessions[0]?.connected);
    const received = onNext(client, (interaction) => Promise.resolve(interaction.id));
    const handle = fake.command({ user: alice, channelId: general(), name: 'board', session: 0 });
    await resumed;
    expect(await received).toBe(handle.id);
    expect(fake.sessions).toMatchObject([{ index: 0, resumes: 1, connected: true }]);
  });
});

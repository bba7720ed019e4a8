/**
 * The move picker: an ephemeral message only the player to move sees, where they press the
 * stack, then its target (then the route, when several captures end on one square). Pure: each
 * step is raw Discord JSON (content and components) made from the game record; the buttons'
 * custom_ids come from the shared payload codec, so a press names its game and board.
 */
import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponentWithCustomId,
  type APIComponentInMessageActionRow,
} from 'discord.js';
import {
  encodePayload,
  encodeRouteValue,
  encodeSquareValue,
  type Payload,
} from '../../chat/buttons/button-payload.js';
import {
  geometryOf,
  movableStacks,
  routeLabel,
  routeSquares,
  routesTo,
  screenRows,
  stackLabel,
  targetLabel,
  targetsOf,
  type AnyPosition,
} from '../../chat/buttons/move-picking.js';
import { gamePicks, type PickPayloads } from '../../chat/buttons/pick-payloads.js';
import { anyPosition } from '../../game/rules-strategy.js';
import type { Game, SeatColor } from '../../game/model.js';
import type { Messages } from '../../i18n/index.js';

export type ActionRow = APIActionRowComponent<APIComponentInMessageActionRow>;

/** One step of the picker: a short line and the components under it. */
export interface Picker {
  readonly content: string;
  readonly components: ActionRow[];
}

/** One thing to pick: a button's label and payload, or a menu option's label and value. */
export interface Choice {
  readonly label: string;
  readonly payload: Payload;
  readonly value: string;
}

/** Rows the choices may fill; the fifth of Discord's five rows is kept for controls (Back). */
export const CHOICE_ROWS = 4;
const BUTTONS_PER_ROW = 5;
const OPTIONS_PER_MENU = 25;
const LABEL_LENGTH = 80;
const OPTION_LABEL_LENGTH = 100;
const PLACEHOLDER_LENGTH = 150;

function fit(label: string, max: number): string {
  const chars = [...label];
  return chars.length <= max ? label : `${chars.slice(0, max - 1).join('')}…`;
}

/** The button styles the picker uses (ones that carry a custom_id). */
export type ChoiceStyle = APIButtonComponentWithCustomId['style'];

function button(
  label: string,
  payload: Payload,
  style: ChoiceStyle,
): APIButtonComponentWithCustomId {
  return {
    type: ComponentType.Button,
    style,
    label: fit(label, LABEL_LENGTH),
    custom_id: encodePayload(payload),
  };
}

/**
 * Lays choices out: as buttons in their screen rows (a row longer than five splits) when they
 * fit in CHOICE_ROWS rows, else as string select menus of at most 25 options each, one a row.
 * `menu(part)` is the payload of the part-th menu (from 0).
 */
export function choiceRows(
  rows: readonly (readonly Choice[])[],
  menu: (part: number) => Payload,
  placeholder: string,
  style: ChoiceStyle,
): ActionRow[] {
  const split = rows.flatMap((row) => {
    const chunks: Choice[][] = [];
    for (let i = 0; i < row.length; i += BUTTONS_PER_ROW)
      chunks.push(row.slice(i, i + BUTTONS_PER_ROW));
    return chunks;
  });
  if (split.length <= CHOICE_ROWS) {
    return split.map((row) => ({
      type: ComponentType.ActionRow,
      components: row.map((choice) => button(choice.label, choice.payload, style)),
    }));
  }
  const all = rows.flat();
  const menus: ActionRow[] = [];
  for (let i = 0; i < all.length; i += OPTIONS_PER_MENU) {
    const options = all.slice(i, i + OPTIONS_PER_MENU);
    menus.push({
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: encodePayload(menu(menus.length)),
          placeholder: fit(
            all.length <= OPTIONS_PER_MENU
              ? placeholder
              : `${placeholder} (${options[0]!.label} … ${options.at(-1)!.label})`,
            PLACEHOLDER_LENGTH,
          ),
          options: options.map((choice) => ({
            label: fit(choice.label, OPTION_LABEL_LENGTH),
            value: choice.value,
          })),
        },
      ],
    });
  }
  if (menus.length > CHOICE_ROWS) throw new Error(`picker: ${all.length} choices do not fit`);
  return menus;
}

function backRow(picks: PickPayloads, t: Messages): ActionRow {
  return {
    type: ComponentType.ActionRow,
    components: [button(t.back, picks.back(), ButtonStyle.Secondary)],
  };
}

/** First step: the stacks that can move, like the board (orientation: the side at the bottom). */
export function pickStack(
  position: AnyPosition,
  orientation: SeatColor,
  picks: PickPayloads,
  t: Messages,
): Picker {
  const stacks = new Map(movableStacks(position).map((stack) => [stack.square, stack]));
  const rows = screenRows(position, orientation, stacks.keys()).map((row) =>
    row.map((square): Choice => ({
      label: stackLabel(stacks.get(square)!),
      payload: picks.select(square),
      value: encodeSquareValue(square),
    })),
  );
  return {
    content: t.chooseStack,
    components: choiceRows(
      rows,
      picks.stackMenu,
      t.discord.stackPlaceholder,
      ButtonStyle.Secondary,
    ),
  };
}

/**
 * Second step: where the stack on `from` can go (✕ captures, → moves), and Back. `from` must be a
 * square of the board (callers pass a stack with a legal move).
 */
export function pickTarget(
  position: AnyPosition,
  from: number,
  orientation: SeatColor,
  picks: PickPayloads,
  t: Messages,
): Picker {
  const targets = new Map(targetsOf(position, from).map((target) => [target.square, target]));
  const rows = screenRows(position, orientation, targets.keys()).map((row) =>
    row.map((to): Choice => ({
      label: targetLabel(targets.get(to)!),
      payload: picks.target(from, to),
      value: encodeSquareValue(to),
    })),
  );
  const menu = (part: number) => picks.targetMenu(from, part);
  return {
    content: t.chooseTarget(geometryOf(position.variant).names[from]!),
    components: [
      ...choiceRows(rows, menu, t.discord.targetPlaceholder, ButtonStyle.Primary),
      backRow(picks, t),
    ],
  };
}

/** Third step, when several capture routes from `from` end on `to`: the routes, and Back. */
export function pickRoute(
  position: AnyPosition,
  from: number,
  to: number,
  picks: PickPayloads,
  t: Messages,
): Picker {
  const choices = routesTo(position, from, to).map((route): Choice => {
    const squares = routeSquares(route);
    return {
      label: routeLabel(position.variant, route),
      payload: picks.route(squares),
      value: encodeRouteValue(squares),
    };
  });
  // One route a row: they are long, and read best one under another.
  const rows = choices.map((choice) => [choice]);
  return {
    content: t.chooseRoute,
    components: [
      ...choiceRows(rows, picks.routeMenu, t.discord.routePlaceholder, ButtonStyle.Primary),
      backRow(picks, t),
    ],
  };
}

const picksOf = (game: Game) => gamePicks(game.id, game.moves.length);

/** A game's first step (nothing to pick once it is over). */
export function stackPicker(game: Game, orientation: SeatColor, t: Messages): Picker {
  if (game.status !== 'active') return { content: t.errors.gameOver, components: [] };
  return pickStack(anyPosition(game), orientation, picksOf(game), t);
}

export function targetPicker(
  game: Game,
  from: number,
  orientation: SeatColor,
  t: Messages,
): Picker {
  return pickTarget(anyPosition(game), from, orientation, picksOf(game), t);
}

export function routePicker(game: Game, from: number, to: number, t: Messages): Picker {
  return pickRoute(anyPosition(game), from, to, picksOf(game), t);
}

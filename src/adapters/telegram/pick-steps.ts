import type { InlineKeyboard } from 'grammy';
import { moveDestination, type Move } from '../../engine/index.js';
import type { PickPayloads } from '../../chat/buttons/pick-payloads.js';
import {
  geometryOf,
  movesOf,
  routeMove,
  SEAT_SYMBOLS,
  stackLook,
  type AnyPosition,
} from '../../chat/buttons/move-picking.js';
import type { SeatColor } from '../../game/model.js';
import type { Messages } from '../../i18n/index.js';
import { routesKeyboard, stackSymbols, stacksKeyboard, targetsKeyboard } from './board-message.js';
import type { BashniContext } from './context.js';

/** A tap on a picking keyboard, whatever it picks for (a game or a puzzle). */
export type PickStep =
  | { readonly kind: 'select'; readonly square: number }
  | { readonly kind: 'target'; readonly from: number; readonly to: number }
  | { readonly kind: 'route'; readonly squares: readonly number[] }
  | { readonly kind: 'back' };

/** What the tap leads to: an answer only, a new keyboard, a move to play, or a stale tap. */
export type PickResult =
  | { readonly kind: 'answer'; readonly text: string }
  | { readonly kind: 'keyboard'; readonly text?: string; readonly keyboard: InlineKeyboard }
  | { readonly kind: 'play'; readonly move: Move }
  | { readonly kind: 'stale' };

/** What a tapped stack holds ("c3: ⚪⚫, 2 pieces"), for the tap's answer; '' for no stack. */
export function stackInfo(position: AnyPosition, step: PickStep, t: Messages): string {
  if (step.kind !== 'select') return '';
  // A square that holds a stack is a square of the board.
  const name = geometryOf(position.variant).names[step.square]!;
  if (position.variant === 'zhernov') {
    // A column is one colour: its symbol, a crown for a king column.
    const look = stackLook(position, step.square);
    if (look === undefined) return '';
    const symbol = `${SEAT_SYMBOLS[look.owner]}${look.king ? '👑' : ''}`;
    return t.stackInfo(name, symbol.repeat(Math.min(look.height, 12)), look.height);
  }
  const stack = position.stacks.at(step.square);
  if (stack === null || stack === undefined) return '';
  return t.stackInfo(name, stackSymbols(stack), stack.height);
}

/**
 * One step of tap-to-move on a position, the same for games and puzzles: a stack shows its
 * targets, Back the stacks, a target plays the move (or shows the routes when several captures
 * end there), a route plays it. A target or route that is not legal here is stale.
 */
export function pickStep(
  position: AnyPosition,
  step: PickStep,
  orientation: SeatColor,
  picks: PickPayloads,
  t: Messages,
): PickResult {
  const moves = movesOf(position);
  switch (step.kind) {
    case 'select': {
      const info = stackInfo(position, step, t);
      if (!moves.some((m) => m.from === step.square))
        return { kind: 'answer', text: info || t.chooseStack };
      return {
        kind: 'keyboard',
        text: info,
        keyboard: targetsKeyboard(position, step.square, orientation, picks, t),
      };
    }
    case 'back':
      return { kind: 'keyboard', keyboard: stacksKeyboard(position, orientation, picks) };
    case 'target': {
      const routes = moves.filter((m) => m.from === step.from && moveDestination(m) === step.to);
      const [route, ...others] = routes;
      if (route === undefined) return { kind: 'stale' };
      if (others.length > 0)
        return {
          kind: 'keyboard',
          text: t.chooseRoute,
          keyboard: routesKeyboard(position.variant, routes, picks, t),
        };
      return { kind: 'play', move: route };
    }
    case 'route': {
      const move = routeMove(moves, step.squares);
      return move === undefined ? { kind: 'stale' } : { kind: 'play', move };
    }
  }
}

/**
 * Answers a tap by what its step led to: an alert, or a quiet answer and the new keyboard
 * (`show`), or the stale alert (and `stale`), or the move (`play`, which answers). `busy`: when
 * the new keyboard will show, said in its answer while the chat's budget is spent.
 */
export async function followPick(
  ctx: BashniContext,
  result: PickResult,
  on: {
    show(keyboard: InlineKeyboard): Promise<void> | void;
    stale?(): Promise<void>;
    play(move: Move): Promise<void>;
  },
  busy?: string,
): Promise<void> {
  switch (result.kind) {
    case 'answer':
      await ctx.answer(result.text, true);
      return;
    case 'keyboard':
      await ctx.answer(
        busy === undefined ? result.text : [result.text, busy].filter(Boolean).join('\n'),
      );
      await on.show(result.keyboard);
      return;
    case 'stale':
      await ctx.answer(ctx.own.errors.stale, true);
      await on.stale?.();
      return;
    case 'play':
      await on.play(result.move);
  }
}

/**
 * The steps of the move picker, the same for a game and a puzzle: a stack, then its target,
 * then the route when several captures end on one square, and Back. Each step answers by
 * updating the picker (an ephemeral message) with the next choices; a finished pick goes to
 * the board's `commit`. A press that no longer fits the position (a forged or outdated square)
 * shows the stacks again. Which board a press is for, and whether it may act, is the caller's.
 */
import { MessageFlags } from 'discord.js';
import { decodeRouteValue, decodeSquareValue } from '../../chat/buttons/button-payload.js';
import type { PickPayloads } from '../../chat/buttons/pick-payloads.js';
import { moveDestination, type Move } from '../../engine/index.js';
import { movesOf, routeMove, type AnyPosition } from '../../chat/buttons/move-picking.js';
import type { SeatColor } from '../../game/model.js';
import { pickRoute, pickStack, pickTarget } from './picker.js';
import type { InteractionRouter, Turn } from './router.js';

/** The board a picker press acts on, once the press is known to be current. */
export interface PickingBoard {
  readonly position: AnyPosition;
  /** The side (or seat) at the bottom of the board (the picker's rows follow it). */
  readonly orientation: SeatColor;
  readonly picks: PickPayloads;
  /** Plays the picked move and answers the press. */
  commit(move: Move): Promise<void>;
}

/** The steps of picking, whatever the board: the payload kinds of a game's picker. */
type Step = 'select' | 'target' | 'route' | 'back' | 'stack-menu' | 'target-menu' | 'route-menu';

/** The fields of a step's payload that do not name the board. */
interface StepFields {
  readonly ply: number;
  readonly square?: number;
  readonly from?: number;
  readonly to?: number;
  readonly squares?: readonly number[];
}

/**
 * Registers the picker's steps: the game's (`prefix` '') or the puzzle's ('puzzle-'), each
 * answered by updating the picker. `load` finds the board of a press (the id in its payload),
 * or tells the user why there is none and returns undefined.
 */
export function pickSteps(
  router: InteractionRouter,
  prefix: '' | 'puzzle-',
  load: (turn: Turn, id: string, ply: number) => Promise<PickingBoard | undefined>,
): void {
  const on = (
    step: Step,
    act: (turn: Turn, board: PickingBoard, fields: StepFields) => Promise<void>,
  ) =>
    router.button(`${prefix}${step}`, 'update', async (turn, payload) => {
      const fields = payload as StepFields & { gameId?: string; puzzleId?: string };
      const board = await load(turn, fields.gameId ?? fields.puzzleId ?? '', fields.ply);
      if (board !== undefined) await act(turn, board, fields);
    });
  on('back', (turn, board) => showStacks(turn, board));
  on('select', (turn, board, p) => showTargets(turn, board, p.square));
  on('stack-menu', (turn, board) => showTargets(turn, board, chosenSquare(turn)));
  on('target', (turn, board, p) => pickTo(turn, board, p.from!, p.to));
  on('target-menu', (turn, board, p) => pickTo(turn, board, p.from!, chosenSquare(turn)));
  on('route', (turn, board, p) => pickRouteOf(turn, board, p.squares));
  on('route-menu', (turn, board) => pickRouteOf(turn, board, chosenRoute(turn)));
}

/**
 * Whether a component was pressed in a picker (an ephemeral message). A forged custom_id of a
 * picker step on a public message must not turn that message into someone's picker.
 */
export function inPicker(turn: Turn): boolean {
  const { interaction } = turn;
  return !interaction.isChatInputCommand() && interaction.message.flags.has(MessageFlags.Ephemeral);
}

/** The first step: the stacks that can move. */
export async function showStacks(turn: Turn, board: PickingBoard): Promise<void> {
  await turn.answer.respond(pickStack(board.position, board.orientation, board.picks, turn.t));
}

async function showTargets(turn: Turn, board: PickingBoard, from: number | undefined) {
  if (from === undefined || !movesOf(board.position).some((m) => m.from === from)) {
    await showStacks(turn, board);
    return;
  }
  await turn.answer.respond(
    pickTarget(board.position, from, board.orientation, board.picks, turn.t),
  );
}

async function pickTo(turn: Turn, board: PickingBoard, from: number, to: number | undefined) {
  const routes = movesOf(board.position).filter(
    (m) => m.from === from && moveDestination(m) === to,
  );
  const [route, ...others] = routes;
  if (to === undefined || route === undefined) await showStacks(turn, board);
  else if (others.length > 0)
    await turn.answer.respond(pickRoute(board.position, from, to, board.picks, turn.t));
  else await board.commit(route);
}

async function pickRouteOf(turn: Turn, board: PickingBoard, squares?: readonly number[]) {
  const move = routeMove(movesOf(board.position), squares ?? []);
  if (move === undefined) await showStacks(turn, board);
  else await board.commit(move);
}

/** The square chosen in a select menu. */
function chosenSquare(turn: Turn): number | undefined {
  const { interaction } = turn;
  return interaction.isStringSelectMenu() ? decodeSquareValue(interaction.values[0]) : undefined;
}

/** The capture route chosen in a select menu. */
function chosenRoute(turn: Turn): number[] | undefined {
  const { interaction } = turn;
  return interaction.isStringSelectMenu() ? decodeRouteValue(interaction.values[0]) : undefined;
}

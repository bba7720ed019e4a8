import { ButtonStyle, ComponentType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import {
  choiceRows,
  routePicker,
  stackPicker,
  targetPicker,
  type ActionRow,
  type Choice,
  type Picker,
} from '../../../src/adapters/discord/picker.js';
import {
  decodePayload,
  decodeRouteValue,
  decodeSquareValue,
  type Payload,
} from '../../../src/chat/buttons/button-payload.js';
import { makeFen, VARIANTS, type VariantId } from '../../../src/engine/index.js';
import type { Game } from '../../../src/game/model.js';
import { messages } from '../../../src/i18n/index.js';
import { fen, square } from '../../support/engine-helpers.js';
import { makeGame } from '../../support/game-fixtures.js';
import { item } from '../../support/present.js';

const t = messages('en');
const NAMES = VARIANTS.bashni.geometry.names;

function gameAt(text: string, variant: VariantId = 'bashni', plies = 0): Game {
  const position = makeFen(fen(text, variant));
  const game = makeGame('gAme_-1', { variant, fen: position, startFen: position });
  return { ...game, moves: Array.from({ length: plies }, () => 'c3-d4') };
}

/** Discord's rules for a message's components, checked one by one. */
function expectValidComponents(components: readonly ActionRow[]): void {
  expect(components.length).toBeLessThanOrEqual(5);
  const ids: string[] = [];
  for (const row of components) {
    expect(row.type).toBe(ComponentType.ActionRow);
    const menus = row.components.filter((c) => c.type === ComponentType.StringSelect);
    if (menus.length > 0) expect(row.components).toHaveLength(1);
    else expect(row.components.length).toBeGreaterThanOrEqual(1);
    expect(row.components.length).toBeLessThanOrEqual(5);
    for (const component of row.components) {
      if (component.type === ComponentType.Button) {
        if (!('custom_id' in component)) throw new Error('a button without a custom_id');
        ids.push(component.custom_id);
        expect(component.label!.length).toBeGreaterThanOrEqual(1);
        expect([...component.label!].length).toBeLessThanOrEqual(80);
      } else if (component.type === ComponentType.StringSelect) {
        ids.push(component.custom_id);
        expect(component.options.length).toBeGreaterThanOrEqual(1);
        expect(component.options.length).toBeLessThanOrEqual(25);
        expect([...(component.placeholder ?? '')].length).toBeLessThanOrEqual(150);
        const values = component.options.map((o) => o.value);
        expect(new Set(values).size).toBe(values.length);
        for (const option of component.options) {
          expect([...option.label].length).toBeLessThanOrEqual(100);
          expect(option.value.length).toBeLessThanOrEqual(100);
        }
      } else throw new Error(`unexpected component ${component.type}`);
    }
  }
  for (const id of ids) {
    expect(id.length).toBeLessThanOrEqual(100);
    expect(decodePayload(id)).toBeDefined();
  }
  expect(new Set(ids).size).toBe(ids.length);
}

function buttonRows(picker: Picker): string[][] {
  return picker.components.map((row) =>
    row.components.map((c) =>
      c.type === ComponentType.Button && 'label' in c ? (c.label ?? '') : 'menu',
    ),
  );
}

function payloadsOf(picker: Picker): Payload[] {
  return picker.components.flatMap((row) =>
    row.components.map((c) => decodePayload('custom_id' in c ? c.custom_id : undefined)!),
  );
}

function menusOf(picker: Picker) {
  return picker.components
    .flatMap((row) => row.components)
    .filter((c) => c.type === ComponentType.StringSelect);
}

describe('Discord move picker', () => {
  it('shows the stacks of the start as one row of buttons, turned for Black', () => {
    const game = gameAt('W:Wa3,c3,e3,g3,b2:Bb6,d6,f6,h6');
    const picker = stackPicker(game, 'white', t);
    expectValidComponents(picker.components);
    expect(picker.content).toBe(t.chooseStack);
    expect(buttonRows(picker)).toEqual([['⚪ a3', '⚪ c3', '⚪ e3', '⚪ g3']]);
    expect(payloadsOf(picker)[1]).toEqual({
      kind: 'select',
      gameId: 'gAme_-1',
      ply: 0,
      square: square('c3'),
    });
    expect(buttonRows(stackPicker(game, 'black', t))).toEqual([
      ['⚪ g3', '⚪ e3', '⚪ c3', '⚪ a3'],
    ]);
  });

  it('keeps the board’s rows when they fit in four, with kings and heights', () => {
    const game = gameAt('B:Wa1:Bf6(0/11),Kd8,h8', 'bashni', 7);
    const picker = stackPicker(game, 'white', t);
    expectValidComponents(picker.components);
    expect(buttonRows(picker)).toEqual([['⚫👑 d8', '⚫ h8'], ['⚫ f6 ·3']]);
    expect(payloadsOf(picker).every((p) => 'ply' in p && p.ply === 7)).toBe(true);
  });

  it('offers a select menu when the stacks span more than four rows (twelve kings)', () => {
    const game = gameAt('W:WKa1,Kh2,Kc3,Kf4,Ka5,Kh6,Kc7,Kf8,Ke1,Kd6,Kb4,Kg5:Bb8');
    const picker = stackPicker(game, 'white', t);
    expectValidComponents(picker.components);
    const menus = menusOf(picker);
    expect(menus).toHaveLength(1);
    const menu = item(menus, 0, 'menus');
    expect(decodePayload(menu.custom_id)).toEqual({
      kind: 'stack-menu',
      gameId: 'gAme_-1',
      ply: 0,
    });
    expect(menu.placeholder).toBe(t.discord.stackPlaceholder);
    expect(menu.options).toHaveLength(12);
    // In screen order, from the top row; each value names its square.
    expect(menu.options.slice(0, 3).map((o) => o.label)).toEqual(['⚪👑 f8', '⚪👑 c7', '⚪👑 d6']);
    for (const option of menu.options)
      expect(option.label).toContain(NAMES[decodeSquareValue(option.value)!]);
  });

  it('shows a stack’s targets like the board, captures marked, and Back last', () => {
    const game = gameAt('W:Wc3,a1:Bd4(00),f4,f2,d2,h8');
    const picker = targetPicker(game, square('c3'), 'white', t);
    expectValidComponents(picker.components);
    expect(picker.content).toBe(t.chooseTarget('c3'));
    expect(buttonRows(picker)).toEqual([['✕ e5'], ['✕ c3'], [t.back]]);
    expect(payloadsOf(picker)[0]).toEqual({
      kind: 'target',
      gameId: 'gAme_-1',
      ply: 0,
      from: square('c3'),
      to: square('e5'),
    });
    expect(payloadsOf(picker).at(-1)).toEqual({ kind: 'back', gameId: 'gAme_-1', ply: 0 });
    const quiet = targetPicker(gameAt('W:Wc3:Bh8'), square('c3'), 'white', t);
    expect(buttonRows(quiet)).toEqual([['→ b4', '→ d4'], [t.back]]);
  });

  it('lists a flying king’s twelve targets in a menu (seven rows would not fit)', () => {
    const game = gameAt('W:WKd4:Bh8');
    const picker = targetPicker(game, square('d4'), 'white', t);
    expectValidComponents(picker.components);
    const menus = menusOf(picker);
    expect(menus).toHaveLength(1);
    const menu = item(menus, 0, 'menus');
    expect(decodePayload(menu.custom_id)).toEqual({
      kind: 'target-menu',
      gameId: 'gAme_-1',
      ply: 0,
      from: square('d4'),
    });
    expect(menu.options).toHaveLength(12);
    expect(menu.options[0]).toEqual({
      label: '→ a7',
      value: expect.any(String) as unknown,
    });
    expect(decodeSquareValue(item(menu.options, 0).value)).toBe(square('a7'));
    expect(buttonRows(picker).at(-1)).toEqual([t.back]);
  });

  it('offers the capture routes that end on one square as buttons, one a row', () => {
    const game = gameAt('W:Wc3:Bb4,d4,b6,d6,h8');
    const picker = routePicker(game, square('c3'), square('c3'), t);
    expectValidComponents(picker.components);
    expect(picker.content).toBe(t.chooseRoute);
    const rows = buttonRows(picker);
    expect(rows.slice(0, 2).flat().sort()).toEqual(['c3:a5:c7:e5:c3', 'c3:e5:c7:a5:c3']);
    expect(rows.every((row) => row.length === 1)).toBe(true);
    expect(rows.at(-1)).toEqual([t.back]);
    const route = payloadsOf(picker).find((p) => p.kind === 'route');
    expect(route).toMatchObject({ kind: 'route', gameId: 'gAme_-1', ply: 0 });
  });

  it('offers six routes around the board in a menu, each value a route', () => {
    const game = gameAt('W:WKh4:Bg5,d2,a1,e3,c5,c7,g3');
    const picker = routePicker(game, square('h4'), square('h4'), t);
    expectValidComponents(picker.components);
    const menus = menusOf(picker);
    expect(menus).toHaveLength(1);
    const menu = item(menus, 0, 'menus');
    expect(decodePayload(menu.custom_id)).toEqual({
      kind: 'route-menu',
      gameId: 'gAme_-1',
      ply: 0,
    });
    expect(menu.options).toHaveLength(6);
    for (const option of menu.options) {
      const squares = decodeRouteValue(option.value)!;
      expect(option.label).toBe(squares.map((s) => NAMES[s]).join(':'));
      expect(squares[0]).toBe(square('h4'));
      expect(squares.at(-1)).toBe(square('h4'));
    }
  });

  it('shows nothing to press once the game is over', () => {
    const over = { ...gameAt('W:Wc3:Bh8'), status: 'finished' as const };
    expect(stackPicker(over, 'white', t)).toEqual({ content: t.errors.gameOver, components: [] });
  });

  it('splits long rows and more than 25 choices, every id distinct', () => {
    const choice = (i: number): Choice => ({
      label: `choice ${i}`,
      payload: { kind: 'select', gameId: 'g', ply: 1, square: i },
      value: String(i),
    });
    const menu = (part: number): Payload => ({ kind: 'stack-menu', gameId: 'g', ply: 1, part });
    const seven = [Array.from({ length: 7 }, (_, i) => choice(i))];
    const split = choiceRows(seven, menu, 'pick', ButtonStyle.Primary);
    expectValidComponents(split);
    expect(split.map((row) => row.components.length)).toEqual([5, 2]);

    const thirty = Array.from({ length: 6 }, (_, r) =>
      Array.from({ length: 5 }, (_, i) => choice(r * 5 + i)),
    );
    const menus = choiceRows(thirty, menu, 'pick', ButtonStyle.Primary);
    expectValidComponents(menus);
    expect(menus).toHaveLength(2);
    const first = item(item(menus, 0, 'menus').components, 0, 'components');
    const second = item(item(menus, 1, 'menus').components, 0, 'components');
    if (first.type !== ComponentType.StringSelect || second.type !== ComponentType.StringSelect)
      throw new Error('expected two menus');
    expect(first.options).toHaveLength(25);
    expect(second.options).toHaveLength(5);
    expect(decodePayload(second.custom_id)).toMatchObject({ kind: 'stack-menu', part: 1 });
    expect(first.placeholder).toBe('pick (choice 0 … choice 24)');
  });
});

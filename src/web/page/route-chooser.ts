/**
 * The route chooser: when several capture routes end on the square tapped, one button per route
 * (`[data-route="c3:e5:c7"]`, as players write it); pointing at one or focusing it shows its
 * path on the board.
 */
import type { Move } from '../../engine/index.js';
import { routeLabel } from '../../chat/buttons/move-picking.js';
import type { BoardView } from '../board-view.js';

/** The routes to choose from, the words to show and what choosing does. */
export interface RouteChoice {
  readonly variant: BoardView['variant'];
  readonly routes: readonly Move[];
  readonly title: string;
  readonly cancel: string;
  /** The route pointed at (null: none). */
  highlight(route: Move | null): void;
  choose(route: Move): void;
  dismiss(): void;
}

/** Shows the chooser in `host` (emptied on close). */
export function showRoutes(host: HTMLElement, choice: RouteChoice): void {
  const title = document.createElement('p');
  title.id = 'routes-title';
  title.textContent = choice.title;
  const list = document.createElement('div');
  list.className = 'route-list';
  for (const route of choice.routes) {
    const label = routeLabel(choice.variant, route);
    const button = document.createElement('button');
    button.dataset.route = label;
    button.textContent = label;
    const on = () => choice.highlight(route);
    const off = () => choice.highlight(null);
    button.addEventListener('pointerenter', on);
    button.addEventListener('focus', on);
    button.addEventListener('pointerleave', off);
    button.addEventListener('blur', off);
    button.addEventListener('click', () => choice.choose(route));
    list.append(button);
  }
  const cancel = document.createElement('button');
  cancel.className = 'cancel';
  cancel.textContent = choice.cancel;
  cancel.addEventListener('click', () => choice.dismiss());
  host.replaceChildren(title, list, cancel);
  host.setAttribute('role', 'group');
  host.setAttribute('aria-labelledby', title.id);
  host.hidden = false;
  host.onkeydown = (event) => {
    if (event.key === 'Escape') choice.dismiss();
  };
  list.querySelector('button')?.focus();
}

/** Hides the chooser. */
export function hideRoutes(host: HTMLElement): void {
  host.hidden = true;
  host.replaceChildren();
  host.onkeydown = null;
}

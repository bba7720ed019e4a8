/** The painters' caches, dropped together (to time a cold render). */
import { clearBackgrounds } from './board-background.js';
import { clearStackSprites } from './pile-canvas.js';
import { clearSurfaces } from './primitives/surface.js';
import { clearColumnSprites } from './table-canvas.js';

/** Drops the background, stack and surface caches (to time a cold render). */
export function clearSpriteCaches(): void {
  clearBackgrounds();
  clearStackSprites();
  clearColumnSprites();
  clearSurfaces();
}

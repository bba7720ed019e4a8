import { describe, expect, it } from 'vitest';
import {
  colourOfHigherPlaced,
  colourRulesAllowPair,
  dueColour,
  keepsColourRules,
  type Colour,
} from '../../../src/game/pairing/swiss-colours.js';

const history = (...colours: (Colour | null)[]) => ({ colours });

describe('the Swiss colour rules', () => {
  it('forbid a colour a third time running, counting games only (byes do not break a run)', () => {
    expect(keepsColourRules(history('white', 'white'), 'white')).toBe(false);
    expect(keepsColourRules(history('white', null, 'white'), 'white')).toBe(false);
    expect(keepsColourRules(history('white', 'black', 'white'), 'white')).toBe(true);
    expect(keepsColourRules(history('black', 'white', 'white'), 'black')).toBe(true);
  });

  it('forbid whites and blacks drifting more than two apart', () => {
    expect(keepsColourRules(history('white', 'black', 'white', 'white'), 'black')).toBe(true);
    expect(keepsColourRules(history('white', 'white', 'black', 'white'), 'white')).toBe(false);
    expect(keepsColourRules(history('black', 'white', 'black'), 'black')).toBe(true);
  });

  it('make the colour played less often due, or else the opposite of the last one', () => {
    expect(dueColour(history())).toBeUndefined();
    expect(dueColour(history(null))).toBeUndefined();
    expect(dueColour(history('white', 'white', 'black'))).toBe('black');
    expect(dueColour(history('white', 'black', 'black', null))).toBe('white');
    expect(dueColour(history('black', 'white'))).toBe('black');
  });

  it('allow a pair when some allocation keeps the rules for both', () => {
    expect(colourRulesAllowPair(history('white', 'white'), history('white', 'white'))).toBe(false);
    expect(colourRulesAllowPair(history('white', 'white'), history('black', 'black'))).toBe(true);
  });

  it('allocate: the rules first, then the due colours, then White on odd boards', () => {
    // Only one allocation keeps the rules: it wins over the higher-placed player's due colour.
    expect(colourOfHigherPlaced(history('white', 'black'), history('black', 'black'), 1)).toBe(
      'black',
    );
    expect(colourOfHigherPlaced(history('white'), history('black'), 1)).toBe('black');
    expect(colourOfHigherPlaced(history('white'), history('white'), 2)).toBe('black');
    expect(colourOfHigherPlaced(history(), history('white'), 1)).toBe('white');
    expect(colourOfHigherPlaced(history(), history(), 1)).toBe('white');
    expect(colourOfHigherPlaced(history(), history(), 2)).toBe('black');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PAGE = fileURLToPath(new URL('../../../src/web/page', import.meta.url));

// The page's type check knows Node's types (its tsconfig says why), so this keeps Node out.
describe('the board page', () => {
  it('uses no Node module or global in its own files', () => {
    for (const file of readdirSync(PAGE).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(join(PAGE, file), 'utf8');
      expect(text, file).not.toMatch(/from '(node:|fs|path|crypto|os)/);
      expect(text, file).not.toMatch(/\b(process|Buffer|require|__dirname)\b[.(]/);
    }
  });

  it('imports only what runs in a browser', () => {
    const allowed = [
      /^\.\/[\w-]+\.js$/,
      /^\.\.\/\.\.\/engine\//,
      /^\.\.\/\.\.\/render\/layout\.js$/,
      /^\.\.\/\.\.\/chat\/buttons\/move-picking\.js$/,
    ];
    for (const file of readdirSync(PAGE).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(join(PAGE, file), 'utf8');
      for (const [, typeOnly, from] of text.matchAll(/^import (type )?[^;]*? from '([^']+)';/gms)) {
        if (typeOnly !== undefined && from === '../board-view.js') continue;
        expect(
          allowed.some((pattern) => pattern.test(from!)),
          `${file}: ${from}`,
        ).toBe(true);
      }
    }
  });
});

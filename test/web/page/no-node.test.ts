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
  // What the page imports is a dependency rule (web-page-is-browser-code, npm run lint).
});

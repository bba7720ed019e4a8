import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/start-app.js';

/** The repository's own documents: a clone has nothing else to read. */
const DOCUMENTS = [
  'README.md',
  'test/render/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Relative link targets: markdown links and image sources, without their #anchors. */
function localTargets(text: string): string[] {
  const targets = [...text.matchAll(/\]\(([^)\s]+)\)|src="([^"]+)"/g)].map(
    (match) => (match[1] ?? match[2] ?? '').split('#')[0]!,
  );
  return targets.filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

describe('the documentation stands alone', () => {
  it.each(DOCUMENTS)('every relative link in %s points at a file inside the repository', (doc) => {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    for (const target of localTargets(text)) {
      const path = join(ROOT, dirname(doc), target);
      expect(relative(ROOT, path), `${doc} → ${target}`).not.toMatch(/^\.\./);
      expect(existsSync(path), `${doc} → ${target}`).toBe(true);
    }
  });

  it('the rules exist in English and Russian with the same worked examples and boards', () => {
    const english = readFileSync(join(ROOT, 'docs/rules.md'), 'utf8');
    const russian = readFileSync(join(ROOT, 'docs/rules.ru.md'), 'utf8');
    const fens = (text: string) => [...text.matchAll(/`([WB]:W[^`]*:B[^`]*)`/g)].map((m) => m[1]);
    expect(fens(russian)).toEqual(fens(english));
    expect(localTargets(russian).filter((t) => t.startsWith('images/'))).toEqual(
      localTargets(english).filter((t) => t.startsWith('images/')),
    );
  });
});

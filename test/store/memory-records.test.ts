import { describe, expect, it } from 'vitest';
import { MemoryRecords } from '../../src/store/memory-records.js';

interface Note {
  readonly id: string;
  readonly version: number;
  readonly text: string;
}

function notes(indexed: Note[] = []) {
  return new MemoryRecords<Note>(
    (note) => JSON.stringify(note),
    (id, text) => {
      const note = JSON.parse(text) as Note;
      if (note.id !== id) throw new Error(`record ${id} holds ${note.id}`);
      return note;
    },
    (note) => indexed.push(note),
  );
}

describe('MemoryRecords', () => {
  it('creates a record once, and hands out copies', () => {
    const records = notes();
    expect(records.create({ id: 'a', version: 1, text: 'one' })).toBe(true);
    expect(records.create({ id: 'a', version: 1, text: 'two' })).toBe(false);
    const read = records.get('a');
    expect(read).toEqual({ id: 'a', version: 1, text: 'one' });
    expect(records.get('a')).not.toBe(read);
    expect(records.get('b')).toBeUndefined();
  });

  it('saves only over the expected version, with the version after it', () => {
    const indexed: Note[] = [];
    const records = notes(indexed);
    records.create({ id: 'a', version: 1, text: 'one' });
    expect(records.save({ id: 'a', version: 3, text: 'skips one' }, 1)).toBe(false);
    expect(records.save({ id: 'a', version: 3, text: 'stale' }, 2)).toBe(false);
    expect(records.save({ id: 'b', version: 2, text: 'absent' }, 1)).toBe(false);
    expect(records.save({ id: 'a', version: 2, text: 'two' }, 1)).toBe(true);
    expect(records.get('a')?.text).toBe('two');
    expect(indexed.map((note) => note.text)).toEqual(['one', 'two']);
  });

  it('cannot save over raw text without a version; the scan skips what does not decode', () => {
    const records = notes();
    records.create({ id: 'a', version: 1, text: 'one' });
    records.putRaw('b', '{not json');
    records.putRaw('c', JSON.stringify({ id: 'c', version: 1, text: 'raw' }));
    expect(records.save({ id: 'c', version: 2, text: 'over raw' }, 1)).toBe(false);
    expect(() => records.get('b')).toThrow();
    expect([...records.readable()].map((note) => note.id)).toEqual(['a', 'c']);
    records.delete('a');
    expect(records.has('a')).toBe(false);
  });
});

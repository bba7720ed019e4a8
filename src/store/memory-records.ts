import type { VersionedRecord } from './versioned-record.js';

/**
 * One kind of record of the memory stores, kept encoded (as in Redis, so that callers never
 * share objects with the store and the codec runs as it does there): create if absent, read,
 * and compare-and-set on the version, as RedisRecords does for the Redis stores. `indexed` is
 * called with every record written, for the store's own indexes.
 */
export class MemoryRecords<T extends VersionedRecord> {
  private readonly stored = new Map<string, { readonly version?: number; readonly text: string }>();

  constructor(
    private readonly encode: (record: T) => string,
    private readonly decode: (id: string, text: string) => T,
    private readonly indexed: (record: T) => void = () => {},
  ) {}

  has(id: string): boolean {
    return this.stored.has(id);
  }

  /** Writes a new record unless one with its id is there: false then. */
  create(record: T): boolean {
    if (this.stored.has(record.id)) return false;
    this.write(record);
    return true;
  }

  /** The record, decoded (a corrupt one throws the codec's error); undefined when absent. */
  get(id: string): T | undefined {
    const stored = this.stored.get(id);
    return stored === undefined ? undefined : this.decode(id, stored.text);
  }

  /** Whether `next` may replace the record: it is still at `expectedVersion`, next the one after. */
  canSave(next: T, expectedVersion: number): boolean {
    return (
      next.version === expectedVersion + 1 && this.stored.get(next.id)?.version === expectedVersion
    );
  }

  /** Replaces the record by `next` if canSave: false when not. */
  save(next: T, expectedVersion: number): boolean {
    if (!this.canSave(next, expectedVersion)) return false;
    this.write(next);
    return true;
  }

  /** Writes the record, whatever is there, and updates the store's indexes. */
  write(record: T): void {
    this.stored.set(record.id, { version: record.version, text: this.encode(record) });
    this.indexed(record);
  }

  /**
   * For tests: raw text where a record lives, as a corrupted database would hold, at `version`
   * (none: it cannot be saved over).
   */
  putRaw(id: string, text: string, version?: number): void {
    this.stored.set(id, { version, text });
  }

  delete(id: string): void {
    this.stored.delete(id);
  }

  /** Every record that decodes (a corrupt one is reported when read, never here). */
  *readable(): IterableIterator<T> {
    for (const [id, { text }] of this.stored) {
      try {
        yield this.decode(id, text);
      } catch {
        continue;
      }
    }
  }
}

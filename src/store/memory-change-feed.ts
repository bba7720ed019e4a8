import type { GameChangeFeed } from '../game/ports.js';

/**
 * The game change feed of the memory store: one process, so every subscriber hears at once.
 * Feeds made on one `peers` set hear each other's words, as processes do over Redis (tests).
 */
export class MemoryChangeFeed implements GameChangeFeed {
  private readonly listeners = new Set<(gameId: string) => void>();

  constructor(private readonly peers: Set<MemoryChangeFeed> = new Set()) {
    peers.add(this);
  }

  async publish(gameIds: readonly string[]): Promise<void> {
    for (const id of gameIds)
      for (const peer of this.peers)
        for (const listener of peer.listeners) {
          try {
            listener(id);
          } catch {
            // A listener's failure is its own (the live boards log theirs); the others still hear.
          }
        }
  }

  async subscribe(listener: (gameId: string) => void): Promise<void> {
    this.listeners.add(listener);
  }

  async stop(): Promise<void> {
    this.listeners.clear();
    this.peers.delete(this);
  }
}

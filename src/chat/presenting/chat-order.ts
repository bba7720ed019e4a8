/**
 * The order of a chat's announcements, the same in every chat adapter. The game service gives a
 * game's end and what follows from it in the order a chat must read it: the result, the new
 * ratings, then the next round's standings and pairings (which ping its players) or the final
 * standings and the winner, then the boards of the new round's games (and their first pings).
 * A platform's deliveries do not keep that order by themselves — Telegram's lanes send new
 * boards before other messages, a result waits for its animation to be drawn — so each of these
 * announcements is handed to the platform only once the one before it in the same chat has been
 * delivered (or has failed). Other deliveries (a move's board edits, pings) are not held.
 */
export class ChatOrder {
  /** Per chat: the last announcement queued there, settled once it is delivered. */
  private readonly tails = new Map<string, Promise<unknown>>();

  /**
   * Runs `deliver` (an announcement's deliveries in `chatId`) after the announcements queued there
   * before it; resolves or rejects as `deliver` does. `deliver` must not wait for a later `next`
   * of the same chat (it would wait for itself).
   */
  next<T>(chatId: string, deliver: () => Promise<T>): Promise<T> {
    const before = this.tails.get(chatId) ?? Promise.resolve();
    const run = before.then(deliver);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(chatId, tail);
    // A quiet chat is forgotten: its next announcement goes at once.
    void tail.then(() => {
      if (this.tails.get(chatId) === tail) this.tails.delete(chatId);
    });
    return run;
  }
}

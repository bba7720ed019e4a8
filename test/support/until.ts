/**
 * Waits until `probe` returns (or resolves to) a value — anything but undefined or false — and
 * resolves with it; fails naming `what` after `timeoutMs`. For tests that watch another process
 * or a fake server (an async probe may read a store).
 */
export async function until<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** How store/ reports trouble it handles itself (a lost connection, a failing timer job). */
export type StoreLog = (message: string, error?: unknown) => void;

/** The default StoreLog: one line on stderr. */
export const stderrLog: StoreLog = (message, error) => {
  const detail =
    error === undefined ? '' : `: ${error instanceof Error ? error.message : String(error)}`;
  process.stderr.write(`${message}${detail}\n`);
};

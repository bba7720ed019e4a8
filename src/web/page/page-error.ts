/** A failure that ends the page: the full-page message for `code` (words.ts fatal) replaces it. */
export class PageError extends Error {
  constructor(
    readonly code: string,
    message = code,
  ) {
    super(message);
    this.name = 'PageError';
  }
}

/** Redis could not be reached at the queue's URL, or refused the credentials. */
export class QueueUnavailableError extends Error {
  /** The URL, password masked. */
  readonly url: string;
  constructor(message: string, url: string) {
    super(message);
    this.name = "QueueUnavailableError";
    this.url = url;
  }
}

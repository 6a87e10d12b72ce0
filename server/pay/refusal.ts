// A refusal of the payment calls: the HTTP status and the Chinese message the page shows.
export class PayRefusal extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429 | 502 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'PayRefusal';
  }
}

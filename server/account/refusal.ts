// A refusal of the account service: the HTTP status and the Chinese message the page shows.
export class AccountRefusal extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 429 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'AccountRefusal';
  }
}

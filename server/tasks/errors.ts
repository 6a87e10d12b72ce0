// A refusal the API answers with this HTTP status and the body {ret, msg}. The body's ret is 400
// for every refusal (the site's client rejects ret 400 with msg, SPEC §8), except an unknown or
// foreign task, which answers {ret:404} as the contract says.

export class TaskRefusal extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 410 | 413 | 415 | 429 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'TaskRefusal';
  }

  /** 404 for what is not there; 403 for a call that needs a login (SPEC §4: it starts the login routine); else 400. */
  get ret(): 400 | 403 | 404 {
    if (this.status === 401) return 403;
    return this.status === 404 ? 404 : 400;
  }
}

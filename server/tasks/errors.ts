// A refusal the API answers with this HTTP status and the body {ret, msg}. The body's ret is 400
// for every refusal (the site's client rejects ret 400 with msg, SPEC §8), except an unknown or
// foreign task, which answers {ret:404} as the contract says.

export class TaskRefusal extends Error {
  constructor(
    readonly status: 400 | 402 | 403 | 404 | 410 | 413 | 415 | 429 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'TaskRefusal';
  }

  get ret(): 400 | 404 {
    return this.status === 404 ? 404 : 400;
  }
}

// A refusal of the points calls: the HTTP status and the Chinese message the page shows.
export class PointsRefusal extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'PointsRefusal';
  }
}

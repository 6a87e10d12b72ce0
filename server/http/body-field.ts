// One field of a parsed request body, whatever the body turned out to be (absent, an array, a string).
export function bodyField(body: unknown, name: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}

// The port's groups the PostgreSQL store does not implement yet (issue 15 goes on with them): each
// call rejects, naming itself, instead of a team server silently keeping nothing.
export class NotOnPostgresYetError extends Error {
  constructor(readonly call: string) {
    super(`${call} is not on PostgreSQL yet`);
    this.name = 'NotOnPostgresYetError';
  }
}

export function notYet<T extends object>(group: string, methods: readonly (keyof T & string)[]): T {
  const calls = {} as Record<string, () => Promise<never>>;
  for (const method of methods) calls[method] = () => Promise.reject(new NotOnPostgresYetError(`${group}.${method}`));
  return calls as T;
}

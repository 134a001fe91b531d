/** The error codes clients can rely on (DESIGN section 9). */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'STATE_CONTRACT_VIOLATION'
  | 'QUOTA_EXCEEDED'
  | 'RATE_LIMITED'
  /** A chat turn could not get its thread within the bounded wait (another turn holds it). */
  | 'THREAD_BUSY'
  /** Work handed to a worker process got no answer in time (no worker running, or every attempt failed). */
  | 'UNAVAILABLE'
  /** The change collides with one already made (a finding decided twice, or two decisions racing on one finding). */
  | 'CONFLICT'
  | 'INTERNAL';

/**
 * An expected failure raised by services. It carries a stable code and a message that is
 * safe to show the caller; the GraphQL edge turns it into `extensions.code`.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthenticated = (reason: string) => new AppError('UNAUTHENTICATED', reason);
export const forbidden = (message = 'You may not access this resource.') => new AppError('FORBIDDEN', message);
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found.`);
export const badUserInput = (message: string, field?: string) => new AppError('BAD_USER_INPUT', message, field ? { field } : {});

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rejects ids that cannot name a row, before they reach the database. */
export function assertUuid(value: string, field: string): string {
  if (!uuidPattern.test(value)) throw badUserInput(`${field} is not a valid id.`, field);
  return value.toLowerCase();
}

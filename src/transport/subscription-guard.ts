import type { ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { appErrorToGraphQL } from '../graphql/errors.js';
import type { Principal } from '../identity/principal.js';
import { AppError, unauthenticated } from '../platform/errors.js';
import type { ClosableSocket, LiveConnections } from './live-connections.js';

/** The largest delay Node timers accept; later instants are re-armed. */
const MAX_TIMER_MS = 2_147_483_647;

/** Runs `callback` once at `at` (also far in the future); returns the cancel. */
export function atInstant(at: Date, callback: () => void): () => void {
  let timer: NodeJS.Timeout;
  const arm = () => {
    const remaining = at.getTime() - Date.now();
    timer = setTimeout(() => (Date.now() < at.getTime() ? arm() : callback()), Math.min(Math.max(remaining, 0), MAX_TIMER_MS));
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}

/** The error a stream of an expired token ends with. */
export const tokenExpired = () => unauthenticated('Token has expired.');

/**
 * A stream the server can end: `end(final)` delivers `final` as the last event (even while the
 * source waits for its next one), then completes and returns the source. `onFinish` runs once,
 * however the stream stops.
 */
export function endableStream<T>(
  source: AsyncIterable<T>,
  onFinish: () => void,
): { stream: AsyncIterableIterator<T>; end(final: T): void } {
  const iterator = source[Symbol.asyncIterator]();
  let finished = false;
  let final: { value: T } | null = null;
  let finalDelivered = false;
  /** Wakes the `next()` in progress; one promise per call, so a long stream keeps no reactions. */
  let interrupt: (() => void) | null = null;
  const finish = () => {
    if (finished) return;
    finished = true;
    onFinish();
  };
  const stopSource = () => {
    // An async generator waiting for its next event returns only after it; do not wait for it.
    Promise.resolve(iterator.return?.()).catch(() => {});
  };
  const afterEnd = (): IteratorResult<T> => {
    if (final && !finalDelivered) {
      finalDelivered = true;
      return { value: final.value, done: false };
    }
    finish();
    return { value: undefined, done: true };
  };
  return {
    end(value) {
      if (final || finished) return;
      final = { value };
      interrupt?.();
      stopSource();
    },
    stream: {
      async next() {
        if (final) return afterEnd();
        let step: IteratorResult<T> | null;
        const interrupted = new Promise<null>((resolve) => (interrupt = () => resolve(null)));
        try {
          step = await Promise.race([iterator.next(), interrupted]);
        } catch (error) {
          finish();
          throw error;
        } finally {
          interrupt = null;
        }
        if (step === null || final) return afterEnd();
        if (step.done) finish();
        return step;
      },
      async return() {
        finish();
        stopSource();
        return { value: undefined, done: true };
      },
      async throw(error: unknown) {
        finish();
        stopSource();
        throw error;
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    },
  };
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

const refusal = (error: AppError): ExecutionResult => ({ errors: [appErrorToGraphQL(error)] });

/**
 * Every subscription, over graphql-ws and SSE alike, takes a slot in `live` (limits per socket
 * and per user, refused with RATE_LIMITED / TOO_MANY_SUBSCRIPTIONS before anything runs) and
 * gives it back however it stops. A socketless (SSE) stream also ends, with a final error event
 * and then completion, when its token expires (UNAUTHENTICATED) or when `live` ends its user;
 * graphql-ws streams end with their socket, which app.ts closes in those cases.
 */
export function useSubscriptionGuard<S extends ClosableSocket>(
  live: LiveConnections<S>,
): Plugin<{ principal?: Principal | null; socket?: S }> {
  return {
    onSubscribe: async ({ args, subscribeFn, setSubscribeFn, setResultAndStopExecution }) => {
      const { principal, socket } = args.contextValue;
      // Without a principal the subscription resolvers refuse the operation themselves.
      if (!principal) return;
      let pendingEnd = null as AppError | null;
      let end: (error: AppError) => void = (error) => (pendingEnd = error);
      let cancelExpiry = () => {};
      let releaseSlot: () => void;
      try {
        releaseSlot = await live.openSubscription({ userId: principal.userId, socket: socket ?? null, end: (error) => end(error) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        setResultAndStopExecution(refusal(error));
        return;
      }
      const release = () => {
        cancelExpiry();
        releaseSlot();
      };
      setSubscribeFn(async (subscribeArgs) => {
        try {
          return await subscribeFn(subscribeArgs);
        } catch (error) {
          release();
          throw error;
        }
      });
      return {
        onSubscribeResult: ({ result, setResult }) => {
          if (!isAsyncIterable(result)) return release();
          const endable = endableStream(result, release);
          end = (error) => endable.end(refusal(error));
          if (!socket && principal.tokenExpiresAt) cancelExpiry = atInstant(principal.tokenExpiresAt, () => end(tokenExpired()));
          if (pendingEnd) end(pendingEnd);
          setResult(endable.stream);
        },
      };
    },
  };
}

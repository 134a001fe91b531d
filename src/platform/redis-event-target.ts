import { randomBytes } from 'node:crypto';
import type { TypedEvent, TypedEventListenerOrEventListenerObject, TypedEventTarget } from '@graphql-yoga/typed-event-target';
import { createLogger } from './logger.js';
import type { RedisHealth } from './redis.js';

const log = createLogger('events');

/** What the event target needs of a publishing connection. */
export interface PublishClient {
  publish(channel: string, message: string): Promise<unknown>;
}

/** What the event target needs of a connection in subscriber mode. */
export interface SubscribeClient {
  subscribe(channel: string): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
}

export interface EventSerializer {
  stringify(value: unknown): string;
  parse(text: string): unknown;
}

/** Separates the publishing process's id from the payload in a Redis message. */
const ORIGIN_SEPARATOR = '|';

/**
 * Events of this process and of every process sharing a Redis, and an outage of that Redis
 * survived. An event is delivered to this process's listeners at once, always (whatever Redis
 * does), and published to Redis tagged with this process's id for the others, which skip their own
 * echo. No Redis promise is left unobserved: a publish, subscribe or unsubscribe that fails is
 * logged once per outage and never rejects into the caller.
 *
 * While Redis is unavailable nothing is sent (events reach this process only); when it is back,
 * every topic with a listener is subscribed again, and a topic whose last listener left meanwhile
 * is unsubscribed. Events published elsewhere during the outage are lost: Redis carries only what
 * is live, and whoever depends on an event (erasure, cancellation) re-checks PostgreSQL.
 */
export class ResilientEventTarget<TEvent extends TypedEvent> extends EventTarget implements TypedEventTarget<TEvent> {
  private readonly serializer: EventSerializer;
  private readonly origin: string;
  /** Per topic: the listeners as given, each with the function that calls it. */
  private readonly callbacks = new Map<string, Map<unknown, (event: TEvent) => void>>();
  /** Topics that may be subscribed at Redis without a listener here (an unsubscribe that failed). */
  private readonly stale = new Set<string>();
  private failureLogged = false;

  constructor(
    private readonly options: {
      publish: PublishClient;
      subscribe: SubscribeClient;
      health: Pick<RedisHealth, 'available' | 'onChange' | 'failed'>;
      serializer?: EventSerializer;
      /** This process's id in its messages (default random). */
      origin?: string;
    },
  ) {
    super();
    this.serializer = options.serializer ?? JSON;
    this.origin = options.origin ?? randomBytes(8).toString('hex');
    options.subscribe.on('message', (channel, message) => this.received(channel, message));
    options.health.onChange((available) => {
      if (!available) return;
      this.failureLogged = false;
      // A subscription asked for during the outage was never sent, and one from before may be gone with the connection.
      for (const topic of this.callbacks.keys()) this.sendSubscribe(topic);
      for (const topic of [...this.stale]) if (!this.callbacks.has(topic)) this.sendUnsubscribe(topic);
    });
  }

  override addEventListener<TCurrEvent extends TEvent>(
    topic: TCurrEvent['type'],
    callback: TypedEventListenerOrEventListenerObject<TCurrEvent> | null,
  ): void {
    if (!callback) return;
    let listeners = this.callbacks.get(topic);
    if (!listeners) {
      listeners = new Map();
      this.callbacks.set(topic, listeners);
      this.sendSubscribe(topic);
    }
    const call = 'handleEvent' in callback ? callback.handleEvent.bind(callback) : callback;
    // Events of a topic are of that topic's type.
    listeners.set(callback, (event) => call(event as TCurrEvent));
  }

  override removeEventListener<TCurrEvent extends TEvent>(
    topic: TCurrEvent['type'],
    callback: TypedEventListenerOrEventListenerObject<TCurrEvent> | null,
  ): void {
    const listeners = this.callbacks.get(topic);
    if (!callback || !listeners?.delete(callback) || listeners.size > 0) return;
    this.callbacks.delete(topic);
    this.sendUnsubscribe(topic);
  }

  override dispatchEvent(event: TEvent): boolean {
    this.deliver(event);
    if (this.options.health.available) {
      const { type: topic, detail } = event;
      const text = detail === undefined || detail === null ? '' : this.serializer.stringify(detail);
      this.options.publish.publish(topic, `${this.origin}${ORIGIN_SEPARATOR}${text}`).catch(this.failed('publish', topic));
    }
    return true;
  }

  /** Topics with a listener in this process. */
  get topics(): string[] {
    return [...this.callbacks.keys()];
  }

  private deliver(event: TEvent): void {
    const listeners = this.callbacks.get(event.type);
    if (!listeners) return;
    for (const call of [...listeners.values()]) {
      try {
        call(event);
      } catch (error) {
        log.error({ err: error, topic: event.type }, 'an event listener failed');
      }
    }
  }

  private received(channel: string, message: string): void {
    const separator = message.indexOf(ORIGIN_SEPARATOR);
    // Not one of ours, or published here (and delivered here then).
    if (separator < 0 || message.slice(0, separator) === this.origin || !this.callbacks.has(channel)) return;
    let detail: unknown;
    try {
      const text = message.slice(separator + 1);
      detail = text === '' ? null : this.serializer.parse(text);
    } catch (error) {
      log.warn({ err: error, topic: channel }, 'an event from Redis could not be read; skipped');
      return;
    }
    // The topic's listeners take the payload that was published on it.
    this.deliver(new CustomEvent(channel, { detail }) as TEvent);
  }

  private sendSubscribe(topic: string): void {
    if (!this.options.health.available) return;
    this.stale.delete(topic);
    this.options.subscribe.subscribe(topic).catch(this.failed('subscribe', topic));
  }

  private sendUnsubscribe(topic: string): void {
    if (!this.options.health.available) {
      this.stale.add(topic);
      return;
    }
    this.options.subscribe.unsubscribe(topic).then(
      () => this.stale.delete(topic),
      (error: unknown) => {
        this.stale.add(topic);
        this.failed('unsubscribe', topic)(error);
      },
    );
  }

  private failed(action: string, topic: string) {
    return (error: unknown) => {
      this.options.health.failed(error);
      if (this.failureLogged) return;
      this.failureLogged = true;
      log.warn({ err: error, action, topic }, 'Redis event fan-out failed: events reach this process only until Redis answers');
    };
  }
}

/**
 * The outbox worker: polls for due messages, hands each to its topic's handler,
 * marks it delivered, or schedules a retry with exponential backoff and jitter.
 * Several app instances on one PostgreSQL can run it at once (claimDue takes
 * rows with FOR UPDATE SKIP LOCKED and a lease). Delivery is at least once;
 * receivers drop repeats by the Idempotency-Key. start() starts it, stop() stops it.
 */
import type { Logger } from "pino";
import type { Db } from "../db/db";
import { retryDelayMs } from "./backoff";
import { claimDue, markDelivered, markFailed, releaseLease, type OutboxMessage } from "./store";

/** Delivers one message; throws when it was not accepted. `signal` aborts when the worker stops. */
export type OutboxHandler = (message: OutboxMessage, signal: AbortSignal) => Promise<void>;

export interface OutboxSettings {
  /** How often an idle worker looks for due messages. */
  pollMs: number;
  /** The first retry waits about this long; each later one twice as long (with jitter) up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** After this many failed attempts the message is kept but no longer tried (gave_up_at). */
  maxAttempts: number;
  batchSize: number;
  /** How long a taken message is hidden from other workers; longer than any handler's timeout. */
  leaseMs: number;
}

/** About 3 days of retries before giving up: 2 s, 4 s, 8 s … then every 30 minutes. */
export const DEFAULT_OUTBOX_SETTINGS: OutboxSettings = {
  pollMs: 1000,
  baseDelayMs: 2000,
  maxDelayMs: 30 * 60_000,
  maxAttempts: 150,
  batchSize: 10,
  leaseMs: 120_000,
};

export interface OutboxWorker {
  /** Looks for due messages now instead of at the next poll. */
  wake(): void;
  /** Stops polling, aborts deliveries in flight (they are retried later) and waits for the loop to end. */
  stop(): Promise<void>;
}

export interface OutboxWorkerOptions {
  db: Db;
  logger: Logger;
  handlers: Record<string, OutboxHandler>;
  settings?: Partial<OutboxSettings>;
  random?: () => number;
}

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const settings = { ...DEFAULT_OUTBOX_SETTINGS, ...options.settings };
  const { db, logger, handlers } = options;
  const topics = Object.keys(handlers);
  const stopping = new AbortController();
  let wakeUp: (() => void) | null = null;

  async function deliver(message: OutboxMessage): Promise<void> {
    const log = { topic: message.topic, idempotencyKey: message.idempotency_key, attempt: message.attempts };
    try {
      await handlers[message.topic](message, stopping.signal);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // Stopping (SIGTERM): the lease is released now rather than left to run out, so another instance delivers it.
      if (stopping.signal.aborted) {
        await releaseLease(db, message.id, reason);
        return;
      }
      const giveUp = message.attempts >= settings.maxAttempts;
      const delay = retryDelayMs(message.attempts, settings.baseDelayMs, settings.maxDelayMs, options.random);
      await markFailed(db, message.id, reason, delay, giveUp);
      if (giveUp) logger.error({ ...log, reason }, "outbox: delivery failed; attempts used up, kept for an operator");
      else logger.warn({ ...log, reason, retryInMs: delay }, "outbox: delivery failed; will retry");
      return;
    }
    await markDelivered(db, message.id);
    if (message.attempts > 1) logger.info(log, "outbox: delivered after retrying");
  }

  /** One poll: the number of messages taken. */
  async function runOnce(): Promise<number> {
    const due = await claimDue(db, topics, settings.batchSize, settings.leaseMs);
    await Promise.all(due.map(deliver));
    return due.length;
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  // Nothing to deliver without handlers: no polling at all (the default configuration).
  const loop =
    topics.length === 0
      ? Promise.resolve()
      : (async () => {
          while (!stopping.signal.aborted) {
            let taken = 0;
            try {
              taken = await runOnce();
            } catch (error) {
              if (stopping.signal.aborted) break;
              logger.error({ err: error }, "outbox: poll failed");
            }
            if (stopping.signal.aborted) break;
            if (taken < settings.batchSize) await pause(settings.pollMs);
          }
        })();

  return {
    wake: () => wakeUp?.(),
    stop: async () => {
      stopping.abort();
      wakeUp?.();
      await loop;
    },
  };
}

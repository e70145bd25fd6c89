/**
 * The one analytics endpoint's body, checked strictly: anything else is refused with 400 and nothing is stored.
 * There is no free text: step ids, field paths, rules and hook names are identifiers, and a validation failure
 * never carries the value typed.
 */
import { z } from "zod";

export const EVENT_KINDS = ["step_shown", "next_pressed", "validation_failed", "step_left", "funnel_completed", "hook"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** The most events one batch may carry, and the most bytes its body may have. */
export const MAX_EVENTS_PER_BATCH = 100;
export const MAX_BATCH_BYTES = 16 * 1024;
/** An event older than this when sent is refused (the recorder sends at least on leaving the page). */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

const identifier = z.string().regex(/^[A-Za-z0-9_.:-]{1,80}$/);

const event = z.strictObject({
  k: z.enum(EVENT_KINDS),
  s: identifier,
  /** How long ago it happened, in ms, when the batch was sent (the browser's clock is not trusted). */
  a: z.number().int().min(0).max(MAX_AGE_MS),
  f: identifier.optional(),
  r: identifier.optional(),
  h: identifier.optional(),
  o: identifier.optional(),
});

export const eventBatchSchema = z.strictObject({
  v: identifier,
  e: z.array(event).min(1).max(MAX_EVENTS_PER_BATCH),
});

export type EventBatch = z.infer<typeof eventBatchSchema>;

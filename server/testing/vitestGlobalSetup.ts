/**
 * Vitest's global setup: makes the migrated test database (./migratedSnapshot.ts) once, before any worker starts.
 * On a fresh checkout each worker would otherwise find none and make its own, a few seconds of CPU apiece.
 */
import { migratedSnapshot } from "./migratedSnapshot";

export async function setup(): Promise<void> {
  await migratedSnapshot();
}

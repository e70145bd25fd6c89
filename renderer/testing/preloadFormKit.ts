/**
 * Vitest setup for the unit and DOM files: react-hook-form loaded up front, as main.tsx and the server have it
 * before a step with fields is drawn, so a test can render such a step (or a field block) at once.
 */
import { loadFormKit } from "../runtime/formKit";

await loadFormKit();

/**
 * The contract between the funnel runner and its blocks and hooks. Blocks and
 * hooks receive a FunnelRuntime; they never reach into the runner's internals.
 */
import type { FunnelEventKind } from "../analytics/recorder";
import type { BlockType, BlockWithDefaults, FunnelDefinition, HookCall, StepDefinition } from "../../schema/types";
import type { FormData } from "../../engine/paths";
import type { BrandTheme } from "../boot";
import type { ApiClient } from "../api/client";
import type { FunnelForm } from "./funnelForm";

export interface FunnelRuntime {
  funnel: FunnelDefinition;
  step: StepDefinition;
  brand: BrandTheme;
  query: URLSearchParams;
  /**
   * The funnel-wide form (react-hook-form once a step with a field is drawn, see funnelForm.ts); field names
   * are the definition's dotted paths.
   */
  form: FunnelForm;
  /** A snapshot of every value collected so far. */
  getData(): FormData;
  /** Sets a value; marks it dirty and re-validates it when it was already shown as an error. */
  setValue(path: string, value: unknown): void;
  /** Copy with {placeholders} filled from the brand and the claim so far. */
  fill(text: string): string;
  api: ApiClient;
  /** Runs the step's onNext hooks, then moves to the next step (as the Next button does). */
  goNext(): Promise<void>;
  /** Navigates to another path of the site, outside the funnel. */
  goTo(href: string): void;
  /** Navigates to another step of this funnel, keeping the query string. */
  goToStep?(stepId: string): void;
  /** The address of a step of this funnel; with `returnTo`, a change whose Next goes back to that check step. */
  stepHref?(stepId: string, returnTo?: string): string;
  /** Opens a step to change an answer; its Next comes back to this step (see changeReturn.ts). */
  changeAnswer?(stepId: string): void;
  busy: boolean;
  setBusy(busy: boolean): void;
}

export interface BlockComponentProps<T extends BlockType> {
  /** The block with the manifest's prop defaults filled in (StepView). */
  block: BlockWithDefaults<T>;
  runtime: FunnelRuntime;
}

export type HookOutcome =
  | { ok: true; outcome?: string }
  | {
      ok: false;
      error: string;
      alert?: boolean;
      /**
       * The step where the visitor puts this failure right (e.g. signs again after changing their signed
       * details): Next takes them there and shows `error` on it, keeping their answers.
       */
      fixOnStep?: string;
    };

export type HookImplementation<N extends HookCall["hook"]> = (
  call: Extract<HookCall, { hook: N }>,
  runtime: FunnelRuntime,
) => Promise<HookOutcome>;

/** Counts one analytics event of this run's funnel (analytics/recorder.ts); a no-op where the run is not a visit (the preview). */
export type EventCounter = (kind: FunnelEventKind, stepId: string, detail?: { f?: string; r?: string; h?: string; o?: string }) => void;

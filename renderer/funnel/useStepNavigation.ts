import { useEffect, useRef } from "react";
import { flushSync } from "react-dom";
import type { NavigateFunction } from "react-router";
import type { FunnelDefinition, NavTarget, StepDefinition } from "../../schema/types";
import { tryAgainMessage } from "../components/ErrorBoundary";
import type { ConditionContext } from "../../engine/conditions";
import { stepOutsideFlowTarget } from "../../engine/flow";
import { stepNeedsFormKit } from "../../engine/formSteps";
import { loadLazyBlocks } from "../blocks/loadLazyBlocks";
import { loadFormKit } from "../runtime/formKit";
import { loadFunnelChrome } from "../layout/lazyFunnelChrome";
import { afterNextPaint } from "./schedule";
import { useLatestRef } from "../runtime/useLatestRef";

export interface StepNavigationOptions {
  funnel: FunnelDefinition;
  mountPath: string;
  /** Whether a step outside the visitor's flow is left to the flow (FunnelRunner's followFlow). */
  followFlow: boolean;
  /** The step the address names. */
  routeStepId: string;
  /** The address's query string, kept when no other is given. */
  search: string;
  navigate: NavigateFunction;
  /** Draws a step over the address's step (useDrawnStep). */
  draw: (step: StepDefinition, over: string) => void;
  /** The conditions with the answers as they are now. */
  freshConditions: () => ConditionContext;
  /** What the step says when the next step's code could not be loaded. */
  onLoadFailed: (message: string) => void;
}

/** Moves to a step (or a link out): returns `go`, which draws the next step whole and lets the address follow. */
export function useStepNavigation(options: StepNavigationOptions): (target: NavTarget | null, search?: string) => Promise<void> {
  const { funnel, mountPath, followFlow, navigate, draw, freshConditions, onLoadFailed } = options;
  const moving = useRef(false);
  // The step the address names, as last drawn: a hook that finishes later may hold an older render's go.
  const routeStepId = useLatestRef(options.routeStepId);
  // The address change a drawn step still waits for; a page taken down meanwhile does not change it.
  const followAddress = useRef<(() => void) | null>(null);
  useEffect(() => () => followAddress.current?.(), []);
  return async (target, search = options.search) => {
    if (!target) return;
    if ("href" in target) return window.location.assign(target.href);
    // The step stays until the next one's blocks (and top bar and banner, if it shows them) are here (they mostly are: they load while this step is
    // filled in), so the next step is drawn whole, not as a spinner first.
    // A second press meanwhile does not add a second history entry.
    if (moving.current) return;
    const url = `/claim/${mountPath}/${target.step}${search}`;
    const next = funnel.steps.find((s) => s.id === target.step);
    if (next) {
      moving.current = true;
      try {
        await Promise.all([
          loadLazyBlocks(next.blocks.map((block) => block.type)),
          loadFunnelChrome({ funnel, step: next }),
          stepNeedsFormKit(next) ? loadFormKit() : null,
        ]);
      } catch {
        // react-hook-form could not be loaded (the connection dropped): the step stays, and says so.
        onLoadFailed(tryAgainMessage());
        return;
      } finally {
        moving.current = false;
      }
    }
    // A step that moves on as soon as it is drawn (its hooks or blocks decide at once) takes the place of the
    // address change still waiting for it: the address goes straight to where the visitor ends up.
    followAddress.current?.();
    followAddress.current = null;
    // A step outside the visitor's flow is not drawn: the address goes there, and the flow sends them on from it.
    if (!next || (followFlow && stepOutsideFlowTarget(funnel, next.id, freshConditions()))) return navigate(url);
    // The next step is drawn first and the address follows once it is on screen: a history entry (pushState)
    // costs the browser a few milliseconds on a slow phone, which the step need not wait for. The router's
    // render then shows the same step, read from the address.
    // Drawn now, in the task of the press, not in a later task the scheduler would queue for it.
    flushSync(() => draw(next, routeStepId.current));
    followAddress.current = afterNextPaint(() => {
      followAddress.current = null;
      navigate(url);
    });
  };
}

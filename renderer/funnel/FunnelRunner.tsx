/**
 * Runs one funnel: the current step's blocks, Continue gating, validation
 * with an error summary, onEnter/onNext hooks and navigation. Knows nothing
 * about any particular funnel version.
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import { Navigate, useLocation, useNavigate } from "react-router";
import type { FunnelDefinition, NavTarget, StepDefinition } from "../../schema/types";
import type { BrandTheme } from "../boot";
import { api, preloadApiClient } from "../api/lazyClient";
import { fillPlaceholders } from "../../engine/copy";
import { evaluateCondition, type ConditionContext } from "../../engine/conditions";
import { backTarget, findStep, inputFields, nextTarget, progressOf, stepOutsideFlowTarget } from "../../engine/flow";
import { afterChange } from "../../engine/answers";
import { changeSearch, returnStepOf } from "./changeReturn";
import { Header } from "../layout/Header";
import { FunnelBanner, TopBar } from "../layout/FunnelChrome";
import { bannerFor, topBarFor } from "../../engine/layout";
import { ProgressBar } from "../layout/ProgressBar";
import { SiteFooter } from "../layout/SiteFooter";
import { StepNav } from "../layout/StepNav";
import { ErrorSummary, type SummaryItem } from "../layout/ErrorSummary";
import { CheckingAccess } from "../pages/CheckingAccess";
import { placeholderValues } from "../../engine/placeholderValues";
import { SAVE_FORM_DATA_EVENT } from "./progressStore";
import { runHooks } from "./runHooks";
import { recordEvent } from "../analytics/recorder";
import type { EventCounter } from "./runtime";
import type { FunnelRuntime } from "./runtime";
import { StepContainer } from "./StepContainer";
import { StepView } from "./StepView";
import { useLatestRef } from "./useLatestRef";
import { useFunnelForm } from "./useFunnelForm";
import { focusWhenPresent } from "./focusWhenPresent";
import { replayTypedValues } from "./typedBeforeHydration";
import { loadLazyBlocks } from "../blocks/loadLazyBlocks";
import { FIELD_BLOCK_TYPES } from "../blocks/registry";
import { afterNextPaint, afterThisFrame, whenIdle } from "./schedule";
import { dropWaitingChecks } from "./afterPointerRelease";
import { stepIsValid, stepShowsNoError } from "./stepValidity";
import { loadStepValidation } from "./loadStepValidation";
import { whenVisitorActs } from "./visitorActs";
import { TRY_AGAIN_MESSAGE } from "../components/ErrorBoundary";
import { stepUsesForm } from "../../engine/formSteps";
import { loadFormKit, loadedFormKit } from "./formKit";

/** The error summary's heading when the funnel names none (`navigation.errorSummaryTitle`). */
const DEFAULT_ERROR_SUMMARY_TITLE = "Please fix the errors below to continue";

export interface FunnelRunnerProps {
  funnel: FunnelDefinition;
  step: StepDefinition;
  mountPath: string;
  brand: BrandTheme;
  /**
   * Send a visitor who opens a step that is not theirs (its includeWhen does not hold) to their own flow.
   * Default true; the preview shows every step as it is.
   */
  followFlow?: boolean;
  /** Whether this run is a visit the analytics count (default true; the preview's is not). */
  counted?: boolean;
}

/** Block types of the steps Next may lead to from here: the one the rules pick now, and the next in order. */
function followingBlockTypes(funnel: FunnelDefinition, stepId: string, conditions: ConditionContext): string[] {
  const target = nextTarget(funnel, stepId, conditions);
  const index = funnel.steps.findIndex((s) => s.id === stepId);
  const ids = new Set([target && "step" in target ? target.step : undefined, funnel.steps[index + 1]?.id]);
  return funnel.steps.filter((s) => ids.has(s.id)).flatMap((s) => s.blocks.map((block) => block.type));
}

const NO_ITEMS: SummaryItem[] = [];

/** The rule a validation message came from (the definition's, by its message), for the analytics; never the value. */
function failedRule(funnel: FunnelDefinition, path: string, message: string): string {
  return funnel.fields[path]?.rules?.find((rule) => rule.message === message)?.rule ?? "other";
}

export function FunnelRunner({ funnel, step: routeStep, mountPath, brand, followFlow = true, counted = true }: FunnelRunnerProps) {
  const navigate = useNavigate();
  const location = useLocation();
  // The step Next has just drawn over the address's step, until the address follows (see go below). Once the
  // address moves, wherever to (the drawn step, or back with the browser), it decides again.
  const [drawn, setDrawn] = useState<{ step: StepDefinition; over: string } | null>(null);
  if (drawn && drawn.over !== routeStep.id) setDrawn(null);
  const step = drawn && drawn.over === routeStep.id ? drawn.step : routeStep;
  const query = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const stepPaths = useLatestRef<string[]>(inputFields(step));
  const formHandle = useFunnelForm(funnel, brand.brandId, () => stepPaths.current);
  const form = formHandle.form;
  // A step with a field needs react-hook-form: it is loaded before such a step is drawn (see go below, and
  // main.tsx for the first page). A step reached otherwise before it is here (the browser's Back) shows a
  // spinner in its place until it arrives; the page and its answers stay.
  const usesForm = stepUsesForm(step);
  if (usesForm && !formHandle.upgraded() && loadedFormKit()) formHandle.upgrade(loadedFormKit()!);
  const awaitingForm = usesForm && !formHandle.upgraded();
  // A subscription to every value (blocks and conditions read them), not watch() in render: that asks
  // react-hook-form for one more whole-page render after each render, Next included.
  useSyncExternalStore(formHandle.subscribeValues, formHandle.valuesVersion, formHandle.valuesVersion);
  const data = form.getValues();
  const [busy, setBusy] = useState(false);
  // Errors belong to the step they were found on: a new step starts without them, with no extra render to clear them.
  const [errorsOf, setErrorsOf] = useState<{ stepId: string; summary: SummaryItem[]; stepError: string | null }>({
    stepId: step.id,
    summary: [],
    stepError: null,
  });
  const summary = errorsOf.stepId === step.id ? errorsOf.summary : NO_ITEMS;
  const stepError = errorsOf.stepId === step.id ? errorsOf.stepError : null;
  const setSummary = (items: SummaryItem[]) =>
    setErrorsOf((e) => ({ stepId: step.id, summary: items, stepError: e.stepId === step.id ? e.stepError : null }));
  const setStepError = (message: string | null) =>
    setErrorsOf((e) => ({ stepId: step.id, summary: e.stepId === step.id ? e.summary : NO_ITEMS, stepError: message }));
  // The step shown in its place until react-hook-form arrives (see awaitingForm above).
  const [, formArrived] = useState(0);
  useEffect(() => {
    if (!awaitingForm) return;
    let current = true;
    loadFormKit().then(
      () => current && formArrived((n) => n + 1),
      () => current && setStepError(TRY_AGAIN_MESSAGE),
    );
    return () => {
      current = false;
    };
    // setStepError is rebuilt each render; whether the form is awaited is what matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [awaitingForm]);
  const summaryRef = useRef<HTMLDivElement>(null);
  const summaryWantsFocus = useRef(false);
  const mainRef = useRef<HTMLElement>(null);

  const conditions: ConditionContext = { data, query, brand: brand as unknown as Record<string, unknown>, fields: funnel.fields };
  const freshConditions = (): ConditionContext => ({ ...conditions, data: form.getValues() });
  const outsideFlow = followFlow ? stepOutsideFlowTarget(funnel, step.id, conditions) : null;

  const count: EventCounter = counted ? (kind, stepId, detail) => recordEvent(funnel.version, kind, stepId, detail) : () => undefined;

  const moving = useRef(false);
  // The step the address names, as last drawn: a hook that finishes later may hold an older render's go.
  const routeStepId = useLatestRef(routeStep.id);
  // The address change a drawn step still waits for; a page taken down meanwhile does not change it.
  const followAddress = useRef<(() => void) | null>(null);
  useEffect(() => () => followAddress.current?.(), []);
  const go = async (target: NavTarget | null, search = location.search) => {
    if (!target) return;
    if ("href" in target) return window.location.assign(target.href);
    // The step stays until the next one's blocks are here (they mostly are: they load while this step is
    // filled in), so the next step is drawn whole, not as a spinner first.
    // A second press meanwhile does not add a second history entry.
    if (moving.current) return;
    const url = `/claim/${mountPath}/${target.step}${search}`;
    const next = funnel.steps.find((s) => s.id === target.step);
    if (next) {
      moving.current = true;
      try {
        await Promise.all([loadLazyBlocks(next.blocks.map((block) => block.type)), stepUsesForm(next) ? loadFormKit() : null]);
      } catch {
        // react-hook-form could not be loaded (the connection dropped): the step stays, and says so.
        setStepError(TRY_AGAIN_MESSAGE);
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
    flushSync(() => setDrawn({ step: next, over: routeStepId.current }));
    followAddress.current = afterNextPaint(() => {
      followAddress.current = null;
      navigate(url);
    });
  };

  // Most copy has no {placeholder}: it is returned as it is, without gathering the values.
  const fill = (text: string) =>
    text.includes("{") ? fillPlaceholders(text, placeholderValues(brand, form.getValues(), funnel.placeholderFields)) : text;

  const runtime: FunnelRuntime = {
    funnel,
    step,
    brand,
    query,
    form,
    api,
    busy,
    setBusy,
    getData: () => form.getValues(),
    setValue: (path, value) => {
      const touched = form.getFieldState(path).isTouched;
      form.setValue(path, value, { shouldDirty: true, shouldValidate: touched });
    },
    fill,
    goTo: (href) => window.location.assign(href),
    goToStep: (stepId) => void go({ step: stepId }),
    stepHref: (stepId, returnTo) => `/claim/${mountPath}/${stepId}${changeSearch(location.search, returnTo)}`,
    changeAnswer: (stepId) => void go({ step: stepId }, changeSearch(location.search, step.id)),
    goNext: async () => {
      // A press that comes before the scheduled replay (below) enters what was typed first, so Next sees it.
      if (mainRef.current) replayTypedValues(mainRef.current);
      if (stepError) setStepError(null);
      count("next_pressed", step.id);
      let valid: boolean;
      try {
        valid = stepShowsNoError(form, stepPaths.current) && (await stepIsValid(funnel, stepPaths.current, form.getValues()));
      } catch {
        // The validation code could not be loaded (the connection dropped): the step stays, and says so.
        setStepError(TRY_AGAIN_MESSAGE);
        return;
      }
      // Only a step with something to show asks react-hook-form: trigger re-renders every field of the step
      // with its (empty) errors, just before the step is left. A valid step's check is the resolver's own rules.
      if (!valid && !(await form.trigger(stepPaths.current as string[]))) {
        const items = stepPaths.current
          .map((path) => ({ path, message: form.getFieldState(path).error?.message }))
          .filter((item): item is SummaryItem => Boolean(item.message));
        setSummary(items);
        for (const item of items) count("validation_failed", step.id, { f: item.path, r: failedRule(funnel, item.path, item.message) });
        summaryWantsFocus.current = true;
        return;
      }
      if (summary.length) setSummary([]);
      // The field the press on Next took the focus from is valid too: its own check on leaving it is not needed.
      if (valid) dropWaitingChecks();
      // A step without onNext hooks moves on in the same task: no busy render before the next step's.
      if (step.onNext?.length) {
        setBusy(true);
        const outcome = await runHooks(step.onNext, runtime, "next", count);
        setBusy(false);
        if (!outcome.ok) {
          // A failure put right on another step (signing again): the visitor goes there, its message with them.
          if (outcome.fixOnStep && outcome.fixOnStep !== step.id) {
            setErrorsOf({ stepId: outcome.fixOnStep, summary: NO_ITEMS, stepError: outcome.error });
            await go({ step: outcome.fixOnStep });
            return;
          }
          setStepError(outcome.error);
          return;
        }
      }
      const target = nextTarget(funnel, step.id, freshConditions());
      // Leaving the funnel (a link out, such as to the portal) or Next on its last step completes it.
      count(
        progressOf(funnel, step.id, freshConditions()).isLast || (target && "href" in target) ? "funnel_completed" : "step_left",
        step.id,
        {
          o: "next",
        },
      );
      // A change made from a check page goes back there, unless it opened a question not yet answered.
      const checkStep = returnStepOf(funnel, query);
      if (checkStep && checkStep !== step.id && target && "step" in target) {
        const to = afterChange(funnel, findStep(funnel, target.step), checkStep, freshConditions());
        return go({ step: to }, to === checkStep ? changeSearch(location.search, null) : location.search);
      }
      await go(target);
    },
  };

  // What the visitor typed into the server-rendered step is entered again once its blocks are live (there is
  // nothing to enter on later steps). After that commit, as a separate event, so React handles it as typing.
  const replayTyped = useCallback(() => {
    const main = mainRef.current;
    if (main) setTimeout(() => replayTypedValues(main), 0);
  }, []);

  // Each step start: save the progress copy, run onEnter hooks and move focus to the heading (the title follows below).
  const arrivalStep = useRef(step.id);
  const moved = useRef(false);
  useEffect(() => {
    if (outsideFlow) return;
    // The page a visitor arrives on opens at the top; they may have scrolled or started typing in the
    // server-rendered form before the script ran, and keep their place and focus.
    if (step.id !== arrivalStep.current) moved.current = true;
    const arriving = !moved.current;
    const main = mainRef.current;
    const typing = arriving && main?.contains(document.activeElement) && document.activeElement !== main;
    // Scrolling and focusing each force a layout: they wait for the next frame, so the new step is laid out once
    // (scrolled to the top before it is painted) and its heading takes focus as soon as it is on screen.
    // Focus that moved meanwhile (the error summary, the visitor's click) stays where it went.
    let stopFocusing: (() => void) | undefined;
    const focusedBefore = document.activeElement;
    const frame = afterThisFrame(() => {
      if (!arriving) window.scrollTo?.(0, 0);
      // The focus the browser dropped to the page's body meanwhile (a hidden nav bar's Next loses it) moved nowhere.
      const focusStayed = document.activeElement === focusedBefore || document.activeElement === document.body;
      if (main && !typing && focusStayed) stopFocusing = focusWhenPresent(main, ".step-heading");
    });
    // Saving the progress copy waits for the browser to be idle; nothing on screen depends on it.
    const cancelSave = whenIdle(() => window.dispatchEvent(new CustomEvent(SAVE_FORM_DATA_EVENT)));
    count("step_shown", step.id);
    void runHooks(step.onEnter, runtime, "enter", count).then((outcome) => !outcome.ok && setStepError(outcome.error));
    // What Next needs (validation, the HTTP client, the next step's lazy blocks) loads while this step is read
    // or filled in: on the page a visitor arrives on, from their first action; on later steps, once it is drawn.
    let left = false;
    let cancelPrefetch: (() => void) | undefined;
    void whenVisitorActs().then(() => {
      if (left) return;
      void loadStepValidation().catch(() => undefined);
      void loadFormKit().catch(() => undefined);
      preloadApiClient();
      const following = () => void loadLazyBlocks([...FIELD_BLOCK_TYPES, ...followingBlockTypes(funnel, step.id, freshConditions())]);
      // The visitor's first action may be the press of Next itself: no waiting then. A later step's load
      // waits until the browser is idle after drawing it.
      if (arriving) following();
      else cancelPrefetch = whenIdle(following);
    });
    return () => {
      left = true;
      cancelPrefetch?.();
      frame();
      cancelSave();
      stopFocusing?.();
    };
    // runtime is rebuilt each render; the step id is what matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step.id]);

  // The error summary takes focus once it is drawn (after Next found errors), not on a guessed frame.
  useEffect(() => {
    if (!summaryWantsFocus.current || !summaryRef.current) return;
    summaryWantsFocus.current = false;
    summaryRef.current.focus();
  }, [summary]);

  // The tab's title is not part of the step on screen: it changes once the new step is painted, so setting it
  // (which the browser passes on to its own window and history entry) does not hold the step back.
  useEffect(() => {
    const title = `${summary.length ? "Error: " : ""}${step.title} – ${brand.brandName}`;
    if (document.title !== title) return afterNextPaint(() => (document.title = title));
  }, [summary.length, step.title, brand.brandName]);

  const progress = progressOf(funnel, step.id, conditions);
  // The progress bar follows the step once it is painted: the step is what the visitor waits for after Next, and
  // changing the fixed header in the same commit lays it out again before the step can show.
  const progressCurrent = useDeferredValue(progress.current);
  const progressTotal = useDeferredValue(progress.total);
  const banner = bannerFor(funnel, step);
  const topBar = topBarFor(funnel);
  const hasChrome = Boolean(banner || topBar);
  const canContinue = !step.continueWhen || evaluateCondition(step.continueWhen, conditions);
  const back = backTarget(funnel, step.id, conditions);
  const nextLabel = progress.isLast ? funnel.navigation.submitLabel : (step.nextButton?.label ?? funnel.navigation.nextLabel);
  const busyLabel = step.nextButton?.busyLabel ?? funnel.navigation.busyLabel;
  const showNav = step.footer !== "hidden";
  // Once drawn, the nav bar stays in the page, hidden on a step without it. The Next just pressed holds the
  // focus, and taking a focused element out of the page makes the browser move the focus, with its blur events,
  // while the next step is drawn (about 2 ms on a slow phone); hidden, it loses the focus after the step is drawn.
  const [navDrawn, setNavDrawn] = useState(showNav);
  if (showNav && !navDrawn) setNavDrawn(true);
  // Back and Next keep their identity across renders, so the (memoised) nav bar is not redrawn while the visitor
  // types or when the next step has the same labels; they act on the newest render's runtime.
  const latest = useLatestRef({ runtime, back, go, count });
  const [navHandlers] = useState(() => ({
    next: () => void latest.current.runtime.goNext(),
    back: () => {
      latest.current.count("step_left", latest.current.runtime.step.id, { o: "back" });
      void latest.current.go(latest.current.back);
    },
  }));

  if (outsideFlow && "step" in outsideFlow) {
    return (
      <>
        <CheckingAccess />
        <Navigate to={`/claim/${mountPath}/${outsideFlow.step}${location.search}`} replace />
      </>
    );
  }

  return (
    <div
      className={`funnel funnel--${funnel.version} step--${step.id}${showNav ? " has-step-nav" : ""}${hasChrome ? " has-header-chrome" : ""}`}
    >
      <Header
        brand={brand}
        top={topBar ? <TopBar bar={topBar} /> : undefined}
        bottom={banner ? <FunnelBanner text={fill(banner.text)} /> : undefined}
      >
        {funnel.layout?.showProgress !== false && progress.shown && (
          <ProgressBar current={progressCurrent} total={progressTotal} label={funnel.navigation.progressLabel} />
        )}
      </Header>
      <main id="main" className="main" ref={mainRef}>
        <StepContainer asForm={showNav} onSubmit={() => void runtime.goNext()}>
          {summary.length > 0 && (
            <ErrorSummary ref={summaryRef} title={funnel.navigation.errorSummaryTitle ?? DEFAULT_ERROR_SUMMARY_TITLE} items={summary} />
          )}
          {stepError && (
            <div className="panel panel--error" role="alert">
              {stepError}
            </div>
          )}
          {awaitingForm ? (
            <div className="spinner" role="status" aria-label="Loading" />
          ) : (
            <StepView step={step} runtime={runtime} conditions={conditions} onLive={replayTyped} />
          )}
        </StepContainer>
      </main>
      {/* Before the footer: Back and Next come straight after the step for the keyboard, and on a short viewport,
          where the bar is not fixed, on screen too. */}
      {navDrawn && (
        <StepNav
          hidden={!showNav}
          backLabel={funnel.navigation.backLabel}
          onBack={back ? navHandlers.back : undefined}
          nextLabel={busy ? busyLabel : nextLabel}
          onNext={navHandlers.next}
          nextDisabled={!canContinue}
          busy={busy}
        />
      )}
      <SiteFooter brand={brand} note={funnel.layout?.footerNote} />
    </div>
  );
}

/**
 * Runs one funnel: the current step's blocks, Continue gating, validation
 * with an error summary, onEnter/onNext hooks and navigation. Knows nothing
 * about any particular funnel version. Each job is a hook of its own (use*.ts beside this file): what the
 * blocks and hooks are given is useStepRuntime.
 */
import { useCallback, useDeferredValue, useMemo, useRef, useSyncExternalStore } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import type { FunnelDefinition, StepDefinition } from "../../schema/types";
import type { BrandTheme } from "../boot";
import type { ConditionContext } from "../../engine/conditions";
import { inputFields, progressOf, stepOutsideFlowTarget } from "../../engine/flow";
import { Header } from "../layout/Header";
import { FunnelChrome } from "../layout/lazyFunnelChrome";
import { bannerFor, topBarFor } from "../../engine/layout";
import { ProgressBar } from "../layout/ProgressBar";
import { SiteFooter } from "../layout/SiteFooter";
import { StepNav } from "../layout/StepNav";
import { ErrorSummary } from "../layout/ErrorSummary";
import { CheckingAccess } from "../pages/CheckingAccess";
import { recordEvent } from "../analytics/recorder";
import type { EventCounter } from "../runtime/runtime";
import { StepContainer } from "./StepContainer";
import { StepView } from "./StepView";
import { useLatestRef } from "../runtime/useLatestRef";
import { useFunnelForm } from "./useFunnelForm";
import { replayTypedValues } from "./typedBeforeHydration";
import { leaveAgainWhatWasLeftBeforeLive, pressAgainWhatWasPressedBeforeLive } from "./pressedBeforeLive";
import { useDrawnStep } from "./useDrawnStep";
import { useStepErrors } from "./useStepErrors";
import { useLazyForm } from "./useLazyForm";
import { useStepNavigation } from "./useStepNavigation";
import { useStepRuntime } from "./useStepRuntime";
import { useStepArrival } from "./useStepArrival";
import { useSummaryFocus } from "./useSummaryFocus";
import { stepTabTitle, useTabTitle } from "./useTabTitle";
import { useStepNav } from "./useStepNav";
import { siteText } from "../siteText";

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

export function FunnelRunner({ funnel, step: routeStep, mountPath, brand, followFlow = true, counted = true }: FunnelRunnerProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { step, draw } = useDrawnStep(routeStep);
  const query = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const stepPaths = useLatestRef<string[]>(inputFields(step));
  const formHandle = useFunnelForm(funnel, brand.brandId, () => stepPaths.current);
  const form = formHandle.form;
  // A subscription to every value (blocks and conditions read them), not watch() in render: that asks
  // react-hook-form for one more whole-page render after each render, Next included.
  useSyncExternalStore(formHandle.subscribeValues, formHandle.valuesVersion, formHandle.valuesVersion);
  const data = form.getValues();
  const errors = useStepErrors(step.id);
  const { summary, stepError } = errors;
  const awaitingForm = useLazyForm(step, formHandle, errors.setStepError);
  const mainRef = useRef<HTMLElement>(null);

  const conditions: ConditionContext = { data, query, brand: brand as unknown as Record<string, unknown>, fields: funnel.fields };
  const freshConditions = (): ConditionContext => ({ ...conditions, data: form.getValues() });
  const outsideFlow = followFlow ? stepOutsideFlowTarget(funnel, step.id, conditions) : null;
  const count: EventCounter = counted ? (kind, stepId, detail) => recordEvent(funnel.version, kind, stepId, detail) : () => undefined;
  const search = location.search;
  const onLoadFailed = errors.setStepError;
  const go = useStepNavigation({
    funnel,
    mountPath,
    followFlow,
    routeStepId: routeStep.id,
    search,
    navigate,
    draw,
    freshConditions,
    onLoadFailed,
  });
  const runtime = useStepRuntime({
    ...{ funnel, step, brand, query, form, mountPath, search, go },
    nextPress: () => ({ paths: () => stepPaths.current, main: mainRef.current, errors, focusSummary, count, go, search, freshConditions }),
  });

  // What the visitor typed into the server-rendered step is entered again once its blocks are live (there is
  // nothing to enter on later steps), and a button they pressed is pressed again. After that commit, as separate
  // events, so React handles them as typing and a press.
  const replayTyped = useCallback(() => {
    const main = mainRef.current;
    if (main)
      setTimeout(() => {
        replayTypedValues(main);
        leaveAgainWhatWasLeftBeforeLive(main);
        pressAgainWhatWasPressedBeforeLive(document.getElementById("root") ?? main);
      }, 0);
  }, []);
  useStepArrival({
    funnel,
    step,
    outsideFlow: Boolean(outsideFlow),
    mainRef,
    runtime,
    count,
    freshConditions,
    onHookFailed: errors.setStepError,
  });
  const { summaryRef, focusWhenDrawn: focusSummary } = useSummaryFocus(summary);
  useTabTitle(stepTabTitle(step.title, brand.brandName, summary.length > 0));

  const progress = progressOf(funnel, step.id, conditions);
  // The progress bar follows the step once it is painted: the step is what the visitor waits for after Next, and
  // changing the fixed header in the same commit lays it out again before the step can show.
  const progressCurrent = useDeferredValue(progress.current);
  const progressTotal = useDeferredValue(progress.total);
  const banner = bannerFor(funnel, step);
  const topBar = topBarFor(funnel);
  const nav = useStepNav({ funnel, runtime, conditions, isLast: progress.isLast, go, count });

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
      className={`funnel funnel--${funnel.version} step--${step.id}${nav.shown ? " has-step-nav" : ""}${banner || topBar ? " has-header-chrome" : ""}`}
    >
      <Header
        brand={brand}
        top={topBar ? <FunnelChrome bar={topBar} /> : undefined}
        bottom={banner ? <FunnelChrome text={runtime.fill(banner.text)} /> : undefined}
      >
        {funnel.layout?.showProgress !== false && progress.shown && (
          <ProgressBar current={progressCurrent} total={progressTotal} label={funnel.navigation.progressLabel} />
        )}
      </Header>
      <main id="main" className="main" ref={mainRef}>
        <StepContainer asForm={nav.shown} onSubmit={() => void runtime.goNext()}>
          {summary.length > 0 && (
            <ErrorSummary
              ref={summaryRef}
              title={funnel.navigation.errorSummaryTitle ?? siteText("common").errorSummaryTitle}
              items={summary}
            />
          )}
          {stepError && (
            <div className="panel panel--error" role="alert">
              {stepError}
            </div>
          )}
          {awaitingForm ? (
            <div className="spinner" role="status" aria-label={siteText("common").loading} />
          ) : (
            <StepView step={step} runtime={runtime} conditions={conditions} onLive={replayTyped} />
          )}
        </StepContainer>
      </main>
      {/* Before the footer: Back and Next come straight after the step for the keyboard, and on a short viewport,
          where the bar is not fixed, on screen too. */}
      {nav.drawn && <StepNav {...nav.props} />}
      <SiteFooter brand={brand} note={funnel.layout?.footerNote} />
    </div>
  );
}

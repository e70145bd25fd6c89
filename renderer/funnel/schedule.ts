/**
 * Work a step change need not do before the new step is drawn: in the next animation frame (before it is
 * painted), once that frame is painted, or when the browser is idle. Each returns a cancel function. Where the browser lacks the API
 * (jsdom, older Safari for idle callbacks) a timer stands in.
 */
export function afterThisFrame(work: () => void): () => void {
  if (typeof window.requestAnimationFrame !== "function") {
    const timer = setTimeout(work, 0);
    return () => clearTimeout(timer);
  }
  const frame = window.requestAnimationFrame(() => work());
  return () => window.cancelAnimationFrame(frame);
}

export function whenIdle(work: () => void, timeoutMs = 1000): () => void {
  if (typeof window.requestIdleCallback !== "function") {
    const timer = setTimeout(work, 1);
    return () => clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(() => work(), { timeout: timeoutMs });
  return () => window.cancelIdleCallback(handle);
}

/** After the next frame is painted: a task queued from that frame's animation callback runs once it is on screen. */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancelFrame = afterThisFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelFrame();
    clearTimeout(timer);
  };
}

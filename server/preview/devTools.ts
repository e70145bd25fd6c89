/**
 * Whether developer tools (the /preview page and its live reload) are served.
 * Never in production. This is the one place that decides it, so a further
 * condition (e.g. "only to loopback callers") joins here.
 */
export function devToolsEnabled(settings: { production: boolean }): boolean {
  return !settings.production;
}

import { Component, type ReactNode } from "react";
import { siteText } from "../siteText";

/** The spec's words for a failure the visitor can retry (the site's `common.tryAgainMessage`); steps use them too (FunnelRunner). */
export const tryAgainMessage = (): string => siteText("common").tryAgainMessage;

interface State {
  error: Error | null;
}

/** The app's error boundary: 'Something went wrong', the message (or 'Unknown error') and 'Try Again' (the site's `common` words). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error("") };
  }

  render() {
    if (!this.state.error) return this.props.children;
    const t = siteText("common");
    return (
      <main className="main error-boundary" role="alert">
        <h1>{t.errorTitle}</h1>
        <p>{tryAgainMessage()}</p>
        <p className="error-boundary__message">{this.state.error.message || t.unknownError}</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t.tryAgainLabel}
        </button>
      </main>
    );
  }
}

import { Component, type ReactNode } from "react";

/** The spec's words for a failure the visitor can retry; steps use them too (FunnelRunner). */
export const TRY_AGAIN_MESSAGE =
  "We encountered an error while processing your request. Please try again or contact support if the problem persists.";

interface State {
  error: Error | null;
}

/** The app's error boundary: 'Something went wrong', the message (or 'Unknown error') and 'Try Again'. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error("Unknown error") };
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="main error-boundary" role="alert">
        <h1>Something went wrong</h1>
        <p>{TRY_AGAIN_MESSAGE}</p>
        <p className="error-boundary__message">{this.state.error.message || "Unknown error"}</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Try Again
        </button>
      </main>
    );
  }
}

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPanel } from './error-panel';

type ErrorBoundaryProps = { children: ReactNode };
type ErrorBoundaryState = { failed: boolean; error: unknown };

/**
 * Catches render errors outside the router's reach (providers, the router itself). Errors in a
 * screen are caught by the route's errorElement first and keep the page layout around them.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) return <ErrorPanel error={this.state.error} />;
    return this.props.children;
  }
}

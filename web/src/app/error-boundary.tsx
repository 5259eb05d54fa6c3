import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logClientError } from '../lib/report-client-error';
import { isChunkLoadError } from './lazy-named';
import { RuntimeErrorScreen } from './runtime-error-screen';

export interface ErrorBoundaryProps {
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: Error | null;
}

// React still needs a class for error boundaries; everything else is a function.
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Kept visible for the operator's browser console; the screen shows the message.
    // eslint-disable-next-line no-console
    console.error(error, info.componentStack);
    logClientError({
      level: 'fatal',
      message: error.message,
      stack: error.stack ?? null,
      component: 'error-boundary',
      action: isChunkLoadError(error) ? 'load-page' : 'render',
      metadata: { componentStack: info.componentStack?.slice(0, 4000) ?? null },
    });
  }

  // Outside the pages (the signed-in app's own chunk, the public site): a reload starts clean.
  private readonly handleRetry = (): void => {
    const { error } = this.state;
    if (error && isChunkLoadError(error)) {
      window.location.reload();
      return;
    }
    this.setState({ error: null });
  };

  override render(): ReactNode {
    if (this.state.error) {
      return <RuntimeErrorScreen error={this.state.error} onRetry={this.handleRetry} />;
    }
    return this.props.children;
  }
}

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logClientError } from '../lib/report-client-error';
import { isChunkLoadError, retryFailedLoads } from './lazy-named';
import { RuntimeErrorPanel } from './runtime-error-screen';

export interface PageErrorBoundaryProps {
  children: ReactNode;
}

interface PageErrorBoundaryState {
  error: Error | null;
}

/**
 * Catches what one page throws (its code failing to download, or a render error) and shows the
 * §2 error panel in the page's place, so the header and navigation stay usable. Key it by page:
 * opening another page starts afresh. Try Again renders the page again (a fresh download).
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): PageErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logClientError({
      level: 'error',
      message: error.message,
      stack: error.stack ?? null,
      component: 'page-error-boundary',
      action: isChunkLoadError(error) ? 'load-page' : 'render',
      metadata: { componentStack: info.componentStack?.slice(0, 4000) ?? null },
    });
  }

  private readonly handleRetry = (): void => {
    retryFailedLoads();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    if (this.state.error) {
      return (
        <div className="flex justify-center py-8">
          <RuntimeErrorPanel error={this.state.error} onRetry={this.handleRetry} headingLevel={2} />
        </div>
      );
    }
    return this.props.children;
  }
}

import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { collectErrors, logError } from './error-log';

// antd's Result carries its status pictures: loaded with the first failure, not with every page.
const PageFailed = lazy(() => import('./PageFailed'));

interface Props {
  children: ReactNode;
  /** Re-mounts the failed page (the tab's refresh). */
  onRetry?: () => void;
}

/** One page failing keeps the frame usable; the error (with the component stack) goes to the log. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    if (collectErrors) logError(error, `component: ${info.componentStack?.trim().split('\n')[0] ?? ''}`);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Suspense fallback={null}>
        <PageFailed onRetry={this.props.onRetry} />
      </Suspense>
    );
  }
}

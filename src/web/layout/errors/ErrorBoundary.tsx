import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import i18n from '../../providers/i18n';
import { collectErrors, logError } from './error-log';

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
    // A class component has no hooks: i18next's own t, read at render time.
    return (
      <Result
        status="error"
        title={i18n.t('layout.errorLog.pageFailed')}
        extra={
          this.props.onRetry && (
            <Button type="primary" onClick={this.props.onRetry}>
              {i18n.t('layout.tags.refresh')}
            </Button>
          )
        }
      />
    );
  }
}

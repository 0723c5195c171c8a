import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MESSAGES } from '../../contract/messages';
import { Button } from '../ui/Button';
import { CenteredPage } from '../ui/Page';

/** docs/product.md §2: any render error shows 'Something Went Wrong' with a Reload Application button. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <CenteredPage role="alert">
        <h1>{MESSAGES.somethingWentWrong}</h1>
        <p>The app hit an unexpected problem.</p>
        <div>
          <Button type="button" onClick={() => window.location.reload()}>
            {MESSAGES.reloadApplication}
          </Button>
        </div>
      </CenteredPage>
    );
  }
}

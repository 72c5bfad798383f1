import type { ClientErrorReport, ScreenRegion } from '@platform/shared';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

type Report = (report: ClientErrorReport) => void;

type BoundaryProps = {
  region: ScreenRegion;
  route: string;
  report: Report;
  texts: { title: string; retry: string };
  children: ReactNode;
};

/** Clips a component's stack to what the report schema keeps. */
const clip = (text: string | undefined | null, max: number) => (text ? text.slice(0, max) : undefined);

class Boundary extends Component<BoundaryProps, { error: Error | null; route: string }> {
  override state = { error: null as Error | null, route: this.props.route };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  /** Another address is another screen: it gets a fresh try. */
  static getDerivedStateFromProps(props: BoundaryProps, state: { error: Error | null; route: string }) {
    return props.route === state.route ? null : { error: null, route: props.route };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    const message = error instanceof Error ? error.message : String(error);
    this.props.report({
      region: this.props.region,
      route: this.props.route.slice(0, 2000) || '/',
      message: message.slice(0, 2000),
      stack: clip((error instanceof Error ? error.stack : undefined) ?? info.componentStack, 8000),
    });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section className="region-error" role="alert" data-region={this.props.region}>
        <h2>{this.props.texts.title}</h2>
        <p>{error.message}</p>
        <button type="button" className="button" onClick={() => this.setState({ error: null })}>
          {this.props.texts.retry}
        </button>
      </section>
    );
  }
}

/**
 * One region of a screen (the list, the post panel, the map, a settings page) that fails on its
 * own: a failure shows a notice with a retry in its place, the rest of the screen stays, and the
 * error is reported to the server's log with the route (issue 30).
 */
export function RegionBoundary({ region, report, children }: { region: ScreenRegion; report: Report; children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Boundary
      region={region}
      route={location.pathname + location.search}
      report={report}
      texts={{ title: t(`region_error.${region}`), retry: t('region_error.retry') }}
    >
      {children}
    </Boundary>
  );
}

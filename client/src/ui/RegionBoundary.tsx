import type { ClientErrorReport, ScreenRegion } from '@platform/shared';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { RegionAttempt } from './region-attempt';

type Report = (report: ClientErrorReport) => void;

type BoundaryProps = {
  region: ScreenRegion;
  route: string;
  report: Report;
  texts: { title: string; retry: string; chunk: string };
  children: ReactNode;
};

/** A lazily loaded part of the application that did not arrive (each browser words it its own way). */
const isChunkFailure = (error: Error) =>
  /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(error.message);

/** Clips a component's stack to what the report schema keeps. */
const clip = (text: string | undefined | null, max: number) => (text ? text.slice(0, max) : undefined);

type BoundaryState = { error: Error | null; route: string; attempt: number };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, route: this.props.route, attempt: 0 };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  /** Another address is another screen: it gets a fresh try. */
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
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
    const { error, attempt } = this.state;
    if (!error) return <RegionAttempt.Provider value={attempt}>{this.props.children}</RegionAttempt.Provider>;
    return (
      <section className="region-error" role="alert" data-region={this.props.region}>
        <h2>{this.props.texts.title}</h2>
        <p>{isChunkFailure(error) ? this.props.texts.chunk : error.message}</p>
        <button type="button" className="button" onClick={() => this.setState({ error: null, attempt: attempt + 1 })}>
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
      texts={{ title: t(`region_error.${region}`), retry: t('region_error.retry'), chunk: t('region_error.chunk') }}
    >
      {children}
    </Boundary>
  );
}

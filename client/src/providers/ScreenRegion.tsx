import type { ClientErrorReport, ScreenRegion as Region } from '@platform/shared';
import { useCallback, type ReactNode } from 'react';
import { reportClientError } from '../api/endpoints/client-errors';
import { RegionBoundary } from '../ui/RegionBoundary';
import { useServices } from './services-context';

/** A region of a screen that fails on its own, reporting to the server's log (see RegionBoundary). */
export function ScreenRegion({ region, children }: { region: Region; children: ReactNode }) {
  const { api } = useServices();
  const report = useCallback((r: ClientErrorReport) => void reportClientError(api, r), [api]);
  return (
    <RegionBoundary region={region} report={report}>
      {children}
    </RegionBoundary>
  );
}

import { Navigate, Route, Routes } from 'react-router';
import { useSession } from '../session/useSession';
import { SettingsHub } from './SettingsHub';
import { SettingsLayout } from './SettingsLayout';
import { SCREEN_ROUTES } from './screen-routes';
import { CategoriesArea } from './categories/CategoriesArea';
import { SurveysArea } from './surveys/SurveysArea';
import { WebhooksArea } from './webhooks/WebhooksArea';

/**
 * Everything under /settings, loaded on demand. Without a settings permission every settings route
 * sends the user to `/` (spec 1 section 6). Screens add their <Route> below.
 */
export function SettingsArea() {
  const { canOpenSettings } = useSession();
  if (!canOpenSettings) return <Navigate to="/" replace />;
  return (
    <Routes>
      <Route element={<SettingsLayout />}>
        <Route index element={<SettingsHub />} />
        {SCREEN_ROUTES}
        <Route path="surveys/*" element={<SurveysArea />} />
        <Route path="categories/*" element={<CategoriesArea />} />
        <Route path="webhooks/*" element={<WebhooksArea />} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Route>
    </Routes>
  );
}

export { SettingsArea as Component };

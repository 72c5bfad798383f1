import { Navigate, Route, Routes, useParams } from 'react-router';
import { useConfig } from '../../../providers/config-context';
import { isFeatureEnabled } from '../../../providers/features';
import { SurveyEditorScreen } from './SurveyEditorScreen';
import { SurveyList } from './SurveyList';
import { TargetedSurveyCreate } from './targeted/TargetedSurveyCreate';
import { TargetedSurveyPublished } from './targeted/TargetedSurveyPublished';
import './surveys.css';

/** `{action}/{id}`: action is edit or duplicate (spec 3 section 2). */
function ActionRoute() {
  const { action, id } = useParams();
  if (action !== 'edit' && action !== 'duplicate') return <Navigate to="/404" replace />;
  return <SurveyEditorScreen key={`${action}-${id}`} mode={action} />;
}

/** The targeted survey creator; with the `targeted-surveys` feature off, the ordinary survey builder (spec 3 section 2). */
function TargetedCreateRoute() {
  const { features } = useConfig();
  if (!isFeatureEnabled(features, 'targeted-surveys')) return <Navigate to="/settings/surveys/create" replace />;
  return <TargetedSurveyCreate />;
}

/** The survey screens, a chunk of their own loaded when a survey route is first opened. */
export default function SurveyRoutes() {
  return (
    <Routes>
      <Route index element={<SurveyList />} />
      <Route path="create" element={<SurveyEditorScreen key="create" mode="create" />} />
      <Route path="targeted-survey/create" element={<TargetedCreateRoute />} />
      <Route path="targeted-survey/published/:id" element={<TargetedSurveyPublished />} />
      <Route path=":action/:id" element={<ActionRoute />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}

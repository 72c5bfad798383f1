import { Navigate, Route, Routes, useParams } from 'react-router';
import { SurveyEditorScreen } from './SurveyEditorScreen';
import { SurveyList } from './SurveyList';
import './surveys.css';

/** `{action}/{id}`: action is edit or duplicate (spec 3 section 2). */
function ActionRoute() {
  const { action, id } = useParams();
  if (action !== 'edit' && action !== 'duplicate') return <Navigate to="/404" replace />;
  return <SurveyEditorScreen key={`${action}-${id}`} mode={action} />;
}

/** The survey screens, a chunk of their own loaded when a survey route is first opened. */
export default function SurveyRoutes() {
  return (
    <Routes>
      <Route index element={<SurveyList />} />
      <Route path="create" element={<SurveyEditorScreen key="create" mode="create" />} />
      <Route path=":action/:id" element={<ActionRoute />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}

import { Navigate, Route, Routes } from 'react-router';
import { WebhookEditor } from './WebhookEditor';
import { WebhooksList } from './WebhooksList';
import './webhooks.css';

/** The webhook screens, a chunk of their own (spec 3 section 2). */
export default function WebhookRoutes() {
  return (
    <Routes>
      <Route index element={<WebhooksList />} />
      <Route path="create" element={<WebhookEditor />} />
      <Route path=":id" element={<WebhookEditor />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}

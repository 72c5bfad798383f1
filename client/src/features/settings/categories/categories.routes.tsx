import { Navigate, Route, Routes } from 'react-router';
import { CategoryEditorScreen } from './CategoryEditorScreen';
import { CategoryList } from './CategoryList';
import './categories.css';

/** The category screens, a chunk of their own (spec 3 section 2). */
export default function CategoryRoutes() {
  return (
    <Routes>
      <Route index element={<CategoryList />} />
      <Route path="create" element={<CategoryEditorScreen key="create" create />} />
      <Route path=":id" element={<CategoryEditorScreen create={false} />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}

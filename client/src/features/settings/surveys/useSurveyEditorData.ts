import type { Form, Role, Tag } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { getForm, listAttributes, listFormRoleIds, listForms, listStages } from '../../../api/endpoints/forms';
import { listTags } from '../../../api/endpoints/tags';
import { useServices } from '../../../providers/services-context';
import { READ_ON_OPEN, useLiveQuery } from '../../../providers/query/useLiveQuery';
import { listRoles } from './roles';
import { createEditorState, duplicateEditorState, loadEditorState, type EditorState } from './survey-editor.reducer';
import { draftFromApi, type DefaultLabels } from './survey-draft';

export type EditorMode = 'create' | 'edit' | 'duplicate';
export type EditorData = { initial: EditorState; roles: Role[]; surveys: Form[]; tags: Tag[] };
export type EditorLoad = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: EditorData };

/**
 * Everything the builder needs: roles (who can submit), surveys (related-post fields), categories
 * (categories fields) and, to edit or duplicate, the survey with its tasks, fields and roles.
 */
export function useSurveyEditorData(mode: EditorMode, id: number | null): EditorLoad {
  const { t } = useTranslation();
  const { api } = useServices();
  const query = useLiveQuery(
    ['survey-editor', mode, id],
    async (): Promise<EditorData> => {
      // The labels are read once, when the survey is opened.
      const labels: DefaultLabels = {
        post: t('survey.default_post_task'),
        title: t('survey.default_title'),
        description: t('survey.default_description'),
        task: t('survey.new_task_label', { number: 1 }),
      };
      const [roles, surveys, tags] = await Promise.all([listRoles(api), listForms(api), listTags(api)]);
      let initial = createEditorState(labels);
      if (mode !== 'create' && id !== null) {
        const [form, stages, attributes, roleIds] = await Promise.all([
          getForm(api, id),
          listStages(api, id),
          listAttributes(api, id),
          listFormRoleIds(api, id),
        ]);
        const draft = draftFromApi(form, stages, attributes, roleIds);
        initial = mode === 'duplicate' ? duplicateEditorState(draft, labels) : loadEditorState(draft, labels);
      }
      return { initial, roles, surveys, tags };
    },
    READ_ON_OPEN,
  );
  if (query.isPending) return { status: 'loading' };
  return query.isError ? { status: 'error', error: query.error } : { status: 'ready', data: query.data };
}

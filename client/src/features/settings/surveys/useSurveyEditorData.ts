import type { Form, Role, Tag } from '@platform/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getForm, listAttributes, listFormRoleIds, listForms, listStages } from '../../../api/endpoints/forms';
import { listTags } from '../../../api/endpoints/tags';
import { useServices } from '../../../app/services-context';
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
  const [load, setLoad] = useState<EditorLoad>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    const labels: DefaultLabels = {
      post: t('survey.default_post_task'),
      title: t('survey.default_title'),
      description: t('survey.default_description'),
      task: t('survey.new_task_label', { number: 1 }),
    };
    (async () => {
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
    })().then(
      (data) => live && setLoad({ status: 'ready', data }),
      (error: unknown) => live && setLoad({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
    // The labels are read once, when the survey is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, mode, id]);

  return load;
}

import { ADMIN_ROLE, LIMIT_TITLES } from '@platform/shared';
import { useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../api/errors';
import { useServices } from '../../../providers/services-context';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { TextField } from '../../../ui/Field';
import { fieldMessage } from '../../../ui/form-messages';
import { apiErrorTexts } from '../../notices/api-error-text';
import { BuildTab } from './BuildTab';
import { ConfigureTab } from './ConfigureTab';
import { EditorTabs, type EditorTab } from './EditorTabs';
import { ShareTab } from './ShareTab';
import { editorReducer } from './survey-editor.reducer';
import { surveyMessageKey } from './survey-messages';
import { saveProblems, type SaveProblem } from './survey-problems';
import { apiSurveyGateway, saveSurvey } from './survey-save';
import type { EditorData, EditorMode } from './useSurveyEditorData';
import { useLeaveGuard } from './useLeaveGuard';

export const SURVEY_LIST_PATH = '/settings/surveys';
/** Router state the list reads to confirm a save with its "Add to survey" link. */
export type SavedSurveyState = { savedSurvey: { id: number; name: string } };

/** The survey builder: the name, then the build, configure and share tabs (spec 3 section 4). */
export function SurveyEditor({ mode, data }: { mode: EditorMode; data: EditorData }) {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(editorReducer, data.initial);
  const [tab, setTab] = useState<EditorTab>('build');
  const [attempted, setAttempted] = useState(false);
  const [nameTouched, setNameTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const release = useLeaveGuard(state.dirty, t('survey.leave_without_save'));
  const { survey } = state;
  const problems = useMemo(() => saveProblems(survey), [survey]);
  const adminRoleId = data.roles.find((r) => r.name === ADMIN_ROLE)?.id ?? null;
  const title = t(`survey.${mode}_title`);
  useScreenMeta(title, { robots: 'noindex, nofollow' });

  const nameProblem = problems.find((p) => p.scope === 'survey')?.message;
  const describe = (p: SaveProblem) => {
    const text = fieldMessage(t, surveyMessageKey(p.message)) ?? p.message;
    if (p.scope === 'survey') return `${t('survey.name')}: ${text}`;
    const task = survey.tasks.find((x) => x.id === p.taskId);
    const field = p.scope === 'field' ? task?.fields.find((f) => f.id === p.fieldId) : undefined;
    return `${field?.label || task?.label || t('survey.untitled_task')}: ${text}`;
  };

  const leave = (to: string, routerState?: SavedSurveyState) => {
    release();
    void navigate(to, { state: routerState });
  };

  const save = async () => {
    setAttempted(true);
    if (problems.length > 0) {
      notices.warning(t('survey.fix_problems'), problems.map(describe));
      if (nameProblem) nameInput.current?.focus();
      else setTab('build');
      return;
    }
    setSaving(true);
    try {
      const id = await saveSurvey(state, apiSurveyGateway(api), adminRoleId, (step) => dispatch({ type: 'saveProgress', step }));
      dispatch({ type: 'saved' });
      leave(SURVEY_LIST_PATH, { savedSurvey: { id, name: survey.name.trim() } });
    } catch (error) {
      setSaving(false);
      if (isApiError(error) && error.hasTitle(LIMIT_TITLES.forms)) {
        notices.warning(t('limit.survey_limit_reached'));
        leave(SURVEY_LIST_PATH);
        return;
      }
      notices.warning(t('survey.save_failed'), apiErrorTexts(t, error));
    }
  };

  return (
    <section aria-labelledby="survey-editor-title" className="survey-editor">
      <h1 id="survey-editor-title">{title}</h1>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField
          ref={nameInput}
          label={t('survey.name')}
          required
          value={survey.name}
          autoComplete="off"
          onChange={(event) => dispatch({ type: 'setDetails', changes: { name: event.target.value } })}
          onBlur={() => setNameTouched(true)}
          error={(nameTouched || attempted) && nameProblem ? surveyMessageKey(nameProblem) : undefined}
        />
        <EditorTabs current={tab} onChange={setTab} withShare={mode === 'edit' && survey.id !== null}>
          {tab === 'build' ? (
            <BuildTab
              survey={survey}
              problems={problems}
              showProblems={attempted}
              surveys={data.surveys}
              tags={data.tags}
              dispatch={dispatch}
            />
          ) : null}
          {tab === 'configure' ? <ConfigureTab survey={survey} roles={data.roles} dispatch={dispatch} /> : null}
          {tab === 'share' && survey.id !== null ? <ShareTab surveyId={survey.id} /> : null}
        </EditorTabs>
        <div className="editor-actions">
          <Link to={SURVEY_LIST_PATH} className="button button-ghost">
            {t('common.cancel')}
          </Link>
          <button type="submit" className="button button-primary" disabled={saving} aria-busy={saving || undefined}>
            {saving ? t('common.saving') : t('survey.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router';
import { useServices } from '../../../providers/services-context';
import { fieldMessage } from '../../../ui/form-messages';
import { useSession } from '../../session/useSession';
import { usePostBrowse } from '../post-browse-context';
import { usePostActions } from '../usePostActions';
import type { EditorData } from './editor-data';
import { validateEditor } from './editor-validation';
import { SurveyField } from './fields/SurveyField';
import { stageFields, toEditorState, valuesPath, type EditorState } from './post-form';
import { carryOver } from './session-change';
import { TaskTabs } from './TaskTabs';
import { Toolbox } from './Toolbox';
import { initialCaptions, useEditorSave } from './useEditorSave';
import { useKeepFilters } from '../../common/useKeepFilters';

type Ready = Extract<EditorData, { kind: 'ready' }>;

/** Asks before leaving a form with unsaved changes (spec 2 section 4), in the app and on closing the tab. */
function useLeaveGuard(dirty: boolean, leaving: React.RefObject<boolean>) {
  const { t } = useTranslation();
  const { dialogs } = useServices();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // A blocker replaced while the dialog is open (another attempt to leave) answers on its own.
    const asked = new AbortController();
    void dialogs
      .confirm({
        title: t('post_editor.leave_title'),
        message: t('post_editor.leave_without_save'),
        confirmLabel: t('post_editor.leave'),
        cancelLabel: t('post_editor.stay'),
        danger: true,
      })
      .then((ok) => {
        if (asked.signal.aborted) return;
        if (ok) blocker.proceed();
        else blocker.reset();
      });
    return () => asked.abort();
  }, [blocker, dialogs, t]);
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty, leaving]);
}

/**
 * The post form (spec 2 screen 8): title, description and the post task's fields, the other tasks
 * as tabs with "Task completed", and the toolbox for those who may change the status. Checks run
 * on save with the server's messages; what the server still refuses lands on its field.
 */
export function PostEditor({ data: latest }: { data: Ready }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keep = useKeepFilters();
  const { notices } = useServices();
  const { admin, can } = useSession();
  const browse = usePostBrowse();
  const actions = usePostActions();
  // The survey as the form's values know it; it follows `latest` (loaded again under a new
  // session) only once the values have been carried over, so no field renders without its value.
  const [data, setData] = useState(latest);
  const { model, post, privileges, details } = data;
  const initial = useMemo(() => toEditorState(model, post, new Date(), details), [model, post, details]);
  const captions = useMemo(() => initialCaptions(model, initial), [model, initial]);
  const form = useForm<EditorState>({ defaultValues: initial });
  useEffect(() => {
    if (latest === data) return;
    const fresh = toEditorState(latest.model, latest.post, new Date(), latest.details);
    const { state, dropped } = carryOver(form.getValues(), fresh, data.model, latest.model);
    // The stored state becomes what "unsaved changes" are measured against; what was typed stays.
    form.reset(fresh);
    form.reset(state, { keepDefaultValues: true });
    // The form (outside React's state) and the survey it renders change in one render, after the carry-over.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setData(latest);
    if (dropped.length > 0) notices.info(t('post_editor.fields_hidden', { fields: dropped.join(', ') }));
  }, [latest, data, form, notices, t]);
  const { register, formState } = form;
  const [saving, setSaving] = useState(false);
  const leaving = useRef(false);
  const canChangeStatus = privileges.includes('change_status');
  const manager = admin || can('Manage Posts');
  const isNew = post === null;

  const postStage = model.stages.find((s) => s.type === 'post');
  const tasks = model.stages.filter((s) => s.type === 'task' && (manager || !s.task_is_internal_only));
  const shownFields = new Set([...(postStage ? stageFields(model, postStage.id) : []), ...tasks.flatMap((s) => stageFields(model, s.id))]);
  const knownPaths = new Set([
    'title',
    'content',
    'status',
    'published_to',
    'post_date',
    'completed_stages',
    ...[...shownFields].map(valuesPath),
  ]);
  const shownPaths = (path: string) =>
    knownPaths.has(path) || [...knownPaths].some((p) => p.startsWith('values.') && path.startsWith(`${p}.`));
  const save = useEditorSave(form, { model, post, canChangeStatus, captions, shownPaths });

  useLeaveGuard(formState.isDirty && !saving, leaving);

  // A published post whose stored values no longer pass the checks says so when it opens (spec 2 section 5).
  const invalidOnLoad = useMemo(
    () => post?.status === 'published' && Object.keys(validateEditor(model, initial)).length > 0,
    [post, model, initial],
  );
  useEffect(() => {
    if (invalidOnLoad) notices.warning(t('post_editor.valid.invalid_state'));
  }, [invalidOnLoad, notices, t]);

  const title = useWatch({ control: form.control, name: 'title' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const state = form.getValues();
    if (!isNew && !form.formState.isDirty) {
      notices.info(t('post_editor.valid.no_changes'));
      return;
    }
    form.clearErrors();
    const problems = validateEditor(model, state);
    const paths = Object.keys(problems);
    if (paths.length > 0) {
      paths.forEach((path, index) =>
        form.setError(path as 'title', { type: 'check', message: problems[path] }, { shouldFocus: index === 0 }),
      );
      notices.warning(
        t('post_editor.valid.validation_fail'),
        paths.map((p) => fieldMessage(t, problems[p]) ?? ''),
      );
      return;
    }
    setSaving(true);
    const result = await save(state);
    if (result === null) {
      setSaving(false);
      return;
    }
    leaving.current = true;
    if (result.saved) {
      if (isNew) browse.added(result.saved);
      else void browse.refresh(result.saved.id);
    }
    void navigate(keep(result.path));
  };

  const remove = async () => {
    if (!post) return;
    if (await actions.remove(post)) {
      leaving.current = true;
      browse.removed(post.id);
      void navigate('/');
    }
  };

  const error = (name: 'title' | 'content') => fieldMessage(t, formState.errors[name]?.message);
  const titleLabel = model.titleField?.label || t('post_editor.title');
  const contentLabel = model.descriptionField?.label || t('post_editor.description');

  return (
    <FormProvider {...form}>
      <form className="post-editor" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="post-editor-title">
        <div className="post-editor-head" style={{ borderTopColor: model.form.color ?? undefined }}>
          <h2 id="post-editor-title" className="post-detail-title">
            {isNew ? t('post_editor.new_post_in', { survey: model.form.name }) : t('post_editor.edit_post', { title: title || post.title })}
          </h2>
          {model.form.description ? <p className="field-hint">{model.form.description}</p> : null}
        </div>
        <div className="post-editor-layout">
          <div className="post-editor-main">
            <div className={`field${error('title') ? ' field-invalid' : ''}`}>
              <label htmlFor="post-editor-field-title" className="field-label">
                {titleLabel}
                <span aria-hidden="true"> *</span>
              </label>
              {model.titleField?.instructions ? <p className="field-hint">{model.titleField.instructions}</p> : null}
              <input
                id="post-editor-field-title"
                className="input"
                dir="auto"
                maxLength={255}
                aria-invalid={error('title') ? true : undefined}
                aria-describedby={error('title') ? 'post-editor-title-error' : undefined}
                {...register('title')}
              />
              {error('title') ? (
                <p id="post-editor-title-error" className="field-error" role="alert">
                  {error('title')}
                </p>
              ) : null}
            </div>
            <div className={`field${error('content') ? ' field-invalid' : ''}`}>
              <label htmlFor="post-editor-field-content" className="field-label">
                {contentLabel}
                <span aria-hidden="true"> *</span>
              </label>
              {model.descriptionField?.instructions ? <p className="field-hint">{model.descriptionField.instructions}</p> : null}
              <textarea
                id="post-editor-field-content"
                className="input"
                dir="auto"
                rows={5}
                aria-invalid={error('content') ? true : undefined}
                aria-describedby={error('content') ? 'post-editor-content-error' : undefined}
                {...register('content')}
              />
              {error('content') ? (
                <p id="post-editor-content-error" className="field-error" role="alert">
                  {error('content')}
                </p>
              ) : null}
            </div>
            {postStage ? stageFields(model, postStage.id).map((field) => <SurveyField key={field.id} field={field} model={model} />) : null}
            {tasks.length > 0 ? <TaskTabs model={model} tasks={tasks} /> : null}
          </div>
          {canChangeStatus ? <Toolbox model={model} manager={manager} /> : null}
        </div>
        <div className="post-editor-actions">
          {!isNew && privileges.includes('delete') ? (
            <button type="button" className="button button-danger" onClick={() => void remove()} disabled={saving}>
              {t('post.action.delete')}
            </button>
          ) : null}
          <span className="post-editor-spacer" />
          {!isNew ? (
            <button
              type="button"
              className="button button-ghost"
              onClick={() => void navigate(keep(`/posts/${post.id}`))}
              disabled={saving}
            >
              {t('common.cancel')}
            </button>
          ) : null}
          <button type="submit" className="button button-primary" disabled={saving}>
            {saving ? t('post_editor.saving') : isNew ? t('post_editor.submit') : t('common.save')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

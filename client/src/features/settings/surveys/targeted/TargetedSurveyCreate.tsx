import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { createActor, fromPromise } from 'xstate';
import { TextAreaField, TextField } from '../../../../ui/Field';
import { SelectField } from '../../../../ui/SelectField';
import { useServices } from '../../../../providers/services-context';
import { useScreenMeta } from '../../../../providers/useScreenMeta';
import { SURVEY_LIST_PATH } from '../SurveyEditor';
import { countryOptions } from './countries';
import { apiTargetedGateway, publishTargetedSurvey, refusedNumbers } from './targeted-publish';
import { targetedMachine, totalMessages } from './targeted.machine';
import { QuestionDialog, QuestionList, ReviewPanel, StepIndicator, StepMessages, type Step } from './TargetedSteps';
import './targeted.css';

/** What the surveys list shows after a publish: the notice with its button to the data view. */
export type TargetedPublishedState = { targetedPublished: { id: number; name: string } };

/**
 * /settings/surveys/targeted-survey/create (spec 3 sections 2, 4 and 5; issue 24): the four-step
 * creator, driven by the targeted survey machine. Publishing asks for confirmation, saves the survey
 * in the spec's order and goes to the surveys list, which shows the success notice.
 */
export function TargetedSurveyCreate() {
  const { t, i18n } = useTranslation();
  const { api, dialogs } = useServices();
  const navigate = useNavigate();
  useScreenMeta(t('targeted.create_title'), { robots: 'noindex, nofollow' });
  const [failed, setFailed] = useState<string[]>([]);
  const [actor] = useState(() =>
    createActor(
      targetedMachine.provide({
        actors: {
          publish: fromPromise(async ({ input }) => {
            try {
              return { formId: (await publishTargetedSurvey(input, apiTargetedGateway(api))).formId };
            } catch (error) {
              setFailed(refusedNumbers(error));
              throw error;
            }
          }),
        },
      }),
      { input: {} },
    ),
  );
  useEffect(() => {
    actor.start();
  }, [actor]);
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const send = actor.send;
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const confirming = snapshot.matches('confirming');
  const publishing = snapshot.matches('publishing');
  const step: Step = snapshot.matches('name')
    ? 'name'
    : snapshot.matches('audience')
      ? 'audience'
      : snapshot.matches('questions')
        ? 'questions'
        : 'review';

  useEffect(() => {
    if (!confirming) return;
    let live = true;
    void dialogs
      .confirm({
        title: t('targeted.confirm_title'),
        message: t('targeted.confirm_publish', { count: totalMessages(context) }),
        confirmLabel: t('targeted.publish'),
        cancelLabel: t('targeted.cancel'),
      })
      .then((ok) => {
        if (live) send({ type: ok ? 'CONFIRM' : 'CANCEL' });
      });
    return () => {
      live = false;
    };
    // Asked once per entry into `confirming`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [confirming]);

  useEffect(() => {
    if (snapshot.matches('published') && context.formId !== null) {
      const state: TargetedPublishedState = { targetedPublished: { id: context.formId, name: context.name.trim() } };
      void navigate(SURVEY_LIST_PATH, { state });
    }
  }, [snapshot, context.formId, context.name, navigate]);

  return (
    <section aria-labelledby="targeted-title" className="targeted-survey">
      <div className="page-header">
        <h1 id="targeted-title">{t('targeted.create_title')}</h1>
        <Link to={SURVEY_LIST_PATH} className="button button-ghost">
          {t('targeted.cancel')}
        </Link>
      </div>
      <StepIndicator current={step} />
      <form
        noValidate
        className="targeted-step-panel"
        aria-label={t(`targeted.step_${['name', 'audience', 'questions', 'review'].indexOf(step) + 1}`)}
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 'review') send({ type: 'PUBLISH' });
          else send({ type: 'NEXT' });
        }}
      >
        <h2>{t(`targeted.step_${['name', 'audience', 'questions', 'review'].indexOf(step) + 1}`)}</h2>
        <StepMessages messages={context.messages} />
        {step === 'name' ? (
          <>
            <TextField
              label={t('targeted.name')}
              value={context.name}
              maxLength={255}
              onChange={(event) => send({ type: 'SET_NAME', value: event.target.value })}
            />
            <TextAreaField
              label={t('targeted.description')}
              rows={3}
              value={context.description}
              onChange={(event) => send({ type: 'SET_DESCRIPTION', value: event.target.value })}
            />
          </>
        ) : null}
        {step === 'audience' ? (
          <>
            <SelectField
              label={t('targeted.country')}
              value={context.country ?? ''}
              onChange={(event) => send({ type: 'SET_COUNTRY', value: event.target.value || null })}
            >
              <option value="">{t('targeted.choose_country')}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name} ({c.dial})
                </option>
              ))}
            </SelectField>
            <TextAreaField
              label={t('targeted.numbers')}
              rows={4}
              dir="ltr"
              value={context.numbersText}
              hint={t('targeted.numbers_hint')}
              onChange={(event) => send({ type: 'SET_NUMBERS', value: event.target.value })}
            />
            {context.recipients.length > 0 ? (
              <p className="targeted-kept" role="status">
                {t('targeted.numbers_kept', { count: context.recipients.length })}
              </p>
            ) : null}
          </>
        ) : null}
        {step === 'questions' ? (
          <>
            <p className="screen-intro">{t('targeted.questions_intro')}</p>
            <QuestionList
              questions={context.questions}
              onMove={(id, to) => send({ type: 'MOVE_QUESTION', id, to })}
              onEdit={(id) => send({ type: 'OPEN_EDIT', id })}
              onDelete={(id) => send({ type: 'DELETE_QUESTION', id })}
            />
            <button type="button" className="button targeted-add" onClick={() => send({ type: 'OPEN_ADD' })}>
              {t('targeted.add_question')}
            </button>
          </>
        ) : null}
        {step === 'review' ? (
          <>
            <ReviewPanel
              requireApproval={context.requireApproval}
              hideAuthor={context.hideAuthor}
              questions={context.questions.length}
              recipients={context.recipients.length}
              onToggleReview={() => send({ type: 'TOGGLE_REVIEW' })}
              onToggleHide={() => send({ type: 'TOGGLE_HIDE_AUTHOR' })}
            />
            {context.publishError ? (
              <div className="form-alert" role="alert">
                <p>{failed.length > 0 ? t('targeted.error_contacts') : t('targeted.publish_error')}</p>
                {failed.length > 0 ? <p dir="ltr">{failed.join(', ')}</p> : null}
                {failed.length === 0
                  ? context.publishError.map((message) => (
                      <p key={message} className="form-alert-detail">
                        {message}
                      </p>
                    ))
                  : null}
              </div>
            ) : null}
          </>
        ) : null}
        <div className="targeted-actions">
          {step !== 'name' ? (
            <button type="button" className="button" disabled={publishing} onClick={() => send({ type: 'BACK' })}>
              {t('targeted.back')}
            </button>
          ) : null}
          <button type="submit" className="button button-primary" disabled={publishing}>
            {step === 'review' ? (publishing ? t('targeted.publishing') : t('targeted.publish')) : t('targeted.next')}
          </button>
        </div>
      </form>
      {context.modal ? (
        <QuestionDialog
          mode={context.modal.mode}
          text={context.modalText}
          problem={context.modalProblem}
          onChange={(value) => send({ type: 'SET_QUESTION', value })}
          onSave={() => send({ type: 'SAVE_QUESTION' })}
          onClose={() => send({ type: 'CLOSE_QUESTION' })}
        />
      ) : null}
    </section>
  );
}

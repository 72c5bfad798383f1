import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../ui/Dialog';
import { CheckboxField, TextAreaField } from '../../../../ui/Field';
import { QUESTION_MAX, type Question, type StepMessage } from './targeted.machine';

export const STEPS = ['name', 'audience', 'questions', 'review'] as const;
export type Step = (typeof STEPS)[number];

/** The four steps, the current one marked (spec 3 section 2). */
export function StepIndicator({ current }: { current: Step }) {
  const { t } = useTranslation();
  const index = STEPS.indexOf(current);
  return (
    <ol className="targeted-steps" aria-label={t('targeted.steps_label')}>
      {STEPS.map((step, i) => (
        <li
          key={step}
          className={`targeted-step${i === index ? ' targeted-step-current' : ''}${i < index ? ' targeted-step-done' : ''}`}
          aria-current={i === index ? 'step' : undefined}
        >
          <span className="targeted-step-number" aria-hidden="true">
            {i + 1}
          </span>
          <span>{t(`targeted.step_${i + 1}`)}</span>
        </li>
      ))}
    </ol>
  );
}

/** Warnings of a step, read out when they appear. */
export function StepMessages({ messages }: { messages: StepMessage[] }) {
  const { t } = useTranslation();
  if (messages.length === 0) return null;
  return (
    <div className="form-alert" role="alert">
      {messages.map((m) => (
        <p key={m.key}>{t(`targeted.validation.${m.key}`, m.values)}</p>
      ))}
    </div>
  );
}

/**
 * The sortable questions (spec 3 section 4): drag a row by its handle (native drag and drop) or
 * move it with its buttons from the keyboard; edit and delete each.
 */
export function QuestionList({
  questions,
  onMove,
  onEdit,
  onDelete,
}: {
  questions: Question[];
  onMove: (id: string, to: number) => void;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  if (questions.length === 0) return <p className="empty-state">{t('targeted.no_questions')}</p>;
  return (
    <ol className="targeted-questions" aria-label={t('targeted.questions_label')}>
      {questions.map((question, index) => (
        <li
          key={question.id}
          className={`targeted-question${dragged === question.id ? ' targeted-question-dragged' : ''}${over === index && dragged !== question.id ? ' targeted-question-over' : ''}`}
          data-testid="targeted-question"
          draggable
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', question.id);
            setDragged(question.id);
          }}
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            setOver(index);
          }}
          onDragLeave={() => setOver((current) => (current === index ? null : current))}
          onDrop={(event) => {
            event.preventDefault();
            const id = dragged ?? event.dataTransfer.getData('text/plain');
            if (id) onMove(id, index);
            setDragged(null);
            setOver(null);
          }}
          onDragEnd={() => {
            setDragged(null);
            setOver(null);
          }}
        >
          <span className="targeted-drag-handle" aria-hidden="true" title={t('targeted.drag_hint')}>
            ⋮⋮
          </span>
          <span className="targeted-question-priority">{question.priority}.</span>
          <span className="targeted-question-label" dir="auto">
            {question.label}
          </span>
          <span className="row-actions">
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={index === 0}
              onClick={() => onMove(question.id, index - 1)}
              aria-label={t('targeted.move_up_named', { name: question.label })}
            >
              <span aria-hidden="true">↑</span>
            </button>
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={index === questions.length - 1}
              onClick={() => onMove(question.id, index + 1)}
              aria-label={t('targeted.move_down_named', { name: question.label })}
            >
              <span aria-hidden="true">↓</span>
            </button>
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => onEdit(question.id)}
              aria-label={t('targeted.edit_question_named', { name: question.label })}
            >
              {t('targeted.edit')}
            </button>
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => onDelete(question.id)}
              aria-label={t('targeted.delete_question_named', { name: question.label })}
            >
              {t('targeted.delete')}
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Add or edit one question: at most 160 characters, one SMS (spec 3 sections 5 and 9). */
export function QuestionDialog({
  mode,
  text,
  problem,
  onChange,
  onSave,
  onClose,
}: {
  mode: 'add' | 'edit';
  text: string;
  problem: StepMessage | null;
  onChange: (value: string) => void;
  onSave: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog title={mode === 'add' ? t('targeted.add_question') : t('targeted.edit_question')} onClose={onClose} size="medium">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        <TextAreaField
          label={t('targeted.question')}
          rows={3}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          error={problem ? t(`targeted.validation.${problem.key}`, problem.values) : undefined}
          hint={t('targeted.question_hint', { count: text.trim().length, max: QUESTION_MAX })}
        />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('targeted.cancel')}
          </button>
          <button type="submit" className="button button-primary">
            {t('targeted.save_question')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Step 4's settings and total: editable while creating, read-only once published. */
export function ReviewPanel({
  requireApproval,
  hideAuthor,
  questions,
  recipients,
  readOnly,
  onToggleReview,
  onToggleHide,
}: {
  requireApproval: boolean;
  hideAuthor: boolean;
  questions: number;
  recipients: number;
  readOnly?: boolean;
  onToggleReview?: () => void;
  onToggleHide?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="targeted-review" id={id}>
      <CheckboxField
        switch
        label={t('targeted.require_review')}
        checked={requireApproval}
        disabled={readOnly}
        onChange={() => onToggleReview?.()}
      />
      <CheckboxField switch label={t('targeted.hide_author')} checked={hideAuthor} disabled={readOnly} onChange={() => onToggleHide?.()} />
      <p className="targeted-total" data-testid="targeted-total">
        {/* Once published, the messages are on their way: the total is said without a future tense. */}
        {t(readOnly ? 'targeted.total_messages_published' : 'targeted.total_messages', {
          count: questions * recipients,
          questions,
          recipients,
        })}
      </p>
    </div>
  );
}

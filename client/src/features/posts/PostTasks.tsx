import type { Attribute, Post, Stage } from '@platform/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stageEntries } from './post-value-format';
import { PostValues } from './PostValues';

/**
 * The tasks after the post task, as tabs with their values and, for those who may edit the post,
 * a "Task completed" switch each (spec 2 screen 5, section 4).
 */
export function PostTasks({
  post,
  tasks,
  attributes,
  canComplete,
  onToggle,
}: {
  post: Post;
  tasks: Stage[];
  attributes: Attribute[];
  canComplete: boolean;
  onToggle: (stage: Stage, done: boolean) => void;
}) {
  const { t } = useTranslation();
  const base = useId();
  const [active, setActive] = useState(0);
  if (tasks.length === 0) return null;
  const index = Math.min(active, tasks.length - 1);
  const task = tasks[index]!;
  const entries = stageEntries(post, attributes, task.id);
  const done = post.completed_stages.includes(task.id);
  return (
    <section className="post-tasks" aria-label={t('post.tasks')}>
      <div role="tablist" className="tabs">
        {tasks.map((stage, i) => (
          <button
            key={stage.id}
            type="button"
            role="tab"
            id={`${base}-tab-${i}`}
            aria-controls={`${base}-panel`}
            aria-selected={i === index}
            tabIndex={i === index ? 0 : -1}
            className="tab"
            onClick={() => setActive(i)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                const next = (i + (e.key === 'ArrowRight' ? 1 : tasks.length - 1)) % tasks.length;
                setActive(next);
                document.getElementById(`${base}-tab-${next}`)?.focus();
              }
            }}
          >
            {stage.label}
            {post.completed_stages.includes(stage.id) ? <span className="task-done"> ✓</span> : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${index}`} className="post-task-panel">
        {canComplete ? (
          <label className="field field-check task-complete">
            <input type="checkbox" role="switch" className="switch" checked={done} onChange={(e) => onToggle(task, e.target.checked)} />
            <span className="field-label">{t('post.task_completed')}</span>
          </label>
        ) : null}
        {entries.length ? <PostValues entries={entries} /> : <p className="post-empty-task">{t('post.no_task_values')}</p>}
      </div>
    </section>
  );
}

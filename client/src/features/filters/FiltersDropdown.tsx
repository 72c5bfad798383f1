import type { Form, Tag } from '@platform/shared';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../providers/services-context';
import { categoryRows, toggleCategory } from '../common/category-tree';
import { useSession } from '../session/useSession';
import { useDefaultStatus } from '../common/set-scope';
import {
  changedFilterCount,
  DEFAULT_FILTERS,
  HAS_LOCATION_OPTIONS,
  ORDER_OPTIONS,
  SORT_OPTIONS,
  SOURCE_OPTIONS,
  STATUS_OPTIONS,
  type PostFilters,
  type SurveyChoice,
} from '../common/filter-state';
import { toggleChoice } from './FilterSidebar';
import { LocationFilter, locateTypedPlace } from './LocationFilter';
import { SlidersHorizontal, decorative } from '../../ui/icons';

/** A checkbox of the dropdown with its label. */
function FilterCheck({
  checked,
  onChange,
  className,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={className ? `field-check ${className}` : 'field-check'}>
      <input type="checkbox" className="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {children}
    </label>
  );
}

type Props = {
  filters: PostFilters;
  apply: (filters: PostFilters) => void;
  surveys: Form[];
  tags: Tag[];
  /** On the map the apply button reads 'close and view' (spec 2 screen 15). */
  onMap?: boolean;
};

/**
 * The filters dropdown (spec 2 screen 15): sort, order, unlocked on top, status, categories,
 * surveys, sources (administrators), dates, location with radius and has-location, edited as a
 * draft; restore defaults (every filter, the search too) and apply.
 */
export function FiltersDropdown({ filters, apply, surveys, tags, onMap = false }: Props) {
  const { t } = useTranslation();
  const { admin, can } = useSession();
  const { api } = useServices();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(filters);
  // Applying looks up a typed place name first; what to say when that finds nothing.
  const [locating, setLocating] = useState(false);
  const [placeProblem, setPlaceProblem] = useState<'missing' | 'unavailable' | null>(null);
  // Restoring defaults starts the location box afresh.
  const [resets, setResets] = useState(0);
  const panelId = useId();
  const ids = useId();
  const button = useRef<HTMLButtonElement>(null);
  const defaultStatus = useDefaultStatus();
  const changed = changedFilterCount(filters, defaultStatus);
  // yyyy-mm-dd strings compare as dates.
  const datesInOrder = !draft.dateAfter || !draft.dateBefore || draft.dateAfter <= draft.dateBefore;

  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Opened below a filter bar low on a phone's screen, the panel is scrolled into view whole: its
  // apply button must not wait below the fold.
  useEffect(() => {
    if (open) panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open]);
  // A press outside the open panel closes it, its draft left unapplied.
  useEffect(() => {
    if (!open) return;
    const onPress = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPress);
    return () => document.removeEventListener('pointerdown', onPress);
  }, [open]);

  const set = (change: Partial<PostFilters>) => {
    if ('place' in change) setPlaceProblem(null);
    setDraft((d) => ({ ...d, ...change }));
  };
  const surveyChoices: SurveyChoice[] = [...surveys.map((s) => s.id), 'none'];
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const applyDraft = async () => {
    setLocating(true);
    const located = await locateTypedPlace(api, draft);
    setLocating(false);
    if (typeof located === 'string') return setPlaceProblem(located);
    apply(located);
    close();
  };

  return (
    <div className="filters-dropdown" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button-ghost"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (!open) setDraft(filters);
          setOpen(!open);
        }}
      >
        <SlidersHorizontal {...decorative} />
        {changed > 0 ? t('filters.button_count', { count: changed }) : t('filters.button')}
      </button>
      {open ? (
        <div
          ref={panel}
          id={panelId}
          className="filters-panel"
          role="dialog"
          aria-label={t('filters.title')}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
          }}
        >
          <div className="filters-panel-body">
            <fieldset className="filter-group">
              <legend className="filter-group-title">{t('filters.sorting')}</legend>
              <label className="field-label" htmlFor={`${ids}-sort`}>
                {t('filters.sort_by')}
              </label>
              <select
                id={`${ids}-sort`}
                className="select"
                value={draft.orderby}
                onChange={(e) => set({ orderby: e.target.value as PostFilters['orderby'] })}
              >
                {SORT_OPTIONS.map((o) => (
                  <option key={o} value={o}>
                    {t(`filters.sort.${o}`)}
                  </option>
                ))}
              </select>
              <label className="field-label" htmlFor={`${ids}-order`}>
                {t('filters.order')}
              </label>
              <select
                id={`${ids}-order`}
                className="select"
                value={draft.order}
                onChange={(e) => set({ order: e.target.value as PostFilters['order'] })}
              >
                {ORDER_OPTIONS.map((o) => (
                  <option key={o} value={o}>
                    {t(`filters.order_${o}`)}
                  </option>
                ))}
              </select>
              <FilterCheck checked={draft.unlockedOnTop} onChange={(checked) => set({ unlockedOnTop: checked })}>
                {t('filters.unlocked_on_top')}
              </FilterCheck>
            </fieldset>

            {can('Manage Posts') ? (
              <fieldset className="filter-group">
                <legend className="filter-group-title">{t('filters.status')}</legend>
                {STATUS_OPTIONS.map((status) => (
                  <FilterCheck
                    key={status}
                    checked={draft.status.includes(status)}
                    onChange={(checked) => set({ status: checked ? [...draft.status, status] : draft.status.filter((s) => s !== status) })}
                  >
                    {t(`filters.status_${status}`)}
                  </FilterCheck>
                ))}
              </fieldset>
            ) : null}

            {tags.length > 0 ? (
              <fieldset className="filter-group">
                <legend className="filter-group-title">{t('filters.categories')}</legend>
                {categoryRows(tags).map(({ tag, depth }) => (
                  <FilterCheck
                    key={tag.id}
                    className={depth ? 'filter-child' : undefined}
                    checked={draft.tags.includes(tag.id)}
                    onChange={(checked) => set({ tags: toggleCategory(tags, draft.tags, tag.id, checked) })}
                  >
                    {tag.tag}
                  </FilterCheck>
                ))}
              </fieldset>
            ) : null}

            <fieldset className="filter-group">
              <legend className="filter-group-title">{t('filters.surveys')}</legend>
              {surveys.map((survey) => (
                <FilterCheck
                  key={survey.id}
                  checked={draft.form.length === 0 || draft.form.includes(survey.id)}
                  onChange={(checked) => set({ form: toggleChoice(draft.form, surveyChoices, survey.id, checked, 'none') })}
                >
                  {survey.name}
                </FilterCheck>
              ))}
              <FilterCheck
                checked={draft.form.length === 0 || draft.form.includes('none')}
                onChange={(checked) => set({ form: toggleChoice(draft.form, surveyChoices, 'none', checked, 'none') })}
              >
                {t('filters.unknown_survey')}
              </FilterCheck>
            </fieldset>

            {/* Filtering by source is for administrators (spec 2 screen 14). */}
            {admin ? (
              <fieldset className="filter-group">
                <legend className="filter-group-title">{t('filters.sources')}</legend>
                {SOURCE_OPTIONS.map((source) => (
                  <FilterCheck
                    key={source}
                    checked={draft.source.length === 0 || draft.source.includes(source)}
                    onChange={(checked) => set({ source: toggleChoice<string>(draft.source, SOURCE_OPTIONS, source, checked, 'none') })}
                  >
                    {t(`filters.source.${source}`)}
                  </FilterCheck>
                ))}
              </fieldset>
            ) : null}

            <fieldset className="filter-group">
              <legend className="filter-group-title">{t('filters.dates')}</legend>
              <label className="field-label" htmlFor={`${ids}-after`}>
                {t('filters.date_after')}
              </label>
              <input
                id={`${ids}-after`}
                type="date"
                className="input"
                value={draft.dateAfter}
                max={draft.dateBefore || undefined}
                onChange={(e) => set({ dateAfter: e.target.value })}
              />
              <label className="field-label" htmlFor={`${ids}-before`}>
                {t('filters.date_before')}
              </label>
              <input
                id={`${ids}-before`}
                type="date"
                className="input"
                value={draft.dateBefore}
                min={draft.dateAfter || undefined}
                aria-invalid={datesInOrder ? undefined : true}
                aria-describedby={datesInOrder ? undefined : `${ids}-dates-error`}
                onChange={(e) => set({ dateBefore: e.target.value })}
              />
              {datesInOrder ? null : (
                <p id={`${ids}-dates-error`} className="field-error" role="alert">
                  {t('filters.dates_out_of_order')}
                </p>
              )}
            </fieldset>

            <fieldset className="filter-group">
              <legend className="filter-group-title">{t('filters.location_group')}</legend>
              <LocationFilter
                key={resets}
                center={draft.center}
                place={draft.place}
                radius={draft.radius}
                onChange={(change) => set(change)}
                problem={placeProblem}
                onEnter={() => {
                  if (datesInOrder && !locating) void applyDraft();
                }}
              />
              <p className="field-label">{t('filters.has_location')}</p>
              {HAS_LOCATION_OPTIONS.map((option) => (
                <label key={option} className="radio">
                  <input
                    type="radio"
                    name={`${ids}-has-location`}
                    checked={draft.hasLocation === option}
                    onChange={() => set({ hasLocation: option })}
                  />
                  {t(`filters.has_location_${option}`)}
                </label>
              ))}
            </fieldset>
          </div>
          <div className="filters-panel-footer">
            <button
              type="button"
              className="button button-ghost"
              onClick={() => {
                setDraft({ ...DEFAULT_FILTERS, status: defaultStatus });
                setPlaceProblem(null);
                setResets((n) => n + 1);
              }}
            >
              {t('filters.restore_defaults')}
            </button>
            <button
              type="button"
              className="button button-primary"
              // Typed dates escape the inputs' min and max; an end before the start would match nothing.
              disabled={!datesInOrder || locating}
              onClick={() => void applyDraft()}
            >
              {onMap ? t('filters.close_and_view') : t('filters.apply')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

import type { Form } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatCount } from '../../i18n/numbers';
import { Disclosure } from '../../ui/Disclosure';
import { allowedSurveys } from '../common/allowed-surveys';
import { useSession } from '../session/useSession';
import { SOURCE_OPTIONS, type SurveyChoice } from '../common/filter-state';
import type { PostFiltersApi } from './usePostFilters';
import type { FilterCounts } from './useFilterData';
import { EllipsisVertical, decorative } from '../../ui/icons';

/** Select-all shows above this many surveys (spec 2 section 9). */
export const SELECT_ALL_ABOVE = 5;

/**
 * Toggles one choice of an "all unless listed" filter: an empty list means every choice, so
 * nothing chosen is sent as `none` (posts of no survey, or of no such source).
 */
export function toggleChoice<T>(selected: readonly T[], all: readonly T[], choice: T, on: boolean, nothing: T): T[] {
  const current = selected.length === 0 ? [...all] : selected.filter((v) => all.includes(v));
  const next = on ? [...new Set([...current, choice])] : current.filter((v) => v !== choice);
  if (all.every((v) => next.includes(v))) return [];
  return next.length > 0 ? next : [nothing];
}

const isOn = <T,>(selected: readonly T[], choice: T) => selected.length === 0 || selected.includes(choice);

type Props = {
  /** The view's filters: read, changed in place, or changed and shown in the data view (`showInList`). */
  filtering: Pick<PostFiltersApi, 'filters' | 'update' | 'showInList'>;
  surveys: Form[];
  counts: FilterCounts | null;
};

/**
 * The sidebar filters (spec 2 screens 13 and 14): a checkbox per survey with its post count and a
 * menu (show only, hide, add a post, survey settings), select-all above five surveys, and for
 * administrators the sources with their counts and a menu (show only, hide, show only incoming,
 * data source settings).
 */
export function FilterSidebar({ filtering, surveys, counts }: Props) {
  const { filters, update, showInList } = filtering;
  const { t } = useTranslation();
  const { admin, can, session } = useSession();
  const postable = new Set(
    allowedSurveys(surveys, { role: session?.role ?? null, permissions: session?.permissions ?? [] }).map((s) => s.id),
  );
  const unknown = counts?.bySurvey.get('none') ?? 0;
  const surveyChoices: SurveyChoice[] = [
    ...surveys.map((s) => s.id),
    ...(unknown > 0 || filters.form.includes('none') ? ['none' as const] : []),
  ];
  const allOn = filters.form.length === 0;
  const setForms = (form: SurveyChoice[]) => update({ form });
  const formatCount = useFormatCount();
  const countOf = (id: SurveyChoice) => (counts ? formatCount(counts.bySurvey.get(id) ?? 0) : null);

  return (
    <aside className="filter-sidebar" aria-label={t('filters.sidebar')}>
      <fieldset className="filter-group">
        <legend className="filter-group-title">{t('filters.surveys')}</legend>
        {surveys.length > SELECT_ALL_ABOVE ? (
          <label className="filter-row filter-row-all">
            <input type="checkbox" className="checkbox" checked={allOn} onChange={(e) => setForms(e.target.checked ? [] : ['none'])} />
            <span className="filter-row-name">{t('filters.select_all')}</span>
          </label>
        ) : null}
        <ul className="filter-list">
          {surveys.map((survey) => (
            <SurveyRow
              key={survey.id}
              survey={survey}
              checked={isOn(filters.form, survey.id)}
              count={countOf(survey.id)}
              onToggle={(on) => setForms(toggleChoice(filters.form, surveyChoices, survey.id, on, 'none'))}
              onOnly={() => setForms([survey.id])}
              onHide={() => setForms(toggleChoice(filters.form, surveyChoices, survey.id, false, 'none'))}
              canSettings={can('Manage Settings')}
              canPost={postable.has(survey.id)}
            />
          ))}
          {surveyChoices.includes('none') ? (
            <li className="filter-row-item">
              <label className="filter-row">
                <input
                  type="checkbox"
                  className="checkbox"
                  checked={isOn(filters.form, 'none')}
                  onChange={(e) => setForms(toggleChoice(filters.form, surveyChoices, 'none', e.target.checked, 'none'))}
                />
                <span className="filter-swatch" style={{ background: '#959595' }} aria-hidden="true" />
                <span className="filter-row-name">{t('filters.unknown_survey')}</span>
                <span className="filter-count">{countOf('none') ?? ''}</span>
              </label>
            </li>
          ) : null}
        </ul>
        {can('Manage Settings') ? (
          <Link to="/settings/surveys/create" className="link-button filter-create">
            {t('filters.create_survey')}
          </Link>
        ) : null}
      </fieldset>
      {admin ? (
        <fieldset className="filter-group">
          <legend className="filter-group-title">{t('filters.sources')}</legend>
          <ul className="filter-list">
            {SOURCE_OPTIONS.map((source) => (
              <li key={source} className="filter-row-item">
                <label className="filter-row">
                  <input
                    type="checkbox"
                    className="checkbox"
                    checked={isOn(filters.source, source)}
                    onChange={(e) =>
                      update({ source: toggleChoice<string>(filters.source, SOURCE_OPTIONS, source, e.target.checked, 'none') })
                    }
                  />
                  <span className="filter-row-name">{t(`filters.source.${source}`)}</span>
                  <span className="filter-count">{counts?.bySource ? formatCount(counts.bySource.get(source) ?? 0) : ''}</span>
                </label>
                <RowMenu
                  label={t('filters.source_menu', { name: t(`filters.source.${source}`) })}
                  items={[
                    { label: t('filters.show_only'), run: () => update({ source: [source] }) },
                    {
                      label: t('filters.hide'),
                      run: () => update({ source: toggleChoice<string>(filters.source, SOURCE_OPTIONS, source, false, 'none') }),
                    },
                    // The messages of this source not yet sorted into a survey, as a list (legacy `showOnlyIncoming`).
                    ...(source === 'web'
                      ? []
                      : [
                          { label: t(`filters.show_only_incoming.${source}`), run: () => showInList({ form: ['none'], source: [source] }) },
                        ]),
                  ]}
                />
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </aside>
  );
}

function SurveyRow({
  survey,
  checked,
  count,
  onToggle,
  onOnly,
  onHide,
  canSettings,
  canPost,
}: {
  survey: Form;
  checked: boolean;
  count: string | null;
  onToggle: (on: boolean) => void;
  onOnly: () => void;
  onHide: () => void;
  canSettings: boolean;
  canPost: boolean;
}) {
  const { t } = useTranslation();
  return (
    <li className="filter-row-item">
      <label className="filter-row">
        <input type="checkbox" className="checkbox" checked={checked} onChange={(e) => onToggle(e.target.checked)} />
        <span className="filter-swatch" style={{ background: swatch(survey.color) }} aria-hidden="true" />
        <span className="filter-row-name">{survey.name}</span>
        <span className="filter-count" data-testid={`survey-count-${survey.id}`}>
          {count ?? ''}
        </span>
      </label>
      <RowMenu
        label={t('filters.survey_menu', { name: survey.name })}
        items={[
          { label: t('filters.show_only'), run: onOnly },
          { label: t('filters.hide'), run: onHide },
        ]}
        links={[
          ...(canPost ? [{ label: t('filters.add_to_survey'), to: `/posts/create/${survey.id}` }] : []),
          ...(canSettings ? [{ label: t('filters.survey_settings'), to: `/settings/surveys/edit/${survey.id}` }] : []),
        ]}
      />
    </li>
  );
}

const swatch = (color: string | null) =>
  color && /^[A-Za-z0-9#]+$/.test(color) ? (color.startsWith('#') ? color : `#${color}`) : '#959595';

/** A small per-row menu: a disclosure with action buttons and links (closed by a press outside or Escape). */
function RowMenu({
  label,
  items,
  links = [],
}: {
  label: string;
  items: { label: string; run: () => void }[];
  /** Other screens. The source rows have none: the data source settings (spec 3) are not built yet. */
  links?: { label: string; to: string }[];
}) {
  return (
    <Disclosure
      className="filter-menu"
      buttonClassName="icon-button filter-menu-button"
      buttonLabel={label}
      caret={false}
      label={<EllipsisVertical {...decorative} />}
    >
      {(close) => (
        <ul className="menu-list">
          {items.map((item) => (
            <li key={item.label}>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  close();
                  item.run();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="link-button" onClick={close}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Disclosure>
  );
}

import type { Form, Tag } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../i18n/days';
import { categoryRows } from '../common/category-tree';
import { useDefaultStatus } from '../common/set-scope';
import { DEFAULT_FILTERS, type PostFilters } from '../common/filter-state';
import { X, decorative } from '../../ui/icons';

const rank = (order: number[], id: number) => (order.includes(id) ? order.indexOf(id) : order.length);

type Chip = { key: string; label: string; clear: Partial<PostFilters> };

/** One chip per filter that differs from the defaults (spec 2 screen 16); each removes its filter. */
export function FilterChips({
  filters,
  update,
  reset,
  surveys,
  tags,
}: {
  filters: PostFilters;
  update: (change: Partial<PostFilters>) => void;
  reset: () => void;
  surveys: Form[];
  tags: Tag[];
}) {
  const { t, i18n } = useTranslation();
  const defaultStatus = useDefaultStatus();
  const surveyName = (id: number | 'none') =>
    id === 'none' ? t('filters.unknown_survey') : (surveys.find((s) => s.id === id)?.name ?? `#${id}`);
  // Categories in the tree's order (a parent before its children); unknown ids last.
  const treeOrder = categoryRows(tags).map((row) => row.tag.id);
  const orderedTags = [...filters.tags].sort((a, b) => rank(treeOrder, a) - rank(treeOrder, b));
  const tagName = (id: number) => tags.find((tag) => tag.id === id)?.tag ?? `#${id}`;
  const chips: Chip[] = [];
  if (filters.q.trim()) chips.push({ key: 'q', label: t('filters.chip.q', { q: filters.q.trim() }), clear: { q: '' } });
  if (filters.form.length)
    chips.push({ key: 'form', label: t('filters.chip.surveys', { names: filters.form.map(surveyName).join(', ') }), clear: { form: [] } });
  if (filters.tags.length)
    chips.push({ key: 'tags', label: t('filters.chip.categories', { names: orderedTags.map(tagName).join(', ') }), clear: { tags: [] } });
  if (filters.source.length)
    chips.push({
      key: 'source',
      label: t('filters.chip.sources', { names: filters.source.map((s) => t(`filters.source.${s}`, { defaultValue: s })).join(', ') }),
      clear: { source: [] },
    });
  const statusChanged = !(filters.status.length === defaultStatus.length && filters.status.every((s) => defaultStatus.includes(s)));
  if (statusChanged)
    chips.push({
      key: 'status',
      label: t('filters.chip.status', { names: filters.status.map((s) => t(`filters.status_${s}`)).join(', ') }),
      clear: { status: [...defaultStatus] },
    });
  if (filters.dateAfter || filters.dateBefore)
    chips.push({
      key: 'dates',
      label: t('filters.chip.dates', {
        after: filters.dateAfter ? formatDay(filters.dateAfter, i18n.language) : '…',
        before: filters.dateBefore ? formatDay(filters.dateBefore, i18n.language) : '…',
      }),
      clear: { dateAfter: '', dateBefore: '' },
    });
  if (filters.center)
    chips.push({
      key: 'location',
      label: t('filters.chip.location', { place: filters.place || filters.center, km: filters.radius ?? 10 }),
      clear: { center: '', place: '', radius: null },
    });
  if (filters.hasLocation !== 'all')
    chips.push({ key: 'has_location', label: t(`filters.has_location_${filters.hasLocation}`), clear: { hasLocation: 'all' } });
  if (filters.orderby !== DEFAULT_FILTERS.orderby || filters.order !== DEFAULT_FILTERS.order || !filters.unlockedOnTop)
    chips.push({
      key: 'sort',
      label: t('filters.chip.sort', { by: t(`filters.sort.${filters.orderby}`), order: t(`filters.order_${filters.order}`) }),
      clear: { orderby: DEFAULT_FILTERS.orderby, order: DEFAULT_FILTERS.order, unlockedOnTop: true },
    });
  if (chips.length === 0) return null;
  return (
    <ul className="filter-chips" aria-label={t('filters.active')}>
      {chips.map((chip) => (
        <li key={chip.key} className="filter-chip">
          <span>{chip.label}</span>
          <button
            type="button"
            className="filter-chip-remove"
            aria-label={t('filters.remove_chip', { label: chip.label })}
            onClick={() => update(chip.clear)}
          >
            <X {...decorative} />
          </button>
        </li>
      ))}
      {chips.length > 1 ? (
        <li>
          <button type="button" className="link-button" onClick={reset}>
            {t('filters.clear_all')}
          </button>
        </li>
      ) : null}
    </ul>
  );
}

import type { Form, Tag } from '@platform/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SavedSearchButtons } from '../sets/SavedSearchButtons';
import { ShareButton } from '../share/ShareButton';
import { FilterChips } from './FilterChips';
import { FiltersDropdown } from './FiltersDropdown';
import type { PostFiltersApi } from './usePostFilters';

/** Typing in the search box applies after this pause. */
const SEARCH_DEBOUNCE_MS = 400;

/** The browsing toolbar's filter part: a search box, the filters dropdown and the active chips. */
export function FilterBar({
  filtering,
  surveys,
  tags,
  onMap = false,
}: {
  filtering: PostFiltersApi;
  surveys: Form[];
  tags: Tag[];
  onMap?: boolean;
}) {
  const { t } = useTranslation();
  const { filters, update, apply, reset } = filtering;
  const searchId = useId();
  const [text, setText] = useState(filters.q);
  const [shownQ, setShownQ] = useState(filters.q);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The search changed elsewhere (a chip, restore defaults, the address): the box follows.
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    if (text.trim() !== filters.q) setText(filters.q);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  const onType = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => update({ q: value.trim() }), SEARCH_DEBOUNCE_MS);
  };
  return (
    <div className="filter-bar">
      <div className="filter-bar-row">
        <label className="visually-hidden" htmlFor={searchId}>
          {t('filters.search')}
        </label>
        <input
          id={searchId}
          type="search"
          className="input filter-search"
          dir="auto"
          placeholder={t('filters.search')}
          maxLength={255}
          value={text}
          onChange={(e) => onType(e.target.value)}
        />
        <FiltersDropdown filters={filters} apply={apply} surveys={surveys} tags={tags} onMap={onMap} />
        <SavedSearchButtons filters={filters} />
        <ShareButton />
      </div>
      <FilterChips filters={filters} update={update} reset={reset} surveys={surveys} tags={tags} />
    </div>
  );
}

import { FilterBar } from './FilterBar';
import './filters.css';
import { useFilterChoices } from './useFilterData';
import { usePostFilters } from './usePostFilters';

/** The filter toolbar of the data view: the same address-held filters as the map's. */
export function DataFilterBar() {
  const filtering = usePostFilters();
  const choices = useFilterChoices();
  return (
    <div className="data-filter-bar">
      <FilterBar filtering={filtering} surveys={choices?.surveys ?? []} tags={choices?.tags ?? []} />
    </div>
  );
}

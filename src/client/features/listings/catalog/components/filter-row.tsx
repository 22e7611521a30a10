import { useId } from 'react';
import {
  CONDITIONS,
  DATE_POSTED,
  MIN_DISCOUNTS,
  MIN_RATINGS,
  PRICE_SORTS,
} from '#shared/constants.js';
import { FormControls } from '#client/components/ui/form-controls.js';
import { FILTER_KEYS, type SearchFilterState } from '#client/lib/search-state.js';
import { DATE_LABELS, discountLabel, PRICE_SORT_LABELS, ratingLabel } from '../filter-labels';
import { Button } from '#client/components/ui/button.js';

interface FilterRowProps {
  filters: SearchFilterState;
  onChange: (filters: SearchFilterState) => void;
}

/** Condition, price sort, date posted, minimum discount and minimum vendor rating. */
export function FilterRow({ filters, onChange }: FilterRowProps) {
  const id = useId();
  const set = (key: keyof SearchFilterState, raw: string) => {
    const numeric = key === 'minDiscount' || key === 'minRating';
    onChange({ ...filters, [key]: raw === '' ? undefined : numeric ? Number(raw) : raw });
  };
  const active = FILTER_KEYS.some((key) => filters[key] !== undefined);

  const select = (
    key: keyof SearchFilterState,
    label: string,
    anyLabel: string,
    options: readonly { value: string | number; label: string }[],
  ) => (
    <div className="filter">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select
        id={`${id}-${key}`}
        value={filters[key] === undefined ? '' : String(filters[key])}
        onChange={(e) => set(key, e.target.value)}
      >
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <fieldset className="filter-row">
      <legend className="visually-hidden">Filter results</legend>
      <FormControls>
        {select(
          'condition',
          'Condition',
          'Any condition',
          CONDITIONS.map((c) => ({ value: c, label: c })),
        )}
        {select(
          'priceSort',
          // Named for what it sorts by, newest first until a price order is chosen.
          'Sort by',
          'Newest first',
          PRICE_SORTS.map((s) => ({ value: s, label: PRICE_SORT_LABELS[s] })),
        )}
        {select(
          'datePosted',
          'Date posted',
          'Any time',
          DATE_POSTED.map((d) => ({ value: d, label: DATE_LABELS[d] })),
        )}
        {select(
          'minDiscount',
          'Discount',
          'Any discount',
          MIN_DISCOUNTS.map((d) => ({ value: d, label: discountLabel(d) })),
        )}
        {select(
          'minRating',
          'Vendor rating',
          'Any rating',
          MIN_RATINGS.map((r) => ({ value: r, label: ratingLabel(r) })),
        )}
        {active && (
          <Button variant="outline" className="filter-clear" onClick={() => onChange({})}>
            Clear filters
          </Button>
        )}
      </FormControls>
    </fieldset>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CATEGORIES, LIMITS, type Category } from '#shared/constants.js';
import { FormControls } from '#client/components/ui/form-controls.js';
import { parseSearch, searchHref } from '#client/lib/search-state.js';
import { SearchResults } from '#client/features/listings/catalog/components/lazy-search-results.js';

/** The results' code starts loading while the visitor types (it is not in the first load). */
function loadResultsCode() {
  void SearchResults.preload().catch(() => {});
}

interface SearchFormProps {
  initialCategory: Category | '';
  initialWord: string;
}

/**
 * Category dropdown and search bar. Submitting (button or Enter) clears the previous results,
 * sets the searching flag, stores the category and word in the URL of / and goes there.
 */
export function SearchForm({ initialCategory, initialWord }: SearchFormProps) {
  const [category, setCategory] = useState<Category | ''>(initialCategory);
  const [word, setWord] = useState(initialWord);
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const id = useId();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // Filters chosen in the filter row stay; a new word or category starts from page one.
    const current =
      location.pathname === '/' ? parseSearch(new URLSearchParams(location.search)) : null;
    client.removeQueries({ queryKey: ['listings', 'search'] });
    void navigate(
      searchHref({
        searching: true,
        category: category || undefined,
        title: word.trim() || undefined,
        filters: current?.filters ?? {},
      }),
    );
  };

  return (
    <form className="search-form" role="search" onSubmit={submit} onFocus={loadResultsCode}>
      <FormControls>
        <label htmlFor={`${id}-category`} className="visually-hidden">
          Category
        </label>
        <select
          id={`${id}-category`}
          className="search-category"
          value={category}
          onChange={(e) => setCategory(e.target.value as Category | '')}
        >
          <option value="">All</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <div className="search-input-wrap">
          <label htmlFor={`${id}-word`} className="visually-hidden">
            Search listings
          </label>
          <input
            ref={input}
            id={`${id}-word`}
            type="search"
            className={`search-input${word.trim() !== '' ? ' has-clear' : ''}`}
            placeholder="What do you want to buy?"
            value={word}
            maxLength={LIMITS.searchWord}
            enterKeyHint="search"
            onChange={(e) => setWord(e.target.value)}
          />
          {word.trim() !== '' && (
            <button
              type="button"
              className="search-clear"
              aria-label="Clear search text"
              onClick={() => {
                setWord('');
                input.current?.focus();
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <button type="submit" className="search-submit">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
            <path
              fill="currentColor"
              d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z"
            />
          </svg>
          <span className="visually-hidden">Search</span>
        </button>
      </FormControls>
    </form>
  );
}

import { useId, useState } from 'react';
import type { CmhUser } from '../../contract';
import { retailCenterLabel } from '../../lib/retailers';
import { useChangeRetailer } from '../../features/session/api/change-retailer';
import { HEADER_RETAILER_LIMIT, matchingRetailCenters } from './header-menu';

type PickerUser = Pick<CmhUser, 'availableRetailers' | 'currentRetailer' | 'retailerNumber'>;

/**
 * spec 1 §2 Header: the searchable list of the user's retail centers, 5 at a time ("Show more" adds 5;
 * the search runs over all of them). It lives only while its menu or dialog is open, so closing resets
 * the limit. Choosing a center switches through ChangeRetailerNumber, then the page reloads.
 */
export function RetailCenterPicker({ user, autoFocus = false }: { user: PickerUser; autoFocus?: boolean }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(HEADER_RETAILER_LIMIT);
  const changeRetailer = useChangeRetailer();
  const current = user.currentRetailer?.retailerNumber ?? user.retailerNumber;
  const matches = matchingRetailCenters(user.availableRetailers, search);
  const shown = matches.slice(0, limit);

  return (
    <div className="retail-picker">
      <label className="field__label" htmlFor={`${id}-search`}>
        Search retail centers
      </label>
      <input
        id={`${id}-search`}
        className="field__input"
        type="search"
        value={search}
        autoFocus={autoFocus}
        autoComplete="off"
        aria-describedby={`${id}-status`}
        onChange={(event) => {
          setSearch(event.target.value);
          setLimit(HEADER_RETAILER_LIMIT);
        }}
      />
      <ul className="retail-picker__list" aria-label="Retail centers">
        {shown.map((retailer) => {
          const isCurrent = retailer.retailerNumber === current;
          return (
            <li key={retailer.retailerNumber}>
              <button
                type="button"
                className={`retail-picker__choice${isCurrent ? ' retail-picker__choice--current' : ''}`}
                aria-current={isCurrent ? 'true' : undefined}
                disabled={changeRetailer.isPending}
                onClick={() => {
                  if (!isCurrent) changeRetailer.mutate(retailer.retailerNumber);
                }}
              >
                <span>{retailCenterLabel(retailer)}</span>
                <span className="retail-picker__number">
                  #{retailer.retailerNumber}
                  {isCurrent && ' · current'}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {matches.length > shown.length && (
        <button type="button" className="button button--link" onClick={() => setLimit(limit + HEADER_RETAILER_LIMIT)}>
          Show more ({matches.length - shown.length} more)
        </button>
      )}
      <p id={`${id}-status`} className="retail-picker__status" role="status">
        {changeRetailer.isPending
          ? 'Switching retail center…'
          : matches.length === 0
            ? 'No retail center matches your search.'
            : `Showing ${shown.length} of ${matches.length} retail centers.`}
      </p>
    </div>
  );
}

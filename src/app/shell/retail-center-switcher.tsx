import { useId } from 'react';
import type { CmhUser } from '../../contract';
import { retailCenterLabel } from '../../lib/retailers';
import { useChangeRetailer } from '../../features/session/api/change-retailer';

/** spec 1 §2 Header: shown when the user has more than one retail center; choosing one switches and reloads. */
export function RetailCenterSwitcher({ user }: { user: Pick<CmhUser, 'availableRetailers' | 'currentRetailer' | 'retailerNumber'> }) {
  const id = useId();
  const changeRetailer = useChangeRetailer();
  if (user.availableRetailers.length <= 1) return null;
  const current = user.currentRetailer?.retailerNumber ?? user.retailerNumber ?? '';

  return (
    <div className="retail-switcher">
      <label htmlFor={id} className="visually-hidden">
        Retail center
      </label>
      <select
        id={id}
        className="retail-switcher__select"
        value={current}
        disabled={changeRetailer.isPending}
        aria-busy={changeRetailer.isPending}
        onChange={(event) => changeRetailer.mutate(event.target.value)}
      >
        {user.availableRetailers.map((retailer) => (
          <option key={retailer.retailerNumber} value={retailer.retailerNumber}>
            {retailCenterLabel(retailer)}
          </option>
        ))}
      </select>
    </div>
  );
}

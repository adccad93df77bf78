import type { CmhUser } from '../../../contract';
import { isCompanyOwnedRetailer } from '../../../lib/permissions';
import { facilityKeys } from '../api/keys';
import { useFacilities } from '../api/get-facilities';
import { marketingLink } from '../marketing-link';
import { DirectoryStatus } from './directory-status';

/** spec 1 §2 My Facilities: the facilities serving the current retailer, each with the marketing site for its kind of retailer. */
export function MyFacilitiesScreen({ user }: { user: Pick<CmhUser, 'currentRetailer' | 'retailerNumber' | 'retailerName'> }) {
  const retailerNumber = user.currentRetailer?.retailerNumber ?? user.retailerNumber;
  const query = useFacilities(retailerNumber);
  const companyOwned = isCompanyOwnedRetailer(user);

  return (
    <div className="page">
      <h1 className="page__title">My Facilities</h1>
      <p className="page__lead">
        The facilities that serve {user.retailerName || 'your retail center'}
        {retailerNumber ? ` (#${retailerNumber})` : ''}, with the marketing site for {companyOwned ? 'company-owned' : 'independent'}{' '}
        retailers.
      </p>
      <DirectoryStatus query={query} queryKey={facilityKeys.facilities(retailerNumber)} what="Your facilities">
        {(facilities) =>
          facilities.length === 0 ? (
            <p>No facilities serve this retail center.</p>
          ) : (
            <div className="directory-table-wrap">
              <table className="directory-table">
                <caption className="visually-hidden">Facilities</caption>
                <thead>
                  <tr>
                    <th scope="col">Facility</th>
                    <th scope="col">Plant number</th>
                    <th scope="col">Marketing site</th>
                  </tr>
                </thead>
                <tbody>
                  {facilities.map((facility) => {
                    const href = marketingLink(facility, companyOwned);
                    return (
                      <tr key={facility.plantNumber}>
                        <th scope="row">{facility.printName}</th>
                        <td>{facility.plantNumber}</td>
                        <td>
                          {href ? (
                            <a href={href} target="_blank" rel="noopener noreferrer">
                              Visit {facility.printName}
                              <span className="visually-hidden"> (opens in a new tab)</span>
                            </a>
                          ) : (
                            <span className="directory-table__none">No marketing site</span>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )
        }
      </DirectoryStatus>
    </div>
  );
}

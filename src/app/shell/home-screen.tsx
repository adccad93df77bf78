import { useMemo } from 'react';
import type { CmhUser } from '../../contract';
import { readExternalLinks } from '../../lib/config';
import { visibleTiles } from '../../lib/tiles';
import { usePartnerPortal } from '../../features/session/api/get-portal-metadata';
import { TermsModal } from '../../features/session/components/terms-modal';
import { TileGrid } from './tile-grid';

/** spec 1 §2 Home: the tiles of the user's roles (spec 1 §6) and the terms-of-use gate. */
export function HomeScreen({ user }: { user: CmhUser }) {
  const retailerNumber = user.currentRetailer?.retailerNumber ?? user.retailerNumber;
  const { partnerPortal, resolving } = usePartnerPortal(retailerNumber);
  const externalLinks = useMemo(readExternalLinks, []);
  const tiles = visibleTiles(user, { partnerPortal });

  return (
    <div className="page">
      <h1 className="page__title">Welcome, {user.firstName}</h1>
      {resolving ? (
        <p className="page__loading" role="status">
          Loading your apps…
        </p>
      ) : (
        <TileGrid tiles={tiles} externalLinks={externalLinks} />
      )}
      <TermsModal user={user} />
    </div>
  );
}

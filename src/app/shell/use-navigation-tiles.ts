import { useMemo } from 'react';
import type { CmhUser } from '../../contract';
import { readExternalLinks } from '../../lib/config';
import { visibleTiles, type Tile } from '../../lib/tiles';
import { usePartnerPortal } from '../../features/session/api/get-portal-metadata';

export interface NavigationTiles {
  tiles: Tile[];
  /** URLs of apps outside this product, by tile name (the links cookie). */
  externalLinks: Record<string, string>;
  /** The partner-portal lookup is still running, so the tiles are not final yet. */
  resolving: boolean;
}

/** spec 1 §2, §6: the one list of apps behind the home tiles, the side navigation and the mobile nav. */
export function useNavigationTiles(user: CmhUser): NavigationTiles {
  const retailerNumber = user.currentRetailer?.retailerNumber ?? user.retailerNumber;
  const { partnerPortal, resolving } = usePartnerPortal(retailerNumber);
  const externalLinks = useMemo(readExternalLinks, []);
  const tiles = useMemo(() => visibleTiles(user, { partnerPortal }), [user, partnerPortal]);
  return { tiles, externalLinks, resolving };
}

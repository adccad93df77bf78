import type { CmhUser, Retailer } from '../../contract';
import { deriveFlags } from '../../lib/permissions';
import { retailCenterLabel } from '../../lib/retailers';

/** spec 1 §9: the header's retail center list shows this many entries until the user asks for more. */
export const HEADER_RETAILER_LIMIT = 5;

export type HeaderMenuEntry =
  | { kind: 'route'; label: string; href: string }
  /** An app outside this product: its URL comes from the links cookie; none configured → shown disabled. */
  | { kind: 'external'; label: string; href: string | undefined }
  /** Opens the release notes over the current page (/releaseNotes itself only redirects home, spec 1 §2). */
  | { kind: 'whats-new'; label: "What's new?" }
  | { kind: 'logout'; label: 'Logout' };

type MenuUser = Pick<CmhUser, 'roles' | 'isPlantUser' | 'isInternal' | 'currentRetailer' | 'availableRetailers'>;

/** spec 1 §2 Header and §6: the user menu's items, each by its role rule, in the spec's order. */
export function headerMenuEntries(user: MenuUser, externalLinks: Readonly<Record<string, string>>): HeaderMenuEntry[] {
  const flags = deriveFlags(user);
  const entries: HeaderMenuEntry[] = [];
  const external = (label: string) => entries.push({ kind: 'external', label, href: externalLinks[label] });

  if (flags.canViewMyAccount) entries.push({ kind: 'route', label: 'My Account', href: '/myAccount' });
  if (user.isPlantUser) entries.push({ kind: 'route', label: 'Parts Catalog Admin', href: '/admin/partsCatalog' });
  if (user.isPlantUser && flags.isPartsCatalogChangeManager) {
    entries.push({ kind: 'route', label: 'Parts Catalog Change Management', href: '/admin/partsCatalog/changeManagement' });
  }
  entries.push({ kind: 'route', label: 'Support', href: '/support' });
  // Issue 23 §4: what this device keeps, Sync now, and removing it before a tablet is handed over.
  entries.push({ kind: 'route', label: 'Device status', href: '/device-status' });
  entries.push({ kind: 'whats-new', label: "What's new?" });
  if (flags.isAdmin) entries.push({ kind: 'route', label: 'Admin', href: '/admin/users' });
  if (flags.canViewRetailerManagement) external('Retailer Management');
  if (flags.isMchAdmin) external('Options Admin');
  if (flags.canViewQuoteApprovals) external('Quote Approvals');
  entries.push({ kind: 'logout', label: 'Logout' });
  return entries;
}

/**
 * spec 1 §2 Header: the retail centers matching a search (name, city or number; all of them for an empty
 * search), in the user's order. The caller shows the first `limit` of them.
 */
export function matchingRetailCenters(retailers: readonly Retailer[], search: string): Retailer[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...retailers];
  return retailers.filter((retailer) => {
    const text = `${retailCenterLabel(retailer)} ${retailer.retailerCity} ${retailer.retailerNumber}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

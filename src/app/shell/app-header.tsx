import { useRouter } from '@tanstack/react-router';
import type { CmhUser } from '../../contract';
import { PRODUCT_NAME } from '../../lib/constants';
import { deriveFlags } from '../../lib/permissions';
import { DropdownMenu, type MenuItem } from '../../ui/dropdown-menu';
import { useLogout } from '../../features/session/api/logout';
import { SyncBadge } from '../../features/sync/sync-badge';
import { RetailCenterSwitcher } from './retail-center-switcher';
import { RouteLink } from './route-link';

/** spec 1 §2 Header (minimal for this issue): retailer, user, sync state and the user menu. */
export function AppHeader({ user }: { user: CmhUser }) {
  const router = useRouter();
  const logout = useLogout();
  const flags = deriveFlags(user);
  const retailerName = user.currentRetailer?.name ?? user.retailerName;
  const retailerNumber = user.currentRetailer?.retailerNumber ?? user.retailerNumber;
  const go = (href: string) => () => void router.navigate({ href });

  const items: MenuItem[] = [
    ...(flags.canViewMyAccount ? [{ label: 'My Account', href: '/myAccount', onSelect: go('/myAccount') }] : []),
    { label: "What's new?", href: '/releaseNotes', onSelect: go('/releaseNotes') },
    { label: 'Logout', onSelect: () => logout.mutate() },
  ];

  return (
    <header className="app-header">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <RouteLink href="/home" className="brand" aria-label={`${PRODUCT_NAME} home`}>
        <span className="brand__mark" aria-hidden="true">
          H
        </span>
        <span className="brand__name">{PRODUCT_NAME}</span>
      </RouteLink>
      {(retailerName || retailerNumber) && (
        <p className="app-header__retailer">
          <span className="app-header__retailer-name">{retailerName}</span>
          {retailerNumber && <span className="app-header__retailer-number">#{retailerNumber}</span>}
        </p>
      )}
      <div className="app-header__tools">
        <SyncBadge />
        <RetailCenterSwitcher user={user} />
        <DropdownMenu
          label={`User menu for ${user.firstName} ${user.lastName}`}
          buttonContent={
            <>
              <span className="avatar" aria-hidden="true">
                {(user.firstName[0] ?? '') + (user.lastName[0] ?? '')}
              </span>
              <span className="menu__button-text">
                {user.firstName} {user.lastName}
              </span>
            </>
          }
          items={items}
        />
      </div>
    </header>
  );
}

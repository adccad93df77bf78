import { useMemo, useState } from 'react';
import type { CmhUser } from '../../contract';
import { readExternalLinks } from '../../lib/config';
import { PRODUCT_NAME } from '../../lib/constants';
import { retailCenterLabel } from '../../lib/retailers';
import {
  MenuContent,
  MenuGroup,
  MenuItem,
  MenuLabel,
  MenuLinkItem,
  MenuRadioGroup,
  MenuRadioItem,
  MenuRoot,
  MenuSeparator,
  MenuTrigger,
} from '../../ui/dropdown-menu';
import { useChangeRetailer } from '../../features/session/api/change-retailer';
import { useLogout } from '../../features/session/api/logout';
import { SyncBadge } from '../../features/sync/sync-badge';
import { DisabledReason } from '../../ui/disabled-reason';
import { Modal } from '../../ui/modal';
import { HEADER_RETAILER_LIMIT, headerMenuEntries, type HeaderMenuEntry } from './header-menu';
import { RetailCenterPicker } from './retail-center-picker';
import { RouteLink } from './route-link';

interface AppHeaderProps {
  user: CmhUser;
  /** Below 973 px the menus live in the mobile nav drawer, opened by the header's menu button (spec 1 §2). */
  mobile: boolean;
  onOpenMobileNav: () => void;
  onWhatsNew: () => void;
}

function EntryItem({ entry, onWhatsNew, logout }: { entry: HeaderMenuEntry; onWhatsNew: () => void; logout: () => void }) {
  switch (entry.kind) {
    case 'route':
      return <MenuLinkItem href={entry.href}>{entry.label}</MenuLinkItem>;
    case 'external':
      return entry.href ? (
        <MenuLinkItem href={entry.href} newTab>
          {entry.label}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </MenuLinkItem>
      ) : (
        <MenuItem disabled>
          {entry.label}
          <DisabledReason reason="Not configured" />
        </MenuItem>
      );
    case 'whats-new':
      return <MenuItem onSelect={onWhatsNew}>{entry.label}</MenuItem>;
    case 'logout':
      return <MenuItem onSelect={logout}>{entry.label}</MenuItem>;
  }
}

/**
 * spec 1 §2 Header: the retail centers in the user menu, 5 at a time ("Show more" adds 5). The menu's content
 * exists only while it is open, so closing it resets the limit. The search over all centers opens in a dialog:
 * a text box cannot be part of a menu (ARIA menus hold only items; axe: aria-required-children).
 */
function RetailCenterGroup({ user, onSearch }: { user: CmhUser; onSearch: () => void }) {
  const changeRetailer = useChangeRetailer();
  const [limit, setLimit] = useState(HEADER_RETAILER_LIMIT);
  const current = user.currentRetailer?.retailerNumber ?? user.retailerNumber ?? '';
  const retailers = user.availableRetailers;

  return (
    <MenuGroup>
      <MenuLabel>Retail centers</MenuLabel>
      <MenuRadioGroup
        value={current}
        onValueChange={(retailerNumber) => {
          if (retailerNumber !== current) changeRetailer.mutate(retailerNumber);
        }}
      >
        {retailers.slice(0, limit).map((retailer) => (
          <MenuRadioItem key={retailer.retailerNumber} value={retailer.retailerNumber} disabled={changeRetailer.isPending}>
            {retailCenterLabel(retailer)}
          </MenuRadioItem>
        ))}
      </MenuRadioGroup>
      {retailers.length > limit && (
        <MenuItem
          className="menu__item menu__item--more"
          onSelect={(event) => {
            event.preventDefault();
            setLimit(limit + HEADER_RETAILER_LIMIT);
          }}
        >
          Show more retail centers ({retailers.length - limit} more)
        </MenuItem>
      )}
      <MenuItem className="menu__item menu__item--more" onSelect={onSearch}>
        Search retail centers…
      </MenuItem>
    </MenuGroup>
  );
}

/** spec 1 §2 Header: the user menu with its items by role, the assigned facilities and the retail centers. */
function UserMenu({ user, onWhatsNew }: { user: CmhUser; onWhatsNew: () => void }) {
  const logout = useLogout();
  const externalLinks = useMemo(readExternalLinks, []);
  const entries = headerMenuEntries(user, externalLinks);
  const logoutEntry = entries.find((entry) => entry.kind === 'logout');
  const [searching, setSearching] = useState(false);
  const doLogout = () => logout.mutate();

  return (
    <>
      <MenuRoot>
        <MenuTrigger aria-label={`User menu for ${user.firstName} ${user.lastName}`}>
          {/* Initials come from CSS, so the visible text of the button is the name its label contains (WCAG 2.5.3). */}
          <span className="avatar" aria-hidden="true" data-initials={(user.firstName[0] ?? '') + (user.lastName[0] ?? '')} />
          <span className="menu__button-text">
            {user.firstName} {user.lastName}
          </span>
        </MenuTrigger>
        <MenuContent aria-label="User menu" className="menu__list menu__list--user">
          {entries
            .filter((entry) => entry.kind !== 'logout')
            .map((entry) => (
              <EntryItem key={entry.label} entry={entry} onWhatsNew={onWhatsNew} logout={doLogout} />
            ))}

          {user.availableFacilities.length > 0 && (
            <>
              <MenuSeparator />
              <MenuGroup>
                <MenuLabel>Your facilities</MenuLabel>
                {user.availableFacilities.map((facility) => (
                  <MenuLinkItem key={facility.plantNumber} href={`/contact#plant-${facility.plantNumber}`}>
                    {facility.name} ({facility.plantNumber})
                  </MenuLinkItem>
                ))}
              </MenuGroup>
            </>
          )}

          {user.availableRetailers.length > 1 && (
            <>
              <MenuSeparator />
              <RetailCenterGroup user={user} onSearch={() => setSearching(true)} />
            </>
          )}

          {logoutEntry && (
            <>
              <MenuSeparator />
              <EntryItem entry={logoutEntry} onWhatsNew={onWhatsNew} logout={doLogout} />
            </>
          )}
        </MenuContent>
      </MenuRoot>
      <Modal
        open={searching}
        title="Switch retail center"
        onClose={() => setSearching(false)}
        actions={
          <button type="button" className="button" onClick={() => setSearching(false)}>
            Cancel
          </button>
        }
      >
        {searching && <RetailCenterPicker user={user} autoFocus />}
      </Modal>
    </>
  );
}

/** spec 1 §2 Header: retailer name and number, the user's name, sync state and the user menu. */
export function AppHeader({ user, mobile, onOpenMobileNav, onWhatsNew }: AppHeaderProps) {
  const retailerName = user.currentRetailer?.name ?? user.retailerName;
  const retailerNumber = user.currentRetailer?.retailerNumber ?? user.retailerNumber;

  return (
    <header className="app-header">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {mobile && (
        <button type="button" className="app-header__menu-button" aria-label="Open menu" aria-haspopup="dialog" onClick={onOpenMobileNav}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </button>
      )}
      <RouteLink href="/home" className="brand">
        <span className="brand__mark" aria-hidden="true" data-mark={PRODUCT_NAME[0]} />
        <span className="brand__name">{PRODUCT_NAME}</span>
        <span className="visually-hidden"> home</span>
      </RouteLink>
      {(retailerName || retailerNumber) && (
        <p className="app-header__retailer">
          <span className="app-header__retailer-name">{retailerName}</span>
          {retailerNumber && <span className="app-header__retailer-number">#{retailerNumber}</span>}
        </p>
      )}
      <div className="app-header__tools">
        <SyncBadge />
        {mobile ? (
          <span className="app-header__user">
            {user.firstName} {user.lastName}
          </span>
        ) : (
          <UserMenu user={user} onWhatsNew={onWhatsNew} />
        )}
      </div>
    </header>
  );
}

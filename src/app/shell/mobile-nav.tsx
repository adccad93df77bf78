import * as Dialog from '@radix-ui/react-dialog';
import { useRouterState } from '@tanstack/react-router';
import type { CmhUser } from '../../contract';
import { useLogout } from '../../features/session/api/logout';
import { headerMenuEntries, type HeaderMenuEntry } from './header-menu';
import { NavTileLink } from './nav-tile-link';
import { RetailCenterPicker } from './retail-center-picker';
import { RouteLink } from './route-link';
import { activeTileIndex } from './side-nav-layout';
import { useNavigationTiles } from './use-navigation-tiles';

interface MobileNavProps {
  user: CmhUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Main pages (home) have no app navigation (spec 1 §2); the account menu is always there. */
  showApps: boolean;
  onWhatsNew: () => void;
}

function MenuEntry({
  entry,
  close,
  onWhatsNew,
  logout,
}: {
  entry: HeaderMenuEntry;
  close: () => void;
  onWhatsNew: () => void;
  logout: () => void;
}) {
  switch (entry.kind) {
    case 'route':
      return (
        <RouteLink href={entry.href} className="mobile-nav__link" onClick={close}>
          {entry.label}
        </RouteLink>
      );
    case 'external':
      return entry.href ? (
        <a href={entry.href} className="mobile-nav__link" target="_blank" rel="noopener noreferrer" onClick={close}>
          {entry.label}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        <span className="mobile-nav__link mobile-nav__link--disabled" aria-disabled="true">
          {entry.label} <span className="mobile-nav__note">Not configured</span>
        </span>
      );
    case 'whats-new':
    case 'logout': {
      const act = entry.kind === 'logout' ? logout : onWhatsNew;
      return (
        <button
          type="button"
          className="mobile-nav__link"
          onClick={() => {
            close();
            act();
          }}
        >
          {entry.label}
        </button>
      );
    }
  }
}

/**
 * spec 1 §2: below 973 px the side bar is a drawer opened from the header's menu button. It mirrors the
 * header menu (account items, facilities, retail centers) and holds the apps of the side navigation.
 */
export function MobileNav({ user, open, onOpenChange, showApps, onWhatsNew }: MobileNavProps) {
  const { tiles, externalLinks } = useNavigationTiles(user);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const logout = useLogout();
  const close = () => onOpenChange(false);
  const active = activeTileIndex(tiles, pathname);
  const entries = headerMenuEntries(user, externalLinks);
  const retailerNumber = user.currentRetailer?.retailerNumber ?? user.retailerNumber;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="mobile-nav__backdrop" />
        <Dialog.Content className="mobile-nav" aria-describedby={undefined}>
          <div className="mobile-nav__header">
            <Dialog.Title className="mobile-nav__title">
              {user.firstName} {user.lastName}
            </Dialog.Title>
            <Dialog.Close className="button mobile-nav__close" aria-label="Close menu">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {(user.retailerName || retailerNumber) && (
            <p className="mobile-nav__retailer">
              {user.retailerName} {retailerNumber && <span>#{retailerNumber}</span>}
            </p>
          )}

          {showApps && (
            <nav aria-label="Apps" className="mobile-nav__section">
              <h2 className="mobile-nav__heading">Apps</h2>
              <ul className="mobile-nav__list">
                {tiles.map((tile, index) => (
                  <li key={tile.name}>
                    <NavTileLink tile={tile} externalLinks={externalLinks} active={index === active} onNavigate={close} />
                  </li>
                ))}
              </ul>
            </nav>
          )}

          <nav aria-label="Account" className="mobile-nav__section">
            <h2 className="mobile-nav__heading">Account</h2>
            <ul className="mobile-nav__list">
              {entries.map((entry) => (
                <li key={entry.label}>
                  <MenuEntry entry={entry} close={close} onWhatsNew={onWhatsNew} logout={() => logout.mutate()} />
                </li>
              ))}
            </ul>
          </nav>

          {user.availableFacilities.length > 0 && (
            <section className="mobile-nav__section" aria-labelledby="mobile-nav-facilities">
              <h2 id="mobile-nav-facilities" className="mobile-nav__heading">
                Your facilities
              </h2>
              <ul className="mobile-nav__list">
                {user.availableFacilities.map((facility) => (
                  <li key={facility.plantNumber}>
                    <RouteLink href={`/contact#plant-${facility.plantNumber}`} className="mobile-nav__link" onClick={close}>
                      {facility.name} ({facility.plantNumber})
                    </RouteLink>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {user.availableRetailers.length > 1 && (
            <section className="mobile-nav__section" aria-labelledby="mobile-nav-retail-centers">
              <h2 id="mobile-nav-retail-centers" className="mobile-nav__heading">
                Retail centers
              </h2>
              <RetailCenterPicker user={user} />
            </section>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

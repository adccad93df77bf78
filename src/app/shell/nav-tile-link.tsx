import type { Tile } from '../../lib/tiles';
import { RouteLink } from './route-link';
import { TileIcon } from './tile-icon';

/**
 * One app as a navigation link (spec 1 §3 Navigation item: name, href, icon, category, target): in-app
 * routes through the router, outside apps at their configured URL, and without a URL a disabled entry.
 */
export function NavTileLink({
  tile,
  externalLinks,
  active = false,
  onNavigate,
  className = 'nav-link',
}: {
  tile: Tile;
  externalLinks: Readonly<Record<string, string>>;
  active?: boolean;
  onNavigate?: () => void;
  className?: string;
}) {
  const classes = `${className} ${className}--${tile.category}${active ? ` ${className}--active` : ''}`;
  const content = (
    <>
      <TileIcon name={tile.name} className={`${className}__icon`} />
      <span className={`${className}__label`}>{tile.name}</span>
    </>
  );
  if (tile.route) {
    return (
      <RouteLink href={tile.route} className={classes} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
        {content}
      </RouteLink>
    );
  }
  const url = externalLinks[tile.name];
  if (!url) {
    return (
      <span className={`${classes} ${className}--disabled`} aria-disabled="true" title={`${tile.name} is not configured for this site.`}>
        {content}
      </span>
    );
  }
  return (
    <a
      href={url}
      className={classes}
      target={tile.newTab ? '_blank' : undefined}
      rel={tile.newTab ? 'noopener noreferrer' : undefined}
      onClick={onNavigate}
    >
      {content}
      {tile.newTab && <span className="visually-hidden"> (opens in a new tab)</span>}
    </a>
  );
}

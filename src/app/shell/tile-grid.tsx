import type { Tile } from '../../lib/tiles';
import { RouteLink } from './route-link';
import { TileIcon } from './tile-icon';

function TileContent({ tile, note }: { tile: Tile; note?: string }) {
  return (
    <>
      <TileIcon name={tile.name} className="tile__icon" />
      <span className="tile__name">{tile.name}</span>
      {note && <span className="tile__note">{note}</span>}
    </>
  );
}

/**
 * spec 1 §2 Home: the tile grid (3 columns wide on desktop). Apps outside this product open the URL the
 * deployment configured; Service Center opens in a new tab; without a URL the tile is shown disabled.
 */
export function TileGrid({ tiles, externalLinks }: { tiles: Tile[]; externalLinks: Record<string, string> }) {
  return (
    <ul className="tile-grid" aria-label="Apps">
      {tiles.map((tile) => {
        const className = `tile tile--${tile.category}`;
        let content;
        if (tile.route) {
          content = (
            <RouteLink href={tile.route} className={className}>
              <TileContent tile={tile} />
            </RouteLink>
          );
        } else {
          const url = externalLinks[tile.name];
          content = url ? (
            <a
              href={url}
              className={className}
              target={tile.newTab ? '_blank' : undefined}
              rel={tile.newTab ? 'noopener noreferrer' : undefined}
            >
              <TileContent tile={tile} note={tile.newTab ? 'Opens in a new tab' : undefined} />
            </a>
          ) : (
            <span className={`${className} tile--disabled`} aria-disabled="true" title={`${tile.name} is not configured for this site.`}>
              <TileContent tile={tile} note="Not configured" />
            </span>
          );
        }
        return <li key={tile.name}>{content}</li>;
      })}
    </ul>
  );
}

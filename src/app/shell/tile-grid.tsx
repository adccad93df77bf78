import type { Tile } from '../../lib/tiles';
import { RouteLink } from './route-link';

const CATEGORY_ICONS: Record<Tile['category'], string> = {
  sales: 'M3 10.5 12 4l9 6.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  service: 'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z',
  reports: 'M4 20V10h4v10zm6 0V4h4v16zm6 0v-7h4v7z',
  production: 'M3 21V9l6 4V9l6 4V5h6v16z',
  resources: 'M5 4h11l3 3v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zm3 6h8M8 14h8M8 18h5',
};

function TileContent({ tile, note }: { tile: Tile; note?: string }) {
  return (
    <>
      <svg className="tile__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d={CATEGORY_ICONS[tile.category]} />
      </svg>
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
            <span
              className={`${className} tile--disabled`}
              aria-disabled="true"
              title={`${tile.name} is not configured for this site.`}
            >
              <TileContent tile={tile} note="Not configured" />
            </span>
          );
        }
        return <li key={tile.name}>{content}</li>;
      })}
    </ul>
  );
}

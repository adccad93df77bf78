import type { TileName } from '../../lib/tiles';

/** One line icon per app (24×24, stroked), shared by the home tiles and the side navigation. */
const TILE_ICON_PATHS: Record<TileName, string> = {
  Leads: 'M15 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 8v6M16 11h6',
  Prospects: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM12 12h.01',
  'TRU Express': 'M3 7h11v9H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  Quotes: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  Orders: 'M9 3h6v3H9zM7 4.5H5V21h14V4.5h-2M9 14l2 2 4-4',
  'Service Center': 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H4zM17 14h3v5h-3M20 19a3 3 0 0 1-3 3h-3',
  Inventory: 'M3 8l9-5 9 5v8l-9 5-9-5zM3 8l9 5 9-5M12 13v8',
  'Foundation Planner': 'M3 17h18v4H3zM6 17V9h12v8M9 9V5h6v4',
  'My Homeowners': 'M3 11l9-7 9 7M5 10v10h14V10M12 16a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM9 20a3 3 0 0 1 6 0',
  'Service & Parts': 'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z',
  NPS: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  Reports: 'M4 20V10h4v10zm6 0V4h4v16zm6 0v-7h4v7z',
  'Prod Scheduler': 'M4 5h16v16H4zM4 10h16M8 3v4M16 3v4M8 14h3v3H8z',
  'Prod Quickview': 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  Dispatch: 'M1 6h13v10H1zM14 9h4l4 4v3h-8M5 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM18 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  'RCO Scheduler': 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  CommLink: 'M4 5h12v9H8l-4 3zM16 9h4v9l-3-2h-6v-2',
  'Energy Credits': 'M13 2 4 14h7l-1 8 9-12h-7z',
  'Volume Rebates': 'M3 12V4h8l10 10-8 8zM7.5 8.5h.01',
  Learn: 'M2 9l10-5 10 5-10 5zM6 11v5c0 1.5 3 3 6 3s6-1.5 6-3v-5M22 9v6',
  Help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17h.01',
  Feedback: 'M4 4h16v12H9l-5 4zM12 6.5l1 2.2 2.4.3-1.8 1.6.5 2.4-2.1-1.2-2.1 1.2.5-2.4-1.8-1.6 2.4-.3z',
  'My Facilities': 'M3 21V9l6 4V9l6 4V5h6v16z',
  'My Plants': 'M5 3h14v18H5zM3 7h2M3 12h2M3 17h2M12 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM8.5 16a3.5 3.5 0 0 1 7 0',
};

export function TileIcon({ name, className }: { name: TileName; className: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={TILE_ICON_PATHS[name]} />
    </svg>
  );
}

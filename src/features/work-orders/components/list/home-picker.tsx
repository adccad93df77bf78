import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { HOMES_KEPT_CAP, serialKey, type HomeSummary } from '../../../../contract';
import { homeSearch, useHomes } from '../../../../entities/homes';
import { isOfflineError } from '../../../../lib/http';
import type { SortState } from '../../../../lib/list';
import { describeAge } from '../../../../offline/age';
import { useOnline } from '../../../../offline/use-connection';
import { useServerSearch } from '../../../../offline/use-list-search';
import { useNow } from '../../../../offline/use-now';
import { DataList, type DataListColumn } from '../../../../ui/data-list';
import { Modal } from '../../../../ui/modal';
import { homeSearchText, plantText } from './list-rules';

type PickerHome = HomeSummary & { key: string };
const asPickerHome = (home: HomeSummary): PickerHome => ({ ...home, key: String(home.assetId) });
const DEFAULT_SORT: SortState = { columnName: 'serialNumber', direction: 'asc' };

const addParams = (home: HomeSummary) => ({ serialNumber: serialKey(home.serialNumber), plantNumber: home.plantNumber });

const HOME_COLUMNS: DataListColumn<PickerHome>[] = [
  { columnName: 'serialNumber', displayName: 'Serial Number', width: 'minmax(0, 1.3fr)' },
  { columnName: 'plant', displayName: 'Plant', width: 'minmax(6rem, 1fr)', value: plantText },
  { columnName: 'modelName', displayName: 'Model', width: 'minmax(6rem, 1fr)', value: (home) => home.modelName || home.modelNumber },
  {
    columnName: 'homeownerName',
    displayName: 'Homeowner',
    width: 'minmax(6rem, 1fr)',
    value: (home) => home.homeownerName || (home.soldDate === null ? 'Stock home' : ''),
  },
  {
    columnName: 'city',
    displayName: 'City',
    width: 'minmax(5rem, 0.8fr)',
    value: (home) => [home.city, home.state].filter(Boolean).join(', '),
  },
  {
    columnName: 'select',
    displayName: 'Action',
    sortable: false,
    width: '6.5rem',
    render: (home) => (
      <Link
        to="/service/add/$serialNumber/$plantNumber"
        params={addParams(home)}
        className="button home-picker__select"
        aria-label={`Select home ${home.serialNumber}`}
      >
        Select
      </Link>
    ),
  },
];

/**
 * 'New Service Request' (spec 3 §2 /service/add/{serialNumber}/{plantNumber}): the user picks the home the request
 * is for from the homes they see. The list comes from the device's copy when offline, so a request can be started
 * at a homesite without signal.
 */
export function HomePicker({ scope, open, onClose }: { scope: string; open: boolean; onClose: () => void }) {
  const homes = useHomes(scope);
  const navigate = useNavigate();
  const now = useNow();
  const online = useOnline();
  const copy = homes.data;
  const loading = homes.isPending && homes.fetchStatus === 'fetching';
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const kept = useMemo(() => (copy?.data ?? []).map(asPickerHome), [copy]);
  // A large scope's copy holds HOMES_KEPT_CAP homes (and the ones picked here): online, the picker searches them all.
  const server = useServerSearch({
    list: homeSearch,
    scope,
    kept,
    loaded: open && kept.length >= HOMES_KEPT_CAP,
    online,
    fromCache: copy?.fromCache ?? false,
    search: { q: search, sort },
    keyOf: (home) => String(home.assetId),
    notKept: (home) => asPickerHome(home),
  });

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Select a Home"
      description="Choose the home the new service request is for."
      size="large"
      actions={
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      }
    >
      <div className="home-picker">
        {copy?.fromCache && (
          <p className="notice notice--info" role="status">
            Saved copy, updated {describeAge(copy.storedAt, now)}.
          </p>
        )}
        {homes.isError && !copy && (
          <p className="notice notice--warning" role="alert">
            {isOfflineError(homes.error)
              ? 'You are offline and no copy of the homes is saved on this device yet.'
              : 'The homes could not be loaded.'}{' '}
            <button type="button" className="button button--link" onClick={() => void homes.refetch()}>
              Try again
            </button>
          </p>
        )}
        <DataList
          label="Homes"
          columns={HOME_COLUMNS}
          {...(server.dataList ?? { rows: kept, searchText: homeSearchText })}
          rowKey={(home) => home.key}
          loading={loading}
          searchLabel="Search homes"
          searchPlaceholder="Serial, plant, model, homeowner or city"
          search={search}
          onSearchChange={setSearch}
          sort={sort}
          onSortChange={setSort}
          onRowClick={(home) => void navigate({ to: '/service/add/$serialNumber/$plantNumber', params: addParams(home) })}
          emptyMessage="No homes found."
        />
      </div>
    </Modal>
  );
}

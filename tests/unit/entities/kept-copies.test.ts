import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeSummary, UnitOfMeasure } from '../../../src/contract';
import { homesQueryOptions } from '../../../src/entities/homes';
import { unitsOfMeasureQueryOptions } from '../../../src/entities/units-of-measure';
import { viewScope } from '../../../src/entities/view-scope';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier } from '../../../src/lib/notifier';
import type { OfflineDb } from '../../../src/offline/db';
import { createOfflineRuntime, setOfflineRuntime } from '../../../src/offline/runtime';
import { demoProfile } from '../fixtures/demo-profiles';
import { freshDb } from '../offline/helpers';

/*
 * issue 21 §2: the homes and units of measure moved from the work-order and parts-order features into src/entities.
 * A device upgraded from the version before keeps the copies it holds: they are stored under the same kinds and ids,
 * written out here as that version wrote them (not through the entities' constants).
 */

const HOME = { assetId: 7, serialNumber: 'ABC123', plantNumber: '910', plantName: 'Plant 910' } as HomeSummary;
const UNITS: UnitOfMeasure[] = [{ abbreviation: 'EA', description: 'Each' }];
let db: OfflineDb;
const noContext = {} as never;

beforeEach(() => {
  // No connection: the reads answer from the device.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  resetHttpClients();
  setNotifier({ notify: () => undefined });
  setHttpNavigation({ currentPath: () => '/', navigate: () => undefined });
  db = freshDb();
  setOfflineRuntime(createOfflineRuntime({ db, send: async () => ({ status: 200, body: {} }) }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
  setOfflineRuntime(undefined);
});

describe('kept copies written before the shared entities', () => {
  it('the view scope is the text the features wrote: user name in lower case, then the retail center or "plants"', () => {
    const service = demoProfile('service');
    expect(viewScope(service)).toBe(`${service.userName.toLowerCase()}:${service.currentRetailer!.retailerNumber}`);
    expect(viewScope(demoProfile('plant'))).toBe(`${demoProfile('plant').userName.toLowerCase()}:plants`);
    expect(viewScope({ ...service, currentRetailer: null })).toBe(`${service.userName.toLowerCase()}:none`);
  });

  it('reads the homes kept under kind "homes" and the view scope', async () => {
    const scope = `${demoProfile('service').userName.toLowerCase()}:4217`;
    await db.entities.put({ kind: 'homes', id: scope, data: [HOME], updatedAt: 1_700_000_000_000 });
    const read = await homesQueryOptions(viewScope(demoProfile('service'))).queryFn!(noContext);
    expect(read).toEqual({ data: [HOME], storedAt: 1_700_000_000_000, fromCache: true });
  });

  it('reads the units of measure kept under kind "units-of-measure" and id "all"', async () => {
    await db.entities.put({ kind: 'units-of-measure', id: 'all', data: UNITS, updatedAt: 1_700_000_000_000 });
    const read = await unitsOfMeasureQueryOptions().queryFn!(noContext);
    expect(read).toEqual({ data: UNITS, storedAt: 1_700_000_000_000, fromCache: true });
  });
});

import { describe, expect, it } from 'vitest';
import {
  CATALOG_ADMIN_TEXT,
  REVERT_BLOCKING_MESSAGES,
  changeHistoryStatus,
  partDisplayStatus,
  revertBlockingMessage,
  revertEffectOf,
  type CatalogPart,
  type ChangeResult,
  type PartsCatalog,
} from '../../../src/contract';
import {
  adminTree,
  addPartHelp,
  foldVersions,
  grownLimit,
  searchCommodities,
  searchParts,
  searchPlaceholder,
  stepBack,
  stripDataUrlPrefix,
} from '../../../src/features/parts-catalog/model';

let nextId = 1;
const part = (changes: Partial<CatalogPart> = {}): CatalogPart => ({
  partsCatalogId: nextId++,
  categoryNumber: '30',
  categoryDescription: 'Kitchen',
  commodityNumber: '310',
  commodityDescription: 'Faucets',
  subPartNumber: '01',
  subPartDescription: 'Chrome',
  partNumber: '20711',
  notes: '',
  friendlyDescription: 'Single-handle kitchen faucet, chrome',
  corporateDescription: 'FCT KIT 1-HDL CHR',
  unitOfMeasure: 'EA',
  combinedPartNumber: '3031020711',
  imageFilename: '',
  approved: true,
  createDate: '2026-01-01T00:00:00.000Z',
  createdBy: 'plant@demo.homesite.test',
  plantNumber: '910',
  active: true,
  isActiveAndApproved: true,
  ...changes,
});

const result = (changes: Partial<ChangeResult>): ChangeResult => ({
  partsCatalogHistoryId: 1,
  approved: true,
  requestedPart: part(),
  previousPart: null,
  requestedByPlant: '910',
  hasActivePending: false,
  reverted: false,
  comment: '',
  reviewedBy: 'plant@demo.homesite.test',
  reviewDate: '2026-01-02T00:00:00.000Z',
  ...changes,
});

describe('display status (spec 3 §4)', () => {
  it('is Approved when active and approved, Pending when active and not approved, otherwise InActive', () => {
    expect(partDisplayStatus({ active: true, approved: true })).toBe('Approved');
    expect(partDisplayStatus({ active: true, approved: false })).toBe('Pending');
    expect(partDisplayStatus({ active: false, approved: true })).toBe('InActive');
    expect(partDisplayStatus({ active: false, approved: false })).toBe('InActive');
  });

  it('a change request reads Pending until reviewed, then Approved or Declined, and Reverted once reverted', () => {
    expect(changeHistoryStatus({ approved: null, revertedDate: null })).toBe('Pending');
    expect(changeHistoryStatus({ approved: true, revertedDate: null })).toBe('Approved');
    expect(changeHistoryStatus({ approved: false, revertedDate: null })).toBe('Declined');
    expect(changeHistoryStatus({ approved: true, revertedDate: '2026-02-01T00:00:00.000Z' })).toBe('Reverted');
  });
});

describe('revert rules (spec 3 §4, §5)', () => {
  it('blocks an approved request whose requested part is no longer Approved', () => {
    expect(revertBlockingMessage(result({ requestedPart: part({ active: false }) }))).toBe(
      'Cannot revert this request. Requested part is no longer Approved.',
    );
    expect(revertBlockingMessage(result({ requestedPart: part({ approved: false }) }))).toBe(REVERT_BLOCKING_MESSAGES.noLongerApproved);
  });

  it('blocks a declined request whose requested part is now Approved', () => {
    expect(revertBlockingMessage(result({ approved: false, requestedPart: part() }))).toBe(
      'Cannot revert this request. Requested part is now Approved.',
    );
  });

  it('blocks while the requesting plant has an active pending for the part, naming the plant', () => {
    expect(revertBlockingMessage(result({ hasActivePending: true, requestedByPlant: '931' }))).toBe(
      'Plant 931 has an active pending for this part. Please resolve first.',
    );
    expect(
      revertBlockingMessage(result({ approved: false, requestedPart: part({ approved: false, active: false }), hasActivePending: true })),
    ).toBe(REVERT_BLOCKING_MESSAGES.activePending('910'));
  });

  it('lets the three kinds of revert through, each with its effect', () => {
    const withPrevious = result({ previousPart: part({ active: false }) });
    expect(revertBlockingMessage(withPrevious)).toBeNull();
    expect(revertEffectOf(withPrevious)).toBe('restore-previous');
    const newPart = result({ previousPart: null });
    expect(revertBlockingMessage(newPart)).toBeNull();
    expect(revertEffectOf(newPart)).toBe('remove-and-pend');
    const declined = result({ approved: false, requestedPart: part({ approved: false, active: false }) });
    expect(revertBlockingMessage(declined)).toBeNull();
    expect(revertEffectOf(declined)).toBe('pend');
  });
});

describe('the admin tree (spec 3 §2, §4)', () => {
  const approved = part({ partsCatalogId: 10 });
  const pendingChange = part({ partsCatalogId: 11, approved: false, friendlyDescription: 'Kitchen faucet (plant stock)' });
  const older = part({ partsCatalogId: 5, active: false, friendlyDescription: 'Old wording' });
  const removed = part({ partsCatalogId: 12, partNumber: '20718', subPartNumber: '02', active: false, combinedPartNumber: '3031020718' });
  const sink = part({
    partsCatalogId: 20,
    commodityNumber: '340',
    commodityDescription: 'Sinks',
    partNumber: '21000',
    combinedPartNumber: '3034021000',
    friendlyDescription: '',
  });
  const catalog: PartsCatalog = {
    plantNumber: '910',
    categoryCatalogs: [
      {
        category: { categoryNumber: '30', description: 'Kitchen' },
        commodityCatalogs: [
          {
            commodity: { commodityNumber: '310', description: 'Faucets' },
            imageFilename: 'commodity-30-310.svg',
            parts: [older, approved, pendingChange, removed],
          },
          { commodity: { commodityNumber: '340', description: 'Sinks' }, imageFilename: 'commodity-30-340.svg', parts: [sink] },
        ],
      },
    ],
  };

  it('folds a part’s versions: the pending change shown beside the approved one', () => {
    const folded = foldVersions([older, approved, pendingChange]);
    expect(folded.shown.partsCatalogId).toBe(11);
    expect(folded.approved?.partsCatalogId).toBe(10);
    expect(folded.pending?.partsCatalogId).toBe(11);
    expect(folded.status).toBe('Pending');
    expect(foldVersions([older, approved])).toMatchObject({ status: 'Approved', pending: null });
    expect(foldVersions([removed])).toMatchObject({ status: 'InActive', approved: null, pending: null });
  });

  it('leaves out parts with no active version unless asked, and counts pending changes', () => {
    const [kitchen] = adminTree(catalog, false);
    expect(kitchen!.commodities.map((commodity) => commodity.parts.length)).toEqual([1, 1]);
    expect(kitchen!.commodities[0]!.pendingCount).toBe(1);
    expect(adminTree(catalog, true)[0]!.commodities[0]!.parts.map((entry) => entry.status)).toEqual(['Pending', 'InActive']);
  });

  it('searches commodities by their name or their category’s, and a commodity’s parts by number and wording', () => {
    const tree = adminTree(catalog, false);
    expect(searchCommodities(tree, 'sink')[0]!.commodities.map((commodity) => commodity.commodity.description)).toEqual(['Sinks']);
    expect(searchCommodities(tree, 'kitchen')[0]!.commodities).toHaveLength(2);
    expect(searchCommodities(tree, 'bathroom')).toEqual([]);
    const faucets = tree[0]!.commodities[0]!.parts;
    expect(searchParts(faucets, '3031020711')).toHaveLength(1);
    expect(searchParts(faucets, 'plant stock')).toHaveLength(1);
    expect(searchParts(faucets, 'pending')).toHaveLength(1);
    expect(searchParts(faucets, 'nothing like it')).toEqual([]);
    // spec 3 §5: an empty friendly description reads as unset; the corporate wording stands in.
    expect(tree[0]!.commodities[1]!.parts[0]!.description).toBe('FCT KIT 1-HDL CHR');
  });

  it('says what the search box searches (spec 3 §2)', () => {
    expect(searchPlaceholder(null)).toBe('Search Commodities...');
    expect(searchPlaceholder({ commodityNumber: '310', description: 'Faucets' })).toBe('Search Faucets...');
  });
});

describe('lists of 10 growing by 10 (spec 3 §9)', () => {
  it('grows only while the limit is at or below the item count', () => {
    expect(grownLimit(10, 35)).toBe(20);
    expect(grownLimit(30, 35)).toBe(40);
    expect(grownLimit(40, 35)).toBe(40);
    expect(grownLimit(10, 10)).toBe(20);
    expect(grownLimit(10, 4)).toBe(10);
  });
});

describe('the Add Part drill-down and its image (spec 3 §2, §4, §5)', () => {
  const category = { categoryNumber: '30', description: 'Kitchen' };
  const commodity = { commodityNumber: '310', description: 'Faucets' };

  it('steps back one level at a time, and has the three help texts', () => {
    expect(stepBack({ step: 'detail', category, commodity, partKey: '20711|01' })).toEqual({ step: 'part', category, commodity });
    expect(stepBack({ step: 'part', category, commodity })).toEqual({ step: 'commodity', category });
    expect(stepBack({ step: 'commodity', category })).toEqual({ step: 'category' });
    expect(stepBack({ step: 'category' })).toBeNull();
    expect([addPartHelp('category'), addPartHelp('commodity'), addPartHelp('part'), addPartHelp('detail')]).toEqual([
      'Please select category',
      'Please select a commodity',
      'Please select a part',
      null,
    ]);
  });

  it('sends the image as base64 with the data-URL prefix stripped', () => {
    expect(stripDataUrlPrefix('data:image/jpeg;base64,/9j/4AAQSkZJRg==')).toBe('/9j/4AAQSkZJRg==');
    expect(stripDataUrlPrefix('R0lGODlhAQABAAAAACw=')).toBe('R0lGODlhAQABAAAAACw=');
  });

  it('words the toasts as spec 3 §7 does', () => {
    expect(CATALOG_ADMIN_TEXT.submitted('3031020711')).toBe('Change Request for part: 3031020711 has been submitted!');
    expect(CATALOG_ADMIN_TEXT.approved('3031020711')).toBe('Part 3031020711 has been successfully changed!');
    expect(CATALOG_ADMIN_TEXT.declined('3031020711')).toBe('Request to change 3031020711 has been successfully declined!');
    expect(CATALOG_ADMIN_TEXT.removed('3031020711')).toBe('Part 3031020711 has been successfully removed from your catalog!');
  });
});

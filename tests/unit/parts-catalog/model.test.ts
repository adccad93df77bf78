import { describe, expect, it } from 'vitest';
import { catalogImageNames } from '../../../src/features/parts-orders/catalog/prime';
import { keptImageName } from '../../../src/features/parts-orders/catalog/images';
import { partSearchIndex, pickableCatalog, searchParts } from '../../../src/features/parts-orders/catalog/model';
import { bigCatalog, part, SMALL_CATALOG_IMAGES, smallCatalog } from './harness';

const numbers = (parts: { partNumber: string }[]) => parts.map((part) => part.partNumber);

describe('the catalog as the picker offers it (spec 3 §2, §3)', () => {
  it('offers only approved and active parts, and leaves out categories and commodities without one', () => {
    const pickable = pickableCatalog(smallCatalog());
    expect(pickable.categories.map((category) => category.category.description)).toEqual(['Bathroom', 'Kitchen']);
    expect(pickable.categories[1]!.commodities.map((commodity) => [commodity.commodity.description, commodity.parts.length])).toEqual([
      ['Faucets', 2],
      ['Sinks', 2],
    ]);
    expect(pickable.categories.map((category) => category.partCount)).toEqual([2, 4]);
    expect(numbers(pickable.parts)).toEqual(['20011', '20018', '30100', '30107', '30400', '30407']);
  });

  it('names each image once, the placeholder for parts without one, and none of parts that cannot be picked', () => {
    expect(catalogImageNames(smallCatalog()).sort()).toEqual([...SMALL_CATALOG_IMAGES].sort());
    expect(keptImageName('')).toBe('placeholder.svg');
    expect(keptImageName(null)).toBe('placeholder.svg');
    expect(keptImageName('  part-1.svg ')).toBe('part-1.svg');
    // A name the server would refuse is never asked for.
    expect(keptImageName('../secrets.svg')).toBe('placeholder.svg');
  });
});

describe('part search', () => {
  const index = partSearchIndex(pickableCatalog(smallCatalog()).parts);

  it('finds parts by number, by either description and by commodity; every word must appear', () => {
    expect(numbers(searchParts(index, '30407'))).toEqual(['30407']);
    expect(numbers(searchParts(index, 'aerator'))).toEqual(['30107']);
    expect(numbers(searchParts(index, 'KITCHEN faucet'))).toEqual(['30100', '30107']);
    expect(numbers(searchParts(index, 'sinks clip'))).toEqual(['30407']);
    expect(numbers(searchParts(index, 'toilet chrome'))).toEqual(['20011', '20018']);
    expect(searchParts(index, 'toilet oak')).toEqual([]);
    expect(searchParts(index, '   ')).toEqual([]);
  });

  it('puts parts whose number starts with the text first', () => {
    const ranked = partSearchIndex([
      part({ partNumber: '11111', friendlyDescription: 'Adapter for part 77701' }),
      part({ partNumber: '77701', friendlyDescription: 'Valve' }),
      part({ partNumber: '55555', commodityNumber: '777', friendlyDescription: 'Gasket' }),
    ]);
    expect(numbers(searchParts(ranked, '77701'))).toEqual(['77701', '11111']);
    // The combined number (category + commodity + part) counts as a part number too.
    expect(numbers(searchParts(ranked, '1077755'))).toEqual(['55555']);
  });

  // How fast it searches is a benchmark's figure (tests/bench/part-search.ts), not a test's.
  it('finds a part by its number, and parts by words, in a 600-part catalog', () => {
    const parts = pickableCatalog(bigCatalog(600)).parts;
    const big = partSearchIndex(parts);
    expect(numbers(searchParts(big, String(50_000 + 599 * 7)))[0]).toBe(String(50_000 + 599 * 7));
    expect(searchParts(big, 'valve chrome').length).toBeGreaterThan(0);
  });
});

// The parts picker's search (spec 3 §2: search all parts), which runs as the user types, offline, in the page: the
// corporate parts master (every part a plant's catalog can hold) indexed once, then searched by part number and by
// words, beside the goal of well under a frame per search. Figures, not pass/fail; the unit test checks what it finds.
// Alone: `npx tsx tests/bench/part-search.ts`.
import { pathToFileURL } from 'node:url';
import type { CatalogPart } from '../../src/contract';
import { partSearchIndex, searchParts } from '../../src/features/parts-orders/catalog/model';
import { CATALOG, corporateOnlyParts, masterParts, type MasterPart } from '../../src/server/db/seed/parts-catalog';

const GOAL_MS_PER_SEARCH = 5;
const SEARCHES = 2_000;

/** The master's parts as the picker gets them: approved and active, with their category's and commodity's names. */
function corporateList(): CatalogPart[] {
  const descriptions = new Map(
    CATALOG.flatMap((category) =>
      category.commodities.map((commodity) => [commodity.commodityNumber, [category.description, commodity.description]] as const),
    ),
  );
  return [...masterParts(), ...corporateOnlyParts()].map((part: MasterPart, index) => {
    const [categoryDescription, commodityDescription] = descriptions.get(part.commodityNumber)!;
    return {
      partsCatalogId: index + 1,
      categoryNumber: part.categoryNumber,
      categoryDescription,
      commodityNumber: part.commodityNumber,
      commodityDescription,
      subPartNumber: part.subPartNumber,
      subPartDescription: part.subPartDescription,
      partNumber: part.partNumber,
      notes: '',
      friendlyDescription: part.friendlyDescription,
      corporateDescription: part.corporateDescription,
      unitOfMeasure: part.unitOfMeasure,
      combinedPartNumber: `${part.categoryNumber}${part.commodityNumber}${part.partNumber}`,
      imageFilename: '',
      approved: true,
      createDate: '2025-01-01T00:00:00.000Z',
      createdBy: 'Corporate catalog import',
      plantNumber: '910',
      active: true,
      isActiveAndApproved: true,
    };
  });
}

export function benchPartSearch() {
  const parts = corporateList();
  let began = performance.now();
  const index = partSearchIndex(parts);
  console.log(`${parts.length} parts indexed in ${(performance.now() - began).toFixed(1)} ms`);

  const last = parts.at(-1)!;
  const searches: [label: string, texts: string[]][] = [
    ['by a whole part number', parts.map((part) => part.partNumber)],
    ['by the start of a part number', parts.map((part) => part.partNumber.slice(0, 3))],
    ['by words', ['faucet chrome', 'white', 'vanity oak', 'shower door', last.friendlyDescription.split(',')[0]!]],
  ];
  // Warmed up first, as in a page where the picker is open: the figures are of the search, not of the compiler.
  for (const [, texts] of searches) for (const text of texts) searchParts(index, text);
  for (const [label, texts] of searches) {
    let found = 0;
    began = performance.now();
    for (let n = 0; n < SEARCHES; n++) found += searchParts(index, texts[n % texts.length]!).length;
    const perSearch = (performance.now() - began) / SEARCHES;
    console.log(
      `search ${label}: ${perSearch.toFixed(3)} ms per search (${(found / SEARCHES).toFixed(1)} parts found on average) — goal: under ${GOAL_MS_PER_SEARCH} ms: ${perSearch < GOAL_MS_PER_SEARCH ? 'met' : 'NOT met'}`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log('# Parts picker search');
  benchPartSearch();
}

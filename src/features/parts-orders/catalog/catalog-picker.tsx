import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { partDescription, type CatalogPart } from '../../../contract';
import { isHttpError, isOfflineError } from '../../../lib/http';
import { describeAge } from '../../../offline/age';
import { useOnline } from '../../../offline/use-connection';
import { useNow } from '../../../offline/use-now';
import { useApprovedCatalog } from './api';
import { useCatalogImage } from './images';
import { partSearchIndex, pickableCatalog, searchParts, type PickableCategory, type PickableCommodity } from './model';
import './catalog.css';

/** spec 3 §2: the drill-down's header texts (shared with the admin's Add Part modal). */
export const CATALOG_PICKER_HEADERS = {
  category: 'Please select category',
  commodity: 'Please select a commodity',
  part: 'Please select a part',
} as const;

/** spec 3 §9: catalog lists show 10 and grow by 10. */
export const CATALOG_LIST_STEP = 10;

export const CATALOG_PICKER_LABELS = {
  search: 'Search all parts',
  searchPlaceholder: 'Part number, description or commodity',
  close: 'Close Catalog',
  backToCategories: 'Back to categories',
  backToCommodities: 'Back to commodities',
  showMore: 'Show more parts',
  retry: 'Try again',
} as const;

export const catalogPickerMessages = {
  loading: 'Loading the parts catalog...',
  notOnDevice: (plantNumber: string) =>
    `The parts catalog of plant ${plantNumber} is not saved on this device. It can be used once you are back online; then it stays available offline.`,
  failed: 'The parts catalog could not be loaded.',
  empty: (plantNumber: string) => `Plant ${plantNumber} has no approved parts in its catalog.`,
  savedCopy: (age: string) => `Saved copy of the catalog, updated ${age}.`,
  noMatches: (text: string) => `No parts match "${text}".`,
  found: (count: number) => (count === 1 ? '1 part found.' : `${count} parts found.`),
} as const;

type Level =
  { kind: 'category' } | { kind: 'commodity'; categoryNumber: string } | { kind: 'part'; categoryNumber: string; commodityNumber: string };

function CatalogImage({ fileName, className }: { fileName: string | null; className: string }) {
  const url = useCatalogImage(fileName);
  // Decorative: the text beside it names the part or commodity.
  return url ? (
    <img className={className} src={url} alt="" loading="lazy" />
  ) : (
    <span className={`${className} ${className}--empty`} aria-hidden="true" />
  );
}

const countText = (count: number) => (count === 1 ? '1 part' : `${count} parts`);

function PartCardButton({ part, showPath, onPick }: { part: CatalogPart; showPath: boolean; onPick: (part: CatalogPart) => void }) {
  const description = partDescription(part) || part.partNumber;
  const unit = part.unitOfMeasure.trim();
  return (
    <button type="button" className="catalog-part" onClick={() => onPick(part)}>
      <CatalogImage fileName={part.imageFilename || null} className="catalog-part__image" />
      <span className="catalog-part__text">
        <span className="catalog-part__description">{description}</span>
        <span className="catalog-part__detail">Part number {part.partNumber}</span>
        {unit && <span className="catalog-part__detail">Unit {unit}</span>}
        {showPath && (
          <span className="catalog-part__detail">{[part.categoryDescription, part.commodityDescription].filter(Boolean).join(' › ')}</span>
        )}
      </span>
    </button>
  );
}

/** A list of parts that shows 10 and grows by 10 when its end is scrolled into view or "Show more parts" is used. */
function PartList({
  label,
  parts,
  showPath,
  onPick,
}: {
  label: string;
  parts: readonly CatalogPart[];
  showPath: boolean;
  onPick: (part: CatalogPart) => void;
}) {
  const [limit, setLimit] = useState(CATALOG_LIST_STEP);
  const [shownFor, setShownFor] = useState(parts);
  const sentinel = useRef<HTMLDivElement>(null);
  if (shownFor !== parts) {
    setShownFor(parts);
    setLimit(CATALOG_LIST_STEP);
  }
  const more = limit < parts.length;
  useEffect(() => {
    const target = sentinel.current;
    if (!more || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      // spec 3 §9: catalog lists grow only while the limit is at or below the item count.
      if (entries.some((entry) => entry.isIntersecting))
        setLimit((current) => (current <= parts.length ? current + CATALOG_LIST_STEP : current));
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [more, parts.length]);
  return (
    <>
      <ul className="catalog-picker__parts" role="list" aria-label={label}>
        {parts.slice(0, limit).map((part) => (
          <li key={part.partsCatalogId}>
            <PartCardButton part={part} showPath={showPath} onPick={onPick} />
          </li>
        ))}
      </ul>
      {more && (
        <div ref={sentinel} className="catalog-picker__more">
          <button type="button" className="button" onClick={() => setLimit((current) => current + CATALOG_LIST_STEP)}>
            {CATALOG_PICKER_LABELS.showMore}
            <span className="visually-hidden">
              {' '}
              ({Math.min(limit, parts.length)} of {parts.length} shown)
            </span>
          </button>
        </div>
      )}
    </>
  );
}

function CategoryList({
  categories,
  onChoose,
}: {
  categories: readonly PickableCategory[];
  onChoose: (category: PickableCategory) => void;
}) {
  return (
    <ul className="catalog-picker__choices" role="list" aria-label="Categories">
      {categories.map((category) => (
        <li key={category.category.categoryNumber}>
          <button type="button" className="catalog-choice" onClick={() => onChoose(category)}>
            <span className="catalog-choice__text">
              <span className="catalog-choice__name">{category.category.description}</span>
              <span className="catalog-choice__count">{countText(category.partCount)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function CommodityList({ category, onChoose }: { category: PickableCategory; onChoose: (commodity: PickableCommodity) => void }) {
  return (
    <ul className="catalog-picker__choices" role="list" aria-label={`Commodities of ${category.category.description}`}>
      {category.commodities.map((commodity) => (
        <li key={commodity.commodity.commodityNumber}>
          <button type="button" className="catalog-choice" onClick={() => onChoose(commodity)}>
            <CatalogImage fileName={commodity.imageFilename || null} className="catalog-choice__image" />
            <span className="catalog-choice__text">
              <span className="catalog-choice__name">{commodity.commodity.description}</span>
              <span className="catalog-choice__count">{countText(commodity.parts.length)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export interface CatalogPickerProps {
  plantNumber: string;
  /** Whose kept copy to read: the user's viewScope (entities/view-scope). */
  scope: string;
  onPick: (part: CatalogPart) => void;
  onCancel: () => void;
}

/**
 * The read-only approved parts catalog of a plant (spec 3 §2), where a part is picked onto a card: a drill-down
 * Category → Commodity → Part with a back action one level up, and a search over all the plant's parts. Works
 * from the copy kept on the device when offline, saying how old it is.
 */
export function CatalogPicker({ plantNumber, scope, onPick, onCancel }: CatalogPickerProps) {
  const catalog = useApprovedCatalog(plantNumber, scope);
  const online = useOnline();
  const now = useNow();
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [level, setLevel] = useState<Level>({ kind: 'category' });
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);

  const pickable = useMemo(() => (catalog.data ? pickableCatalog(catalog.data.data) : undefined), [catalog.data]);
  const index = useMemo(() => (pickable ? partSearchIndex(pickable.parts) : undefined), [pickable]);
  const searching = deferredSearch.trim() !== '';
  const matches = useMemo(() => (index && searching ? searchParts(index, deferredSearch) : []), [index, searching, deferredSearch]);

  const category =
    level.kind === 'category'
      ? undefined
      : pickable?.categories.find((candidate) => candidate.category.categoryNumber === level.categoryNumber);
  const commodity =
    level.kind === 'part'
      ? category?.commodities.find((candidate) => candidate.commodity.commodityNumber === level.commodityNumber)
      : undefined;
  // A level whose category or commodity left the catalog (a fresh copy arrived) falls back to the top.
  const shownLevel: Level['kind'] = searching
    ? 'part'
    : level.kind === 'part' && commodity
      ? 'part'
      : level.kind !== 'category' && category
        ? 'commodity'
        : 'category';

  // Each step (and opening the picker) moves focus to its header, so keyboard and screen reader users hear where they are.
  useEffect(() => {
    headingRef.current?.focus();
  }, [level]);

  const back = () => setLevel(level.kind === 'part' ? { kind: 'commodity', categoryNumber: level.categoryNumber } : { kind: 'category' });
  const stopSubmit = (event: KeyboardEvent<HTMLInputElement>) => {
    // The picker sits inside the parts item form: Enter in the search box must not save the item.
    if (event.key === 'Enter') event.preventDefault();
  };

  const kept = catalog.data;
  const ageNotice = kept && kept.storedAt !== undefined && (kept.fromCache || !online) && (
    <p className="notice notice--info catalog-picker__age" role="status">
      {catalogPickerMessages.savedCopy(describeAge(kept.storedAt, now))}
    </p>
  );

  let body: ReactNode;
  if (!pickable) {
    if (catalog.isError) {
      const error = catalog.error;
      const message = isOfflineError(error)
        ? catalogPickerMessages.notOnDevice(plantNumber)
        : isHttpError(error, 403)
          ? (error.body?.message ?? catalogPickerMessages.failed)
          : catalogPickerMessages.failed;
      body = (
        <div className="notice notice--warning catalog-picker__problem" role="alert">
          <p>{message}</p>
          <button type="button" className="button" onClick={() => void catalog.refetch()}>
            {CATALOG_PICKER_LABELS.retry}
          </button>
        </div>
      );
    } else {
      body = (
        <p className="catalog-picker__loading" role="status">
          {catalogPickerMessages.loading}
        </p>
      );
    }
  } else if (pickable.parts.length === 0) {
    body = <p className="catalog-picker__empty">{catalogPickerMessages.empty(plantNumber)}</p>;
  } else if (searching) {
    body = (
      <>
        <p className="catalog-picker__count" role="status" aria-live="polite">
          {matches.length === 0 ? catalogPickerMessages.noMatches(deferredSearch.trim()) : catalogPickerMessages.found(matches.length)}
        </p>
        {matches.length > 0 && <PartList label="Matching parts" parts={matches} showPath onPick={onPick} />}
      </>
    );
  } else if (shownLevel === 'part' && category && commodity) {
    body = <PartList label={`Parts of ${commodity.commodity.description}`} parts={commodity.parts} showPath={false} onPick={onPick} />;
  } else if (shownLevel === 'commodity' && category) {
    body = (
      <CommodityList
        category={category}
        onChoose={(chosen) =>
          setLevel({ kind: 'part', categoryNumber: category.category.categoryNumber, commodityNumber: chosen.commodity.commodityNumber })
        }
      />
    );
  } else {
    body = (
      <CategoryList
        categories={pickable.categories}
        onChoose={(chosen) => setLevel({ kind: 'commodity', categoryNumber: chosen.category.categoryNumber })}
      />
    );
  }

  const trail = !searching && shownLevel !== 'category' && category && (
    <p className="catalog-picker__trail">
      {[category.category.description, shownLevel === 'part' ? commodity?.commodity.description : undefined].filter(Boolean).join(' › ')}
    </p>
  );

  return (
    <section className="catalog-picker" aria-labelledby={`${id}-heading`} aria-describedby={`${id}-plant`}>
      <div className="catalog-picker__header">
        <h3 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="catalog-picker__heading">
          {CATALOG_PICKER_HEADERS[shownLevel]}
        </h3>
        <span id={`${id}-plant`} className="catalog-picker__plant">
          Approved parts catalog of plant {plantNumber}
        </span>
      </div>
      <div className="catalog-picker__actions">
        {!searching && shownLevel !== 'category' && (
          <button type="button" className="button" onClick={back}>
            {shownLevel === 'part' ? CATALOG_PICKER_LABELS.backToCommodities : CATALOG_PICKER_LABELS.backToCategories}
          </button>
        )}
        <button type="button" className="button" onClick={onCancel}>
          {CATALOG_PICKER_LABELS.close}
        </button>
      </div>
      {ageNotice}
      {pickable && pickable.parts.length > 0 && (
        <div className="catalog-picker__search">
          <label htmlFor={`${id}-search`}>{CATALOG_PICKER_LABELS.search}</label>
          <input
            id={`${id}-search`}
            type="search"
            className="field__input"
            value={search}
            placeholder={CATALOG_PICKER_LABELS.searchPlaceholder}
            autoComplete="off"
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={stopSubmit}
          />
        </div>
      )}
      {trail}
      {body}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { CATALOG_ADMIN_TEXT, type AssignedFacility } from '../../../contract';
import { isOfflineError } from '../../../lib/http';
import { describeAge } from '../../../offline/age';
import { CheckboxToggle } from '../../../ui/checkbox-toggle';
import { wholeCatalogQueryOptions } from '../api';
import { adminTree, searchCommodities, searchParts, searchPlaceholder, type AdminCommodity, type AdminPart } from '../model';
import { AddPartModal } from './add-part-modal';
import { GrownList } from './grown-list';
import { PartImage } from './part-image';
import { StatusBadge } from './status-badge';
import '../parts-catalog.css';

export interface PartsCatalogAdminScreenProps {
  plants: readonly AssignedFacility[];
  plantNumber: string;
  onPlantChange: (plantNumber: string) => void;
  /** Opens the Part Form side panel of a part. */
  onOpenPart: (partsCatalogId: number) => void;
}

function PartRow({ part, onOpen }: { part: AdminPart; onOpen: () => void }) {
  const { shown } = part;
  return (
    <button type="button" className="catalog-admin__part" onClick={onOpen}>
      <PartImage fileName={shown.imageFilename} alt="" />
      <span className="catalog-admin__part-text">
        <span className="catalog-admin__part-number">
          {shown.combinedPartNumber}
          {shown.subPartNumber && (
            <span className="catalog-admin__sub">
              {' '}
              · {shown.subPartNumber} {shown.subPartDescription}
            </span>
          )}
        </span>
        <span className="catalog-admin__part-description">{part.description}</span>
        <span className="catalog-admin__part-meta">
          {shown.corporateDescription} · {shown.unitOfMeasure}
          {part.pending && part.approved && ' · change pending'}
        </span>
      </span>
      <StatusBadge status={part.status} />
    </button>
  );
}

/**
 * spec 3 §2 Parts Catalog Admin (/admin/partsCatalog): the plant's whole catalog as a category → commodity → part
 * tree; the search box looks for commodities until one is chosen, then for its parts; a part opens the Part Form.
 * Below 1024 px (spec 3 §9) the tree and the parts take the screen in turn.
 */
export function PartsCatalogAdminScreen({ plants, plantNumber, onPlantChange, onOpenPart }: PartsCatalogAdminScreenProps) {
  const ids = useId();
  const catalog = useQuery(wholeCatalogQueryOptions(plantNumber));
  const [search, setSearch] = useState('');
  const [withInactive, setWithInactive] = useState(false);
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const [openCategories, setOpenCategories] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState(false);

  const tree = useMemo(() => (catalog.data ? adminTree(catalog.data.data, withInactive) : []), [catalog.data, withInactive]);
  const chosen: AdminCommodity | null = useMemo(
    () => tree.flatMap((category) => category.commodities).find((commodity) => commodity.key === chosenKey) ?? null,
    [tree, chosenKey],
  );
  const shownTree = useMemo(() => (chosen ? tree : searchCommodities(tree, search)), [tree, chosen, search]);
  const parts = useMemo(() => (chosen ? searchParts(chosen.parts, search) : []), [chosen, search]);
  const searching = !chosen && search.trim() !== '';

  const choose = (commodity: AdminCommodity | null) => {
    setChosenKey(commodity?.key ?? null);
    setSearch('');
  };
  const changePlant = (next: string) => {
    choose(null);
    setOpenCategories(new Set());
    onPlantChange(next);
  };
  const toggleCategory = (categoryNumber: string) =>
    setOpenCategories((current) => {
      const next = new Set(current);
      if (!next.delete(categoryNumber)) next.add(categoryNumber);
      return next;
    });

  const offlineWithoutCopy = !catalog.data && isOfflineError(catalog.error);
  return (
    <div className="page catalog-admin">
      <div className="catalog-admin__header">
        <h1 className="page__title">{CATALOG_ADMIN_TEXT.adminTitle}</h1>
        <div className="catalog-admin__controls">
          <div className="field catalog-admin__plant">
            <label className="field__label" htmlFor={`${ids}-plant`}>
              Plant
            </label>
            <select
              id={`${ids}-plant`}
              className="field__input field__select"
              value={plantNumber}
              onChange={(event) => changePlant(event.target.value)}
            >
              {plants.map((plant) => (
                <option key={plant.plantNumber} value={plant.plantNumber}>
                  {plant.name} ({plant.plantNumber})
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button button--primary"
            onClick={() => setAdding(true)}
            disabled={!catalog.data || catalog.data.fromCache}
          >
            Add Part
          </button>
        </div>
      </div>

      {catalog.data?.fromCache && (
        <p className="notice notice--info" role="status">
          Saved copy, updated {describeAge(catalog.data.storedAt, Date.now())}. Changes need the connection.
        </p>
      )}
      {offlineWithoutCopy && (
        <p className="notice notice--warning" role="status">
          You are offline. The catalog of plant {plantNumber} will load when you are back online.
        </p>
      )}
      {catalog.isError && !offlineWithoutCopy && (
        <p className="notice notice--warning" role="alert">
          The catalog of plant {plantNumber} could not be loaded.{' '}
          <button type="button" className="button button--link" onClick={() => void catalog.refetch()}>
            Try again
          </button>
        </p>
      )}

      <div className="catalog-admin__toolbar">
        <label className="visually-hidden" htmlFor={`${ids}-search`}>
          {chosen ? `Search the parts of ${chosen.commodity.description}` : 'Search commodities'}
        </label>
        <input
          id={`${ids}-search`}
          className="field__input catalog-admin__search"
          type="search"
          value={search}
          placeholder={searchPlaceholder(chosen?.commodity ?? null)}
          onChange={(event) => setSearch(event.target.value)}
        />
        <CheckboxToggle label="Show inactive parts" checked={withInactive} onCheckedChange={setWithInactive} />
      </div>

      {catalog.isPending && catalog.fetchStatus === 'fetching' && <p className="page__loading">Loading the catalog…</p>}
      {catalog.data && (
        <div className={`catalog-admin__body${chosen ? ' catalog-admin__body--chosen' : ''}`}>
          <nav className="catalog-admin__tree" aria-label="Categories and commodities">
            {shownTree.length === 0 && <p className="catalog-admin__empty">No commodities match your search.</p>}
            <ul className="catalog-admin__categories">
              {shownTree.map(({ category, commodities }) => {
                const expanded =
                  searching || openCategories.has(category.categoryNumber) || commodities.some((commodity) => commodity.key === chosenKey);
                const listId = `${ids}-category-${category.categoryNumber}`;
                return (
                  <li key={category.categoryNumber}>
                    <button
                      type="button"
                      className="catalog-admin__category"
                      aria-expanded={expanded}
                      aria-controls={listId}
                      onClick={() => toggleCategory(category.categoryNumber)}
                    >
                      <span aria-hidden="true" className="catalog-admin__chevron">
                        {expanded ? '▾' : '▸'}
                      </span>
                      {category.description}
                      <span className="catalog-admin__tally">{commodities.length}</span>
                    </button>
                    <ul id={listId} className="catalog-admin__commodities" hidden={!expanded}>
                      {commodities.map((commodity) => (
                        <li key={commodity.key}>
                          <button
                            type="button"
                            className="catalog-admin__commodity"
                            aria-current={commodity.key === chosenKey ? 'true' : undefined}
                            onClick={() => choose(commodity)}
                          >
                            <span>{commodity.commodity.description}</span>
                            <span className="catalog-admin__tally">
                              {commodity.parts.length} part{commodity.parts.length === 1 ? '' : 's'}
                              {commodity.pendingCount > 0 && `, ${commodity.pendingCount} pending`}
                            </span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  </li>
                );
              })}
            </ul>
          </nav>

          <section className="catalog-admin__parts" aria-labelledby={`${ids}-parts-title`}>
            {chosen ? (
              <>
                <button type="button" className="button button--link catalog-admin__back" onClick={() => choose(null)}>
                  ‹ Back to commodities
                </button>
                <div className="catalog-admin__commodity-head">
                  <PartImage fileName={chosen.imageFilename} alt="" className="catalog-admin__commodity-image" />
                  <h2 id={`${ids}-parts-title`} className="catalog-admin__subtitle">
                    {chosen.category.description} › {chosen.commodity.description}
                  </h2>
                </div>
                <GrownList
                  items={parts}
                  itemKey={(part) => part.key}
                  label={`Parts of ${chosen.commodity.description}`}
                  resetKey={`${chosen.key}|${search}|${withInactive}`}
                  emptyMessage={search ? 'No parts match your search.' : 'This commodity has no parts.'}
                  renderItem={(part) => <PartRow part={part} onOpen={() => onOpenPart(part.shown.partsCatalogId)} />}
                />
              </>
            ) : (
              <>
                <h2 id={`${ids}-parts-title`} className="catalog-admin__subtitle">
                  Parts
                </h2>
                <p className="catalog-admin__empty">Select a commodity to see its parts.</p>
              </>
            )}
          </section>
        </div>
      )}
      {adding && <AddPartModal plantNumber={plantNumber} onClose={() => setAdding(false)} />}
    </div>
  );
}

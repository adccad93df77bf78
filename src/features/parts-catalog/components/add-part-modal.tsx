import { useState } from 'react';
import type { NotInCatalogPart } from '../../../contract';
import { Modal } from '../../../ui/modal';
import { useCategories, useCommodities, usePartsNotInCatalog } from '../api';
import { addPartHelp, searchPlaceholder, stepBack, type AddPartStep } from '../model';
import { GrownList } from './grown-list';
import { ImagePicker, type ChosenImage } from './image-picker';
import { hasFriendlyDescription, PartDetailsFields, usePartDetailsForm } from './part-details-fields';

const partKey = (part: NotInCatalogPart) => `${part.partNumber}|${part.subPartNumber}`;

function Choices<Item>({
  items,
  label,
  itemKey,
  text,
  onChoose,
  loading,
  empty,
}: {
  items: readonly Item[] | undefined;
  label: string;
  itemKey: (item: Item) => string;
  text: (item: Item) => string;
  onChoose: (item: Item) => void;
  loading: boolean;
  empty: string;
}) {
  if (loading || !items) return <p className="page__loading">Loading…</p>;
  return (
    <GrownList
      items={items}
      itemKey={itemKey}
      label={label}
      resetKey={label}
      emptyMessage={empty}
      renderItem={(item) => (
        <button type="button" className="catalog-admin__choice" onClick={() => onChoose(item)}>
          {text(item)}
        </button>
      )}
    />
  );
}

/**
 * spec 3 §2 Add Part modal: Category, then Commodity, then a Part the plant's catalog does not hold, then the part's
 * friendly description and image; Back steps up one level. Submitting sends a change request (POST /PartsCatalog).
 */
export function AddPartModal({ plantNumber, onClose }: { plantNumber: string; onClose: () => void }) {
  const [step, setStep] = useState<AddPartStep>({ step: 'category' });
  const [image, setImage] = useState<ChosenImage | null>(null);
  const [search, setSearch] = useState('');
  const category = step.step === 'category' ? undefined : step.category;
  const commodity = step.step === 'part' || step.step === 'detail' ? step.commodity : undefined;
  const categories = useCategories(plantNumber);
  const commodities = useCommodities(plantNumber, category?.categoryNumber);
  const parts = usePartsNotInCatalog(plantNumber, category?.categoryNumber, commodity?.commodityNumber);
  const chosenPart = step.step === 'detail' ? parts.data?.find((part) => partKey(part) === step.partKey) : undefined;

  // Refused, the modal stays open.
  const { form, submit } = usePartDetailsForm({ friendlyDescription: '', notes: '' }, chosenPart, image?.base64, onClose);

  const go = (next: AddPartStep) => {
    setStep(next);
    setSearch('');
  };
  const back = stepBack(step);
  const busy = submit.isPending;
  const matching = (text: string) => search.trim() === '' || text.toLowerCase().includes(search.trim().toLowerCase());

  const help = addPartHelp(step.step);
  const trail = [category?.description, commodity?.description, chosenPart?.corporateDescription].filter(Boolean).join(' › ');
  return (
    <Modal
      open
      size="large"
      title="Add Part"
      onClose={busy ? undefined : onClose}
      description={help ?? `Part ${chosenPart?.combinedPartNumber ?? ''}: enter its friendly description and image.`}
      actions={
        <>
          {back && (
            <button type="button" className="button" onClick={() => go(back)} disabled={busy}>
              Back
            </button>
          )}
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          {step.step === 'detail' && (
            <form.Subscribe selector={(state) => hasFriendlyDescription(state.values)}>
              {(ready) => (
                <button
                  type="submit"
                  form="add-part-form"
                  className="button button--primary"
                  disabled={busy || !ready || !chosenPart}
                  aria-busy={busy}
                >
                  {busy ? 'Submitting...' : 'Submit'}
                </button>
              )}
            </form.Subscribe>
          )}
        </>
      }
    >
      <div className="catalog-add">
        {trail && <p className="catalog-add__trail">{trail}</p>}
        {step.step !== 'detail' && step.step !== 'category' && (
          <div className="catalog-add__search">
            <label className="visually-hidden" htmlFor="add-part-search">
              {step.step === 'commodity' ? 'Search commodities' : `Search the parts of ${commodity?.description ?? ''}`}
            </label>
            <input
              id="add-part-search"
              className="field__input"
              type="search"
              value={search}
              placeholder={searchPlaceholder(step.step === 'part' ? (commodity ?? null) : null)}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        )}
        {step.step === 'category' && (
          <Choices
            items={categories.data}
            loading={categories.isPending}
            label="Categories"
            itemKey={(item) => item.categoryNumber}
            text={(item) => item.description}
            empty="There are no categories."
            onChoose={(item) => go({ step: 'commodity', category: item })}
          />
        )}
        {step.step === 'commodity' && (
          <Choices
            items={commodities.data?.filter((item) => matching(item.description))}
            loading={commodities.isPending}
            label={`Commodities of ${step.category.description}`}
            itemKey={(item) => item.commodityNumber}
            text={(item) => item.description}
            empty="No commodities to choose."
            onChoose={(item) => go({ step: 'part', category: step.category, commodity: item })}
          />
        )}
        {step.step === 'part' && (
          <Choices
            items={parts.data?.filter((item) =>
              matching(`${item.combinedPartNumber} ${item.corporateDescription} ${item.subPartDescription}`),
            )}
            loading={parts.isPending}
            label={`Parts of ${step.commodity.description} not in the catalog`}
            itemKey={partKey}
            text={(item) =>
              `${item.combinedPartNumber} · ${item.subPartNumber} ${item.subPartDescription} — ${item.corporateDescription} (${item.unitOfMeasure})`
            }
            empty="Every part of this commodity is in the catalog."
            onChoose={(item) => go({ step: 'detail', category: step.category, commodity: step.commodity, partKey: partKey(item) })}
          />
        )}
        {step.step === 'detail' && chosenPart && (
          <form
            id="add-part-form"
            className="form catalog-add__form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void form.handleSubmit();
            }}
          >
            <dl className="catalog-part-facts">
              <dt>Part</dt>
              <dd>{chosenPart.combinedPartNumber}</dd>
              <dt>Sub-part</dt>
              <dd>
                {chosenPart.subPartNumber} {chosenPart.subPartDescription}
              </dd>
              <dt>Corporate description</dt>
              <dd>{chosenPart.corporateDescription}</dd>
              <dt>Unit of measure</dt>
              <dd>{chosenPart.unitOfMeasure}</dd>
            </dl>
            <PartDetailsFields form={form} disabled={busy} initialFocus={undefined} />
            <ImagePicker currentFileName="" image={image} onImage={setImage} disabled={busy} />
          </form>
        )}
      </div>
    </Modal>
  );
}

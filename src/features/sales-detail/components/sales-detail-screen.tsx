import { Navigate } from '@tanstack/react-router';
import { format } from 'date-fns';
import { useMemo, useState } from 'react';
import {
  DETAIL_ANCHOR_EXTRA_OFFSET,
  DETAIL_SCROLL_OFFSET,
  formatQuoteNumber,
  type CmhUser,
  type SalesCategory,
  type SalesDetail,
} from '../../../contract';
import { formatDate } from '../../../lib/date-format';
import { DEFAULT_BRAND_LOGO, brandLogo, formatPhone } from '../../../lib/formats';
import { HttpError, isOfflineError } from '../../../lib/http';
import { describeAge } from '../../../offline/age';
import { useNow } from '../../../offline/use-now';
import { NotOnDevice } from '../../../ui/not-on-device';
import { useSalesDetail, type SalesDetailTarget } from '../api/sales-detail';
import '../sales-detail.css';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** spec 2 §2: the date stamp, MM/D/YYYY h:mm AM/PM. */
export const detailStamp = (date: Date) => format(date, 'MM/d/yyyy h:mm a');

/** The options of each category that match the search (description or option number); categories left empty go. */
export function searchCategories(categories: readonly SalesCategory[], search: string): SalesCategory[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...categories];
  return categories
    .map((category) => ({
      ...category,
      options: category.options.filter(
        (option) => option.optionDesc.toLowerCase().includes(needle) || option.optionNumber.toLowerCase().includes(needle),
      ),
    }))
    .filter((category) => category.options.length > 0);
}

/** spec 2 §2 summary lines, the surcharge row hidden when it is 0. */
export function summaryLines(detail: SalesDetail): [string, number][] {
  const { summary } = detail;
  const lines: [string, number][] = [
    ['Base Cost of Home', summary.baseCostOfHome],
    ['Surcharge', summary.surchargeAmount],
    ['Options Total', summary.optionsTotal],
    ['Shipping, Handling and Destination Charges', summary.shippingHandlingDestCharges],
    ['Freight Charge', summary.freightCharge],
    ['Association Dues', summary.associationDues],
    ['MHI Dues', summary.mhiDues],
    ['VIP Amount', -summary.vipAmount],
    ['Partner Assistance', -summary.partnerAssistanceAmount],
  ];
  return lines.filter(([label, amount]) => label !== 'Surcharge' || amount !== 0);
}

const anchorId = (category: SalesCategory) => `category-${category.categoryID}`;

function jumpTo(category: SalesCategory) {
  const target = document.getElementById(anchorId(category));
  if (!target) return;
  // spec 2 §2: scroll offset 60, plus 25 for jump-to anchors (the sticky header and some air).
  const top = target.getBoundingClientRect().top + window.scrollY - DETAIL_SCROLL_OFFSET - DETAIL_ANCHOR_EXTRA_OFFSET;
  window.scrollTo({ top, behavior: 'smooth' });
  target.focus({ preventScroll: true });
}

export interface SalesDetailScreenProps {
  user: CmhUser;
  scope: string;
  title: string;
  target: SalesDetailTarget;
}

/** spec 2 §2 Order, quote and home invoice detail: printable, prices behind Show Pricing for price viewers. */
export function SalesDetailScreen({ user, scope, title, target }: SalesDetailScreenProps) {
  const query = useSalesDetail(scope, target);
  const now = useNow();
  const [showPricing, setShowPricing] = useState(false);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState({ pricing: true, info: true, categories: true });
  const [logoFailed, setLogoFailed] = useState(false);
  const read = query.data;
  const detail = read?.data;
  const categories = useMemo(() => searchCategories(detail?.categoryDetails ?? [], search), [detail, search]);

  // Both report routes send a plant user home when the plant is not among their facilities (spec 2 §2).
  if (user.isPlantUser && !user.availablePlants.some((plant) => plant.plantNumber === target.plantNumber))
    return <Navigate to="/" replace />;
  if (query.isError && query.error instanceof HttpError && query.error.status === 404 && user.isPlantUser)
    return <Navigate to="/" replace />;

  if (query.isPending) return <p className="page">Loading the report…</p>;
  if (!read || !detail) {
    return (
      <div className="page">
        <h1 className="page__title">{title}</h1>
        {isOfflineError(query.error) ? (
          // Not opened on this device before and no connection: said plainly, no error and no Try again (issue 19).
          <NotOnDevice what={title.toLowerCase()} />
        ) : (
          <p className="notice notice--warning" role="alert">
            The report could not be found.
          </p>
        )}
      </div>
    );
  }

  const priced = showPricing && detail.pricingIncluded;
  const logo = logoFailed ? DEFAULT_BRAND_LOGO : brandLogo(detail.brandCode);
  const printAll = () => {
    setOpen({ pricing: true, info: true, categories: true });
    // Printed after React shows every section.
    setTimeout(() => window.print(), 0);
  };
  const section = (key: keyof typeof open, heading: string, body: React.ReactNode) => (
    <details
      className="detail-section"
      open={open[key]}
      onToggle={(event) => setOpen((current) => ({ ...current, [key]: (event.target as HTMLDetailsElement).open }))}
    >
      <summary className="detail-section__summary">{heading}</summary>
      <div className="detail-section__body">{body}</div>
    </details>
  );

  return (
    <div className="page sales-detail">
      <header className="sales-detail__header">
        <img
          className="sales-detail__logo"
          src={logo.src}
          alt={`${logo.key === DEFAULT_BRAND_LOGO.key ? 'HomeSite' : logo.key} logo`}
          onError={() => setLogoFailed(true)}
        />
        <div>
          <h1 className="page__title">{title}</h1>
          <p className="sales-detail__stamp">{detailStamp(new Date(read.storedAt))}</p>
        </div>
        <div className="sales-detail__tools">
          {detail.pricingIncluded && (
            <label className="checkbox">
              <input type="checkbox" checked={showPricing} onChange={(event) => setShowPricing(event.target.checked)} /> Show Pricing
            </label>
          )}
          <button type="button" className="button" onClick={printAll}>
            Print
          </button>
        </div>
      </header>
      {read.fromCache && (
        <p className="notice notice--info" role="status">
          Saved copy, updated {describeAge(read.storedAt, now)}. It refreshes when the connection is back.
        </p>
      )}
      <dl className="detail-list sales-detail__facts">
        {(
          [
            ['Customer', detail.retailCustomer],
            ['Address', detail.address1],
            ['Quote', formatQuoteNumber(detail.quoteNumber)],
            ['Quote Date', formatDate(detail.quoteDate)],
            ['Order', detail.orderNumber],
            ['Order Date', detail.orderNumber ? formatDate(detail.orderDate) : ''],
            ['Model', `${detail.modelNumber} ${detail.modelDesc}`],
            ['Serial Number', detail.fullSerialNumber || detail.serialNumber],
            ['Square Footage', detail.squareFootage ? String(detail.squareFootage) : ''],
          ] as const
        )
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="detail-list__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {priced &&
        section(
          'pricing',
          'Pricing',
          <table className="detail-table">
            <tbody>
              {summaryLines(detail).map(([label, amount]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td className="detail-table__money">{money.format(amount)}</td>
                </tr>
              ))}
              <tr className="detail-table__total">
                <th scope="row">Invoice Total</th>
                <td className="detail-table__money">{money.format(detail.invoiceTotalAmount)}</td>
              </tr>
            </tbody>
          </table>,
        )}
      {section(
        'info',
        'Additional Info',
        <dl className="detail-list">
          {(
            [
              ['To', detail.to],
              ['DBA', detail.dba],
              ['Ordered By', detail.orderedBy],
              ['Sales Rep', detail.salesRep],
              ['PO Number', detail.poNumber],
              ['Financed By', detail.financedBy],
              ['Run Number', detail.runNumber],
              ['Phone', formatPhone(detail.phone)],
              ['Fax', formatPhone(detail.fax)],
              ['Sales Note', detail.salesNote],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="detail-list__row">
              <dt>{label}</dt>
              <dd>{value || '—'}</dd>
            </div>
          ))}
        </dl>,
      )}
      {section(
        'categories',
        'Options',
        <>
          <div className="sales-detail__search">
            <label className="field">
              <span className="field__label">Search options</span>
              <input
                className="field__input"
                type="search"
                value={search}
                placeholder="Search..."
                onChange={(event) => setSearch(event.target.value)}
              />
            </label>
            <nav aria-label="Jump to category" className="sales-detail__jump">
              {categories.map((category) => (
                <button key={category.categoryID} type="button" className="button button--link" onClick={() => jumpTo(category)}>
                  {category.categoryDesc}
                </button>
              ))}
            </nav>
          </div>
          {categories.length === 0 && <p>No options match.</p>}
          {categories.map((category) => (
            <section
              key={category.categoryID}
              id={anchorId(category)}
              tabIndex={-1}
              className="sales-detail__category"
              aria-labelledby={`${anchorId(category)}-title`}
            >
              <h2 id={`${anchorId(category)}-title`} className="sales-detail__category-title">
                {category.categoryDesc}
              </h2>
              <table className="detail-table">
                <thead>
                  <tr>
                    <th scope="col">Option</th>
                    <th scope="col">Description</th>
                    <th scope="col">Qty</th>
                    {priced && <th scope="col">Each</th>}
                    {priced && <th scope="col">Total</th>}
                  </tr>
                </thead>
                <tbody>
                  {category.options.map((option) => (
                    <tr key={option.optionNumber}>
                      <td>{option.optionNumber}</td>
                      <td>{option.optionDesc}</td>
                      <td>{option.optionQty}</td>
                      {priced && <td className="detail-table__money">{money.format(option.optionPrice)}</td>}
                      {priced && <td className="detail-table__money">{money.format(option.optionPrice * option.optionQty)}</td>}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </>,
      )}
    </div>
  );
}

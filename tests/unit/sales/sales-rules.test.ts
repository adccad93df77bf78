import { describe, expect, it } from 'vitest';
import {
  QUOTE_MESSAGES,
  duplicateRefusal,
  formatQuoteNumber,
  olderSystemQuoteId,
  type Lead,
  type Quote,
  type SalesDetail,
} from '../../../src/contract';
import { canClaim, canConvert, canDeactivate, filterLeads, leadRows } from '../../../src/features/leads/list-rules';
import { compareRevisions, defaultQuoteFilters, filterQuotes, quoteActions, viewOutcome } from '../../../src/features/quotes/list-rules';
import { detailStamp, searchCategories, summaryLines } from '../../../src/features/sales-detail/components/sales-detail-screen';
import { demoProfile } from '../fixtures/demo-profiles';

const quote = (changes: Partial<Quote> = {}): Quote => ({
  quoteId: 7,
  customer: 'Mary Smith',
  retailerNumber: '4217',
  quoteNumber: '310007',
  plantNumber: '910',
  plantName: 'Clinton West',
  productLineId: 1010,
  modelNumber: '28ANN60A3',
  modelDesc: 'The Anniversary 60',
  status: 'Active',
  mdm: 'Dana Whitfield',
  expirationDate: '2026-12-20',
  quoteDate: '2026-11-20',
  revisionDate: '2026-11-20',
  latestRevision: 2,
  ismchQuote: true,
  isMCHQuote: true,
  ismchModelActive: true,
  mchQuoteUserId: 5,
  mchQuoteId: 'MCHQ310007',
  isLocked: false,
  lockedBy: '',
  quoteStatusesID: 0,
  approvalStatusDescription: 'Not Submitted',
  createdBy: 'sales@demo.homesite.test',
  originalQuoteNumber: '',
  ...changes,
});

const free = { isLocked: false, lockedBy: '' };
const valid = { ModelActive: true, NewQuote: null, UnAvailableOptions: [], SubOptionsValid: true, CategoryId: null };

describe('quotes (spec 2 §4, §5, §6, §9)', () => {
  it('shows quote numbers once prefixed with BAQ- and reads an older-system id after its first 4 characters', () => {
    expect(formatQuoteNumber('310007')).toBe('BAQ-310007');
    expect(formatQuoteNumber('BAQ-310007')).toBe('BAQ-310007');
    expect(olderSystemQuoteId('ISER480012')).toBe('480012');
  });

  it('duplicates only a not-submitted quote with a product line, an available model and valid sub-options', () => {
    expect(duplicateRefusal(quote(), true)).toBeUndefined();
    expect(duplicateRefusal(quote({ productLineId: null }), true)).toBe(QUOTE_MESSAGES.duplicateNoProductLine);
    expect(duplicateRefusal(quote({ modelNumber: null }), true)).toBe(QUOTE_MESSAGES.duplicateNoModel);
    expect(duplicateRefusal(quote({ ismchModelActive: false }), true)).toBe('This model is not available at Clinton West.');
    expect(duplicateRefusal(quote(), false)).toBe('Quote BAQ-310007 is incomplete and cannot be duplicated.');
    expect(duplicateRefusal(quote({ quoteStatusesID: 1 }), true)).toBe(QUOTE_MESSAGES.notSubmittedOnly);
  });

  it('follows the viewing flow: locked, no product line, no model, invalid sub-options, else the detail', () => {
    const sales = demoProfile('sales');
    const viewer = demoProfile('viewer');
    expect(viewOutcome(sales, quote(), { isLocked: true, lockedBy: 'admin@demo.homesite.test' }, undefined, 'Retailer 4217')).toEqual({
      kind: 'blocked',
      header: 'Quote Locked',
      message: 'This quote is currently being viewed by another user at this time.',
    });
    expect(viewOutcome(sales, quote({ productLineId: null }), free, undefined, 'Retailer 4217')).toMatchObject({
      message: 'There are no product lines associated with Retailer 4217. Quote can not be viewed.',
    });
    expect(viewOutcome(viewer, quote({ modelNumber: null }), free, undefined, 'R')).toMatchObject({
      kind: 'blocked',
      message: 'Quote BAQ-310007 is incomplete. You do not have sufficient permissions to access this page.',
    });
    const invalid = { ...valid, SubOptionsValid: false };
    expect(viewOutcome(sales, quote(), free, invalid, 'R')).toMatchObject({
      kind: 'redirect',
      message: expect.stringContaining('You will be redirected to complete setup.'),
    });
    expect(viewOutcome(viewer, quote(), free, invalid, 'R')).toMatchObject({
      kind: 'blocked',
      message: expect.stringContaining('You do not have sufficient permissions'),
    });
    expect(viewOutcome(viewer, quote(), free, valid, 'R')).toEqual({ kind: 'open', href: '/reports/sales/quote/910/310007/0' });
  });

  it('offers the editing actions to MyCustomHomes only, unlock to the holder, and nothing to a plant user outside their facilities', () => {
    expect(quoteActions(demoProfile('viewer'), quote())).toEqual(['view', 'compare']);
    expect(quoteActions(demoProfile('sales'), quote())).toEqual(['view', 'compare', 'duplicate', 'delete']);
    expect(quoteActions(demoProfile('sales'), quote({ isLocked: true, lockedBy: 'sales@demo.homesite.test' }))).toContain('unlock');
    expect(quoteActions(demoProfile('sales'), quote({ isLocked: true, lockedBy: 'admin@demo.homesite.test' }))).not.toContain('unlock');
    expect(quoteActions(demoProfile('sales'), quote({ isMCHQuote: false }))).toEqual(['view', 'compare', 'delete', 'copyOlder']);
    // spec 2 §6: copying an older-system quote is hidden without MyCustomHomes; its _Admin and _ApproverOverride variants are not it (spec 1 §6 derives nothing from them).
    const variantsOnly = { ...demoProfile('sales'), roles: ['Sales_User', 'MyCustomHomes_Admin', 'MyCustomHomes_ApproverOverride'] };
    expect(quoteActions(variantsOnly, quote({ isMCHQuote: false }))).toEqual(['view', 'compare']);
    expect(quoteActions(demoProfile('plant'), quote({ plantNumber: '944' }))).toEqual([]);
    expect(quoteActions(demoProfile('plant'), quote({ plantNumber: '910' }))).toEqual(['view', 'compare']);
  });

  it('opens on the last 30 days and filters by facility and CSM', () => {
    const filters = defaultQuoteFilters('2026-11-24');
    expect(filters).toEqual({ from: '2026-10-25', to: '2026-11-24', facility: '', csm: '' });
    const rows = [quote(), quote({ quoteId: 8, quoteDate: '2026-09-01' }), quote({ quoteId: 9, plantNumber: '931', mdm: 'Marcus Bell' })];
    expect(filterQuotes(rows, filters).map((row) => row.quoteId)).toEqual([7, 9]);
    expect(filterQuotes(rows, { ...filters, facility: '931' }).map((row) => row.quoteId)).toEqual([9]);
    expect(filterQuotes(rows, { ...filters, csm: 'Dana Whitfield' }).map((row) => row.quoteId)).toEqual([7]);
  });

  it('compares two revisions option by option, marking what was added, removed or changed', () => {
    const option = (OptionNumber: string, Quantity = 1, Price = 100) => ({
      CategoryDesc: 'Kitchen',
      OptionNumber,
      OptionDescription: OptionNumber,
      Quantity,
      Price,
    });
    const rows = compareRevisions([option('A'), option('B'), option('C', 1, 100)], [option('A'), option('C', 2, 100), option('D')]);
    expect(rows.map((row) => [row.optionNumber, row.differs])).toEqual([
      ['A', false],
      ['B', true],
      ['C', true],
      ['D', true],
    ]);
    expect(rows.find((row) => row.optionNumber === 'B')?.right).toBeUndefined();
  });
});

describe('leads (spec 2 §2, §4)', () => {
  const lead = (leadId: number, status: Lead['status']): Lead =>
    ({ leadId, firstName: 'Ann', lastName: `Lee${leadId}`, status, claimedDate: '', relocating: 'N' }) as Lead;

  it('shows a queued claim at once, marked pending, and keeps the server status when the change was refused', () => {
    const rows = leadRows(
      [lead(1, null), lead(2, null)],
      [
        { seq: 1, label: 'Claim lead Ann Lee1', leadId: 1, status: 'C', failed: false },
        { seq: 2, label: 'Claim lead Ann Lee2', leadId: 2, status: 'C', failed: true, message: 'Lead was not found.' },
      ],
    );
    expect(rows.map((row) => [row.fullName, row.status, row.pending?.state])).toEqual([
      ['Ann Lee1', 'C', 'pending'],
      ['Ann Lee2', null, 'failed'],
    ]);
    expect(filterLeads(rows, 'Unclaimed').map((row) => row.leadId)).toEqual([2]);
  });

  it('claims and deactivates until a lead is converted', () => {
    expect([canClaim({ status: null }), canClaim({ status: 'C' }), canClaim({ status: 'I' }), canClaim({ status: 'P' })]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect([canDeactivate({ status: null }), canDeactivate({ status: 'C' }), canDeactivate({ status: 'I' })]).toEqual([true, true, false]);
    expect(canConvert({ status: 'P' })).toBe(false);
  });
});

describe('detail reports (spec 2 §2)', () => {
  const detail = {
    summary: {
      baseCostOfHome: 90_000,
      surchargeAmount: 0,
      optionsTotal: 5_000,
      shippingHandlingDestCharges: 3_000,
      freightCharge: 1_000,
      associationDues: 0,
      mhiDues: 50,
      vipAmount: 500,
      partnerAssistanceAmount: 0,
    },
  } as SalesDetail;

  it('hides the surcharge row when it is 0 and stamps MM/D/YYYY h:mm AM/PM', () => {
    expect(summaryLines(detail).map(([label]) => label)).not.toContain('Surcharge');
    expect(summaryLines({ ...detail, summary: { ...detail.summary, surchargeAmount: 250 } }).map(([label]) => label)).toContain(
      'Surcharge',
    );
    expect(detailStamp(new Date(2026, 10, 5, 14, 7))).toBe('11/5/2026 2:07 PM');
  });

  it('searches options by description or number and drops categories left empty', () => {
    const categories = [
      {
        categoryDesc: 'Kitchen',
        categorySeq: 1,
        categoryID: 20,
        plantNumber: '910',
        options: [{ optionNumber: 'KT201', optionDesc: 'Kitchen island', optionQty: 1, optionPrice: 0 }],
      },
      {
        categoryDesc: 'Bath',
        categorySeq: 2,
        categoryID: 30,
        plantNumber: '910',
        options: [{ optionNumber: 'BA310', optionDesc: 'Double vanity', optionQty: 1, optionPrice: 0 }],
      },
    ];
    expect(searchCategories(categories, 'island').map((category) => category.categoryDesc)).toEqual(['Kitchen']);
    expect(searchCategories(categories, 'ba310').map((category) => category.categoryDesc)).toEqual(['Bath']);
    expect(searchCategories(categories, '')).toHaveLength(2);
  });
});

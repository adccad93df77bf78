import { OLDER_SYSTEM_QUOTE_PREFIX } from '../../../contract/import';
import { QUOTE_APPROVAL_LABELS } from '../../../contract';
import { defineExport, jsonCell } from '../kind';

interface StoredOption {
  categoryId: number;
  category: string;
  optionNumber: string;
  description: string;
  quantity: number;
  price: string;
  available: boolean;
  custom: boolean;
}

interface StoredQuote {
  quote_number: string;
  retailer_number: string;
  plant_number: string;
  customer: string;
  product_line_id: number | null;
  model_number: string | null;
  model_desc: string;
  status: string;
  quote_statuses_id: number;
  mdm: string;
  quote_date: string;
  expiration_date: string;
  revision_date: string;
  is_mch_quote: boolean;
  mch_quote_id: string;
  is_model_active: boolean;
  sub_options_valid: boolean;
  created_by_user: string | null;
  base_cost_of_home: string;
  surcharge_amount: string;
  shipping_handling_dest_charges: string;
  freight_charge: string;
  association_dues: string;
  mhi_dues: string;
  vip_amount: string;
  partner_assistance_amount: string;
  square_footage: number;
  brand_code: string;
  revisions: { revisionNumber: number; comments: string; options: StoredOption[] }[];
}

/**
 * Quotes with their revisions (by number) and each revision's options in their stored order, which is the order the
 * import wrote them in and whose first appearances give the categories' places. The author is the user's name.
 */
export const quotesExport = defineExport<StoredQuote>({
  select: `q.quote_number, q.retailer_number, q.plant_number, q.customer, q.product_line_id, q.model_number, q.model_desc, q.status,
    q.quote_statuses_id, q.mdm, q.quote_date::text AS quote_date, q.expiration_date::text AS expiration_date,
    q.revision_date::text AS revision_date, q.is_mch_quote, q.mch_quote_id, q.is_model_active, q.sub_options_valid,
    (SELECT author.user_name FROM users AS author WHERE author.id = q.created_by_user_id) AS created_by_user,
    q.base_cost_of_home::text AS base_cost_of_home, q.surcharge_amount::text AS surcharge_amount,
    q.shipping_handling_dest_charges::text AS shipping_handling_dest_charges, q.freight_charge::text AS freight_charge,
    q.association_dues::text AS association_dues, q.mhi_dues::text AS mhi_dues, q.vip_amount::text AS vip_amount,
    q.partner_assistance_amount::text AS partner_assistance_amount, q.square_footage, q.brand_code,
    (SELECT coalesce(jsonb_agg(jsonb_build_object(
        'revisionNumber', revision.revision_number,
        'comments', revision.revision_comments,
        'options', (SELECT coalesce(jsonb_agg(jsonb_build_object(
            'categoryId', option.category_id, 'category', option.category_desc, 'optionNumber', option.option_number,
            'description', option.option_desc, 'quantity', option.option_qty, 'price', option.option_price::text,
            'available', option.available, 'custom', option.custom) ORDER BY option.id), '[]'::jsonb)
          FROM quote_options AS option WHERE option.revision_id = revision.id)
      ) ORDER BY revision.revision_number), '[]'::jsonb)
      FROM quote_revisions AS revision WHERE revision.quote_id = q.id) AS revisions`,
  from: 'quotes AS q',
  key: 'q.id',
  cells: (quote) => ({
    quoteNumber: quote.quote_number,
    retailerNumber: quote.retailer_number,
    plantNumber: quote.plant_number,
    customer: quote.customer,
    productLineId: quote.product_line_id,
    modelNumber: quote.model_number,
    modelDesc: quote.model_desc,
    status: quote.status,
    approvalStatus: QUOTE_APPROVAL_LABELS[Number(quote.quote_statuses_id)],
    csm: quote.mdm,
    quoteDate: quote.quote_date,
    expirationDate: quote.expiration_date,
    revisionDate: quote.revision_date,
    // spec 2 §9: an older system's id is what follows the first 4 characters of mchQuoteId.
    olderSystemQuoteId: quote.is_mch_quote ? null : quote.mch_quote_id.slice(OLDER_SYSTEM_QUOTE_PREFIX.length),
    modelActive: quote.is_model_active,
    subOptionsValid: quote.sub_options_valid,
    createdBy: quote.created_by_user,
    baseCostOfHome: quote.base_cost_of_home,
    surchargeAmount: quote.surcharge_amount,
    shippingHandlingDestCharges: quote.shipping_handling_dest_charges,
    freightCharge: quote.freight_charge,
    associationDues: quote.association_dues,
    mhiDues: quote.mhi_dues,
    vipAmount: quote.vip_amount,
    partnerAssistanceAmount: quote.partner_assistance_amount,
    squareFootage: quote.square_footage,
    brandCode: quote.brand_code,
    // Keys in the import's order (jsonb keeps its own), so that the file reads as the docs write it.
    revisions: jsonCell(
      quote.revisions.map((revision) => ({
        revisionNumber: revision.revisionNumber,
        comments: revision.comments,
        options: revision.options.map((option) => ({
          categoryId: option.categoryId,
          category: option.category,
          optionNumber: option.optionNumber,
          description: option.description,
          quantity: option.quantity,
          price: option.price,
          available: option.available,
          custom: option.custom,
        })),
      })),
    ),
  }),
});

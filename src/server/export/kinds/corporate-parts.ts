import { defineExport } from '../kind';

interface StoredCorporatePart {
  category_number: string;
  category_description: string;
  commodity_number: string;
  commodity_description: string;
  part_number: string;
  sub_part_number: string;
  sub_part_description: string;
  corporate_description: string;
  unit_of_measure: string;
}

/** The corporate parts list, each part with its category's and commodity's descriptions. */
export const corporatePartsExport = defineExport<StoredCorporatePart>({
  select: `part.category_number, category.description AS category_description, part.commodity_number,
    commodity.description AS commodity_description, part.part_number, part.sub_part_number, part.sub_part_description,
    part.corporate_description, part.unit_of_measure`,
  from: `corporate_parts AS part
    JOIN catalog_categories AS category ON category.category_number = part.category_number
    JOIN catalog_commodities AS commodity ON commodity.category_number = part.category_number AND commodity.commodity_number = part.commodity_number`,
  key: 'part.id',
  cells: (part) => ({
    categoryNumber: part.category_number,
    categoryDescription: part.category_description,
    commodityNumber: part.commodity_number,
    commodityDescription: part.commodity_description,
    partNumber: part.part_number,
    subPartNumber: part.sub_part_number,
    subPartDescription: part.sub_part_description,
    corporateDescription: part.corporate_description,
    unitOfMeasure: part.unit_of_measure,
  }),
});

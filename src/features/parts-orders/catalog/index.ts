/*
 * The approved parts catalog on the device and its picker (spec 3 §2, §3, §7; issue 5): what the parts
 * order screens use of it.
 */
export { useApprovedCatalog, type ApprovedCatalogRead } from './api';
export { primeCatalogs, type CatalogPrimingFigures, type PrimeCatalogOptions } from './prime';
export { useCatalogPriming, type CatalogPrimingProgress } from './use-catalog-priming';
export { useCatalogImage } from './images';
export { CatalogPicker, type CatalogPickerProps } from './catalog-picker';

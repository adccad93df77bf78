import * as v from 'valibot';
import { searchPageAnswer, searchQueryFields } from './list-search';

/**
 * A home as the service screens need it: what a technician picks to open a service request
 * (spec 3 §2 '/service/add/{serialNumber}/{plantNumber}'), and what CreateServiceRequest needs
 * (plantNumber, longSerialNumber, assetId). The spec names no path for it; {api}/Homes lists the
 * homes the user sees (the same scope as their service requests).
 */
export interface HomeSummary {
  assetId: number;
  serialNumber: string;
  plantNumber: string;
  plantName: string;
  retailerNumber: string;
  modelNumber: string;
  modelName: string;
  manufacturedDate: string;
  soldDate: string | null;
  homeownerName: string;
  address1: string;
  city: string;
  state: string;
  zipCode: string;
}

/** The serial number as the add route writes it: letters and digits only, upper case. */
export const serialKey = (serialNumber: string) => serialNumber.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

const HomeRow = v.pipe(
  v.looseObject({ assetId: v.number(), serialNumber: v.string(), plantNumber: v.string(), plantName: v.string() }),
  v.transform((row) => row as unknown as HomeSummary),
);

/**
 * The homes a device keeps (issue 31 §2): every home of the user's scope when it holds at most this many, else this
 * many, manufactured last (the homes in their first years of warranty, where most service is). The others are one
 * search away, online (`?page=&q=`). A plant of the 1M benchmark holds 122,000 homes, every plant 433,000 (150 MB).
 */
export const HOMES_KEPT_CAP = 5_000;

/** GET {api}/Homes: the kept homes, sorted by serial number. */
export const HomeListAnswer = v.array(HomeRow);

/** The picker's sort columns, as the server searches them. */
export const HOME_SORT_NAMES = ['serialNumber', 'plant', 'modelName', 'homeownerName', 'city'] as const;
export type HomeSortName = (typeof HOME_SORT_NAMES)[number];
export const HomeSearchQueryFields = searchQueryFields(HOME_SORT_NAMES);
export type HomeSearchQuery = v.InferOutput<v.ObjectSchema<typeof HomeSearchQueryFields, undefined>>;
/** GET {api}/Homes?page=n[&q=][&sort=]: every home of the scope, searched on the server. */
export const HomeSearchAnswer = searchPageAnswer(HomeRow);

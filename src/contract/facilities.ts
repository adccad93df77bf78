import * as v from 'valibot';
import { PlantNumber } from './common';
import { Facility } from './session';

/** GET {api}/Contact answer: the My Facilities directory (spec 1 §2, §7). */
export const FacilityList = v.array(Facility);
export type FacilityList = v.InferOutput<typeof FacilityList>;

/** A plant of the My Plants directory (/contact): where it is and how to reach it. */
export const PlantContact = v.object({
  plantNumber: PlantNumber,
  name: v.string(),
  printName: v.string(),
  address1: v.string(),
  city: v.string(),
  state: v.string(),
  zipCode: v.string(),
  phone: v.string(),
  email: v.string(),
});
export type PlantContact = v.InferOutput<typeof PlantContact>;

/** GET {api}/Contact/Plants answer. */
export const PlantContactList = v.array(PlantContact);

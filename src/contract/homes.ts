import * as v from 'valibot';

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

export const HomeListAnswer = v.pipe(
  v.array(v.looseObject({ assetId: v.number(), serialNumber: v.string(), plantNumber: v.string(), plantName: v.string() })),
  v.transform((rows) => rows as unknown as HomeSummary[]),
);

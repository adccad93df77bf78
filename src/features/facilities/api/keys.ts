/** Query keys of the facilities area: both directories depend on the current retailer. */
export const facilityKeys = {
  all: ['facilities'] as const,
  facilities: (retailerNumber: string | null) => [...facilityKeys.all, 'my-facilities', retailerNumber ?? ''] as const,
  plantContacts: (retailerNumber: string | null) => [...facilityKeys.all, 'plant-contacts', retailerNumber ?? ''] as const,
};

/* What the service history screen says (the spec gives no wording for these states). */
export const HISTORY_MESSAGES = {
  notOnDevice: "You are offline and this home's service history is not on this device. Open it once while online to keep a copy here.",
  requests: {
    offline: "You are offline and this home's service requests are not saved on this device.",
    failed: 'The service requests could not be loaded.',
  },
  parts: {
    offline: "You are offline and this home's parts orders are not saved on this device.",
    failed: 'The parts orders could not be loaded.',
  },
  warranty: {
    offline: "You are offline and this home's warranty card is not saved on this device.",
    failed: 'The warranty card could not be loaded.',
  },
  homeNotFound: 'Home not found',
  homeNotFoundDetail: 'This home is not among the homes you can see.',
  lookup: {
    offline: 'You are offline and no list of homes is saved on this device, so the home of this link cannot be found.',
    failed: 'The homes could not be loaded.',
  },
  severalHomes: 'Several homes match this link. Choose one:',
} as const;

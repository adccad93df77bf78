import { KEPT_LIST_RULES } from '../../contract/kept-lists';
import { HOMEOWNER_TITLES } from './paths';

/*
 * What the homeowner screens say beyond the contract's WARRANTY_MESSAGES (spec 3 §7 toasts and the form's rules).
 */
export const HOMEOWNER_TEXT = {
  title: HOMEOWNER_TITLES.list,
  panelTitle: HOMEOWNER_TITLES.warranty,
  listLabel: 'Homeowners',
  searchLabel: 'Search homeowners',
  searchPlaceholder: 'Search by serial, name or email',
  incompleteOnly: 'Incomplete only',
  empty: 'There are no homeowners to show.',
  emptyFiltered: 'No homeowners match your search and filters.',
  loadFailed: 'The homeowners could not be loaded.',
  offlineNoCopy: 'You are offline and no copy of your homeowners is saved on this device yet. They load when the connection is back.',
  cardOfflineNoCopy: 'You are offline and this warranty card is not saved on this device. It loads when the connection is back.',
  cardLoadFailed: 'The warranty card could not be loaded.',
  readOnly: 'You can view this warranty card. Changes are made by warranty and service admins.',
  addMode: 'This home has no warranty card yet. Saving creates it.',
  /** Spec 3 §8 "Unable to save form" is the work orders' wording; the warranty form says the same. */
  unableToSave: 'Unable to save form, please fix issues and try again.',
  saved: 'Saved on this device. It will be sent when the connection is back.',
  notSaved: 'The change was not saved.',
  pending: 'Pending',
  pendingHint: 'Saved on this device, waiting to be sent.',
  failed: 'Not saved',
  staleCard: 'The latest version has been loaded: check it and save again.',
} as const;

/** Saved copy, updated 3 hours ago. */
export const savedCopyText = (age: string) => `Saved copy, updated ${age}. It refreshes when the connection is back.`;

/** Offline (issue 31 §3): how many cards the device holds, by which rule; the rest are one search away, online. */
export const keptCountText = (count: number) =>
  `This device holds ${count.toLocaleString('en-US')} homeowners: ${KEPT_LIST_RULES.homeowners.toLowerCase()}. The rest need a connection.`;

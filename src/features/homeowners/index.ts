/*
 * What the app and the end-to-end tests use of My Homeowners and the warranty card (issue 5): the screens, their
 * accessible names and messages, and the outbox record a save goes under.
 */
export { MyHomeownersScreen, ACTION_LABELS, splitButtonNames, type MyHomeownersScreenProps } from './components/my-homeowners-screen';
export { WarrantyPanel, SOLD_DATE_FOCUS_DELAY_MS, type WarrantyPanelProps } from './components/warranty-panel';
export { HOMEOWNER_TEXT, savedCopyText } from './messages';
export { WARRANTY_FIELD_LABELS } from './warranty-form';
export { MY_HOMEOWNERS_PATH, warrantyPanelHref, newServiceRequestHref, homeownerActions, showsSplitButton } from './list-rules';
export { warrantyCardLabel, saveWarrantyCardCall } from './api/calls';
export { HOMEOWNER_CACHE_KINDS, homeownerKeys } from './api/keys';
export { warrantyRecordKey, homeKey, type WarrantyCardView, type HomeownerRow, type PendingMark } from './model';
export { LIST_RELOAD_DELAY_MS } from './use-homeowner-view';

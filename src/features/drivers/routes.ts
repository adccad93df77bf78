/*
 * What the route file reads outside its component lives here, away from the screens and the contract's schemas: a
 * route's non-component parts load with the route tree in the first load (issue 10 §7).
 */

/** spec 3 §2: the screen's title. */
export const DRIVER_MANAGEMENT_TITLE = 'EBE Driver Management';

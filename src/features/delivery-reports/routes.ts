import * as v from 'valibot';

/*
 * The app paths of delivery reports (spec 2 §2 routes table), built in one place. The start screen
 * /surveys/deliveryreports is this product's entry point: the spec names no list of homes to start from.
 */
export const deliveryRoutes = {
  start: '/surveys/deliveryreports',
  blankForm: (plantNumber: string, serialNumber: string) =>
    `/surveys/deliveryreports/${encodeURIComponent(plantNumber)}/${encodeURIComponent(serialNumber)}`,
  /** The read-only view; the same screen under /surveys (after a submit) and /reports (from the reports list). */
  view: (submittedSurveyId: number, under: 'surveys' | 'reports' = 'surveys') => `/${under}/deliveryreports/${submittedSurveyId}`,
};

/*
 * What the route files read outside their components (titles, the search schema) lives here, away from the screens:
 * a route's non-component parts load with the route tree in the first load, so importing them from a screen would
 * pull every screen into it (issue 10 §7).
 */
export const DELIVERY_TITLES = { start: 'Delivery Reports', form: 'Delivery Report', view: 'Delivery Report' } as const;

/** ?attachment=add opens the panel to add; ?attachment=<key> to edit that attachment (the router reads `?attachment=12` as a number). */
export const AttachmentSearch = v.object({
  attachment: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(80))), undefined),
});
export const ADD_ATTACHMENT = 'add';

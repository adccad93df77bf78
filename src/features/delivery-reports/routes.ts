/*
 * The app paths of delivery reports (spec 2 §2 routes table), built in one place. The start screen
 * /surveys/deliveryreports is this product's entry point: the spec names no list of homes to start from.
 */
export const deliveryRoutes = {
  start: '/surveys/deliveryreports',
  blankForm: (plantNumber: string, serialNumber: string) => `/surveys/deliveryreports/${encodeURIComponent(plantNumber)}/${encodeURIComponent(serialNumber)}`,
  /** The read-only view; the same screen under /surveys (after a submit) and /reports (from the reports list). */
  view: (submittedSurveyId: number, under: 'surveys' | 'reports' = 'surveys') => `/${under}/deliveryreports/${submittedSurveyId}`,
};

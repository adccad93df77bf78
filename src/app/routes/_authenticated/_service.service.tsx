import { createFileRoute } from '@tanstack/react-router';

/**
 * spec 3 §2: /service and everything under it (the main page's tabs, Add New Work Order, the older edit routes)
 * is 'Service & Parts'; each child draws its own screen (a deeper title wins). My Homeowners (/service/myhomeowners)
 * is an area of its own, with its own guard, outside this one.
 */
export const Route = createFileRoute('/_authenticated/_service/service')({
  staticData: { title: 'Service & Parts' },
});

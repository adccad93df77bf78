import { createFileRoute } from '@tanstack/react-router';

/** spec 3 §2: /servicerequests/{serviceRequestId}/ (drawn by the layout above, under any open panel). */
export const Route = createFileRoute('/_authenticated/_service/servicerequests/$serviceRequestId/')({
  staticData: { title: 'Work Order' },
});

import { createFileRoute } from '@tanstack/react-router';

/** spec 3 §2: /workorders/{workOrderId} (drawn by the layout above, under any open panel). */
export const Route = createFileRoute('/_authenticated/_service/workorders/$workOrderId/')({
  staticData: { title: 'Work Order' },
});

import { createFileRoute } from '@tanstack/react-router';

/** spec 3 §2: /partsorders/{partsOrderId} (drawn by the layout above, under any open panel). */
export const Route = createFileRoute('/_authenticated/_service/partsorders/$partsOrderId/')({
  staticData: { title: 'Parts Order' },
});

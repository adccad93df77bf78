import { createFileRoute } from '@tanstack/react-router';
import { EbuiltScreen } from '../../../features/learn/components/ebuilt-screen';

/** spec 3 §2 /learn/ebuilt: a static page. */
export const Route = createFileRoute('/_authenticated/learn/ebuilt')({
  staticData: { title: 'eBuilt' },
  component: EbuiltScreen,
});

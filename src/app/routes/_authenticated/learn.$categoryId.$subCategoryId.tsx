import { createFileRoute } from '@tanstack/react-router';
import { defineParams, RouteSegment } from '../../route-params';
import * as v from 'valibot';
import { LearnSubCategoryScreen } from '../../../features/learn/components/learn-sub-category-screen';

/** ?documentId= names the document open in the reader; anything else opens none. */
const LearnDocumentSearch = v.object({
  documentId: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
});

/** spec 3 §2 /learn/{categoryId}/{subCategoryId}: the sub-category's documents (the screen titles itself 'Learn - {name}'). */
export const Route = createFileRoute('/_authenticated/learn/$categoryId/$subCategoryId')({
  params: defineParams(v.object({ categoryId: RouteSegment, subCategoryId: RouteSegment })),
  validateSearch: LearnDocumentSearch,
  staticData: { title: 'Learn' },
  component: function LearnSubCategoryRoute() {
    const { categoryId, subCategoryId } = Route.useParams();
    const selectedId = Route.useSearch({ select: (search) => search.documentId });
    return <LearnSubCategoryScreen categoryId={categoryId} subCategoryId={subCategoryId} selectedId={selectedId} />;
  },
});
